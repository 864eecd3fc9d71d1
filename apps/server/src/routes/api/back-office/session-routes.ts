// Signing in and out, and the session's own description. Decision record: docs/decisions/1602-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import { REQUEST_MESSAGES, SignInBodySchema } from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { endEverySession, endSession, type Session } from '../../../back-office/operators'
import { FailureCounter, failureDelayMs, signIn } from '../../../back-office/sign-in'
import { appendAudit } from '../../../back-office/audit-log'
import {
  invalid,
  NOT_SIGNED_IN,
  sessionBody,
  sessionOf,
  type BackOfficeContext,
} from './back-office-context'

export const SESSION_COOKIE = 'forecourt-back-office'
export const SECURE_SESSION_COOKIE = '__Host-forecourt-back-office'

export const SIGN_IN_MESSAGES = {
  failed:
    'Those details are not right. After 10 wrong codes in a row an account is locked for 15 minutes.',
  invalid: 'Invalid sign-in',
  email: REQUEST_MESSAGES.email,
  password: REQUEST_MESSAGES.password,
  code: REQUEST_MESSAGES.code,
} as const

/**
 * The session cookie's name: `__Host-` (Secure, host-only) over HTTPS, and always in production, whatever
 * scheme the request arrived by. A production back office is not served over plain HTTP (decision 2114),
 * and should that gate ever be passed, the cookie still never travels in clear (decision 2122).
 */
export function sessionCookieName(request: FastifyRequest, production: boolean): string {
  return production || request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  production: boolean,
): void {
  const name = sessionCookieName(request, production)
  // No Domain (host-only), no expiry (gone when the browser closes); the server ends it sooner.
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: name === SECURE_SESSION_COOKIE,
  })
}

function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  production: boolean,
): void {
  const name = sessionCookieName(request, production)
  reply.clearCookie(name, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: name === SECURE_SESSION_COOKIE,
  })
}

export interface SessionRoutesOptions {
  context: BackOfficeContext
  /** The first failure's extra wait; it doubles with each failure in a row, up to 16 times. */
  failureDelayBaseMs: number
  /** Per-address limit on sign-in attempts, run once the body is read. */
  perAccountLimit: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, options) => {
  const { context } = options
  const { db } = context
  const failures = new FailureCounter()

  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/csrf'> }>(
    '/api/back-office/csrf',
    { config: { backOfficeAccess: 'public' } },
    (request, reply) => ({
      token: app.antiForgery.ensureToken(request, reply),
    }),
  )

  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/session'> }>(
    '/api/back-office/session',
    { config: { backOfficeAccess: 'public' } },
    async (request, reply) => {
      const csrfToken = app.antiForgery.ensureToken(request, reply)
      const session = request.backOfficeSession
      if (session === undefined) return reply.code(401).send({ ...NOT_SIGNED_IN, csrfToken })
      return sessionBody(session, csrfToken)
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/sign-in'> }>(
    '/api/back-office/sign-in',
    {
      config: { backOfficeAccess: 'public' },
      ...(options.perAccountLimit ? { preHandler: options.perAccountLimit } : {}),
    },
    async (request, reply) => {
      const read = readFields(SignInBodySchema, request.body)
      if (!read.ok) return invalid(reply, SIGN_IN_MESSAGES.invalid, read.errors)
      const { email, password, code } = read.values

      const now = context.now()
      const outcome = await signIn(db, { email, password, code }, now, context.dataKeys)
      if (!outcome.ok) {
        const count = failures.fail(email, now)
        await sleep(failureDelayMs(count, options.failureDelayBaseMs))
        request.log.info({ reason: outcome.reason }, 'back-office sign-in refused')
        return reply.code(401).send({ error: SIGN_IN_MESSAGES.failed })
      }
      failures.clear(email)
      setSessionCookie(request, reply, outcome.token, context.production)
      const session: Session = { ...outcome.session, operator: outcome.operator }
      return sessionBody(session, app.antiForgery.ensureToken(request, reply))
    },
  )

  app.post<{ Reply: BackOfficeReply<'POST /api/back-office/sign-out'> }>(
    '/api/back-office/sign-out',
    { config: { backOfficeAccess: 'public' } },
    async (request, reply) => {
      const session = request.backOfficeSession
      if (session !== undefined) {
        await db.transaction().execute(async (trx) => {
          await appendAudit(trx, {
            operatorId: session.operator.id,
            action: 'sign-out',
            at: context.now(),
          })
          await endSession(trx, session.idHash)
        })
      }
      clearSessionCookie(request, reply, context.production)
      return reply.code(204).send()
    },
  )

  app.post<{ Reply: BackOfficeReply<'POST /api/back-office/sign-out-everywhere'> }>(
    '/api/back-office/sign-out-everywhere',
    { config: { backOfficeAccess: 'signed-in' } },
    async (request, reply) => {
      const { operator } = sessionOf(request)
      await db.transaction().execute(async (trx) => {
        await appendAudit(trx, {
          operatorId: operator.id,
          action: 'sign-out.everywhere',
          at: context.now(),
        })
        await endEverySession(trx, operator.id)
      })
      clearSessionCookie(request, reply, context.production)
      return reply.code(204).send()
    },
  )
}
