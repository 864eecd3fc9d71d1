// The back office's API, under /api/back-office/ and answered on the back-office host only (any other
// host gets 404, as if it did not exist). Before any route: the host, the fetch metadata of writes, the
// session cookie, the route's access (401 without a session, 403 without the permission), and rate
// limits: per client address and per account on sign-in and on an operator's changes to their own
// account, per client address on enrolment, per session otherwise. The
// anti-forgery check of every write comes from plugins/anti-forgery.ts, as for the applicant API.
// Decision records: docs/decisions/1601-* to 1612-*, 2122-*.

import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../../../config'
import { findSession, permissionsOf, sha256 } from '../../../back-office/operators'
import type { Dialect } from '../../../db/database'
import type { Tables } from '../../../db/tables'
import { isBackOfficeHost } from '../../../plugins/back-office-front-end'
import { TOO_MANY_REQUESTS } from '../../../plugins/rate-limit'
import { accountRoutes } from './account-routes'
import { applicationActionRoutes } from './application-action-routes'
import { applicationDetailRoutes } from './application-detail-routes'
import { applicationListRoutes } from './application-list-routes'
import { subjectExportRoutes } from './subject-export-routes'
import {
  FORBIDDEN,
  NOT_FOUND,
  NOT_SIGNED_IN,
  textField,
  type Access,
  type BackOfficeContext,
} from './back-office-context'
import { enrolmentRoutes } from './enrolment-routes'
import { evidenceRoutes } from './evidence-routes'
import { figuresRoutes } from './figures-routes'
import { funnelRoutes } from './funnel-routes'
import { pipelineRoutes } from './pipeline-routes'
import { operatorRoutes } from './operator-routes'
import { sessionCookieName, sessionRoutes } from './session-routes'

export const BACK_OFFICE_PREFIX = '/api/back-office/'

export const BACK_OFFICE_LIMITS = {
  /** Sign-in and enrolment calls per client address per minute (an office behind one address). */
  perClient: 30,
  /** Sign-in attempts per email address per minute, on top of the lock after 10 failures. */
  perAccount: 10,
  /** Calls per signed-in session per minute: several a second, far above a person's pace. */
  perSession: 600,
} as const

export interface BackOfficeApiOptions {
  db: Kysely<Tables>
  config: Pick<Config, 'backOffice' | 'dataKeys' | 'rateLimit' | 'lenderDestinations' | 'nodeEnv'>
  searchIndexKey: Buffer
  now?: () => Date
  /** The engine, so an erasure checkpoints SQLite's WAL; 'postgres' unless given. */
  dialect?: Dialect
  /** The file transport's folder, whose .eml files an erasure removes; none with SMTP. */
  mailFolder?: string
  /** The first sign-in failure's extra wait (doubling per failure); 250 ms unless a test says so. */
  failureDelayBaseMs?: number
}

export async function registerBackOfficeApi(
  app: FastifyInstance,
  options: BackOfficeApiOptions,
): Promise<void> {
  const context: BackOfficeContext = {
    db: options.db,
    dataKeys: options.config.dataKeys,
    config: options.config.backOffice,
    production: options.config.nodeEnv === 'production',
    lenders: options.config.lenderDestinations,
    now: options.now ?? (() => new Date()),
    searchIndexKey: options.searchIndexKey,
    erasure: { dialect: options.dialect ?? 'postgres', mailFolder: options.mailFolder },
  }
  const limitsOn = options.config.rateLimit.writesPerMinute !== 0
  const limiter = (max: number, key: (request: FastifyRequest) => string) =>
    limitsOn ? app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: key }) : undefined
  const perClient = limiter(
    BACK_OFFICE_LIMITS.perClient,
    (request) => `back-office-sign-in:${normalizeIP(request.ip)}`,
  )
  // Sign-in names the account in its body; an operator's change to their own account is theirs, so it
  // shares their sign-in budget (decision 2122).
  const perAccount = limiter(BACK_OFFICE_LIMITS.perAccount, (request) => {
    const email =
      request.routeOptions.config.backOfficeAccess === 'public'
        ? (textField(request.body, 'email')?.trim().toLowerCase() ?? '')
        : (request.backOfficeSession?.operator.email ?? '')
    return `back-office-account:${sha256(email)}`
  })
  const perSession = limiter(
    BACK_OFFICE_LIMITS.perSession,
    (request) => `back-office-session:${request.backOfficeSession?.idHash ?? request.ip}`,
  )

  const enforce = async (
    check: ReturnType<typeof limiter>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> => {
    if (check === undefined) return
    const outcome = await check(request)
    if (outcome.isAllowed || !outcome.isExceeded) return
    reply.header('retry-after', String(outcome.ttlInSeconds))
    request.log.info({ group: 'back-office' }, 'rate limit exceeded')
    throw Object.assign(new Error(TOO_MANY_REQUESTS), { statusCode: 429 })
  }

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isBackOfficeHost(request, context.config.host)) return reply.code(404).send(NOT_FOUND)
    // Only the back office's own pages may write, or read (decision 2114): not a sibling site, not another of
    // the brands' hosts, not an origin CORS_ORIGINS lists for the applicant's API. A browser says where a
    // request comes from; a request without the header (not a browser) is judged by its session and token.
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      request.log.info({ reason: 'not same origin' }, 'anti-forgery check failed')
      return reply.code(403).send(FORBIDDEN)
    }
    // A route that names no access reads applications: every role that may read them (not the analyst).
    const access: Access = request.routeOptions.config.backOfficeAccess ?? 'read'
    const token = request.cookies[sessionCookieName(request, context.production)]
    if (token !== undefined && token !== '') {
      request.backOfficeSession = await findSession(context.db, token, context.now())
    }
    if (access === 'public') {
      if (request.method !== 'GET') await enforce(perClient, request, reply)
      return undefined
    }
    const session = request.backOfficeSession
    if (session === undefined) return reply.code(401).send(NOT_SIGNED_IN)
    await enforce(perSession, request, reply)
    if (access !== 'signed-in' && !permissionsOf(session.operator.role).includes(access)) {
      request.log.info({ access }, 'back-office permission refused')
      return reply.code(403).send(FORBIDDEN)
    }
    return undefined
  }

  await app.register(async (api) => {
    api.decorateRequest('backOfficeSession', undefined)
    api.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith(BACK_OFFICE_PREFIX)) {
        throw new Error(`back-office route outside ${BACK_OFFICE_PREFIX}: ${route.url}`)
      }
      // The public OpenAPI document (served on the brands' hosts) describes the applicant API only; the
      // back office's contract is in docs/back-office.md.
      route.schema = { ...route.schema, hide: true }
    })
    api.addHook('onRequest', guard)
    await api.register(sessionRoutes, {
      context,
      failureDelayBaseMs: options.failureDelayBaseMs ?? 250,
      perAccountLimit:
        perAccount === undefined
          ? undefined
          : (request, reply) => enforce(perAccount, request, reply),
    })
    await api.register(enrolmentRoutes, { context })
    await api.register(accountRoutes, {
      context,
      signInLimits:
        perClient === undefined && perAccount === undefined
          ? undefined
          : async (request, reply) => {
              await enforce(perClient, request, reply)
              await enforce(perAccount, request, reply)
            },
    })
    // The applications' routes, in the order the OpenAPI document lists them.
    await api.register(applicationListRoutes, { context })
    await api.register(applicationDetailRoutes, { context })
    await api.register(applicationActionRoutes, { context })
    await api.register(subjectExportRoutes, { context })
    await api.register(operatorRoutes, { context })
    await api.register(evidenceRoutes, { context })
    await api.register(figuresRoutes, { context })
    await api.register(funnelRoutes, { context })
    await api.register(pipelineRoutes, { context })
  })
}
