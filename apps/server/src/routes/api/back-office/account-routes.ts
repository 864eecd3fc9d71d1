// The signed-in operator's own account: change the password, and move to a new authenticator app (start,
// then confirm with a code from the new app). Each asks again for the current password, and the password
// change for a code from the current app; each counts towards the sign-in rate limits of the operator's
// own address. Decision record: docs/decisions/2122-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  AuthenticatorConfirmBodySchema,
  PasswordChangeBodySchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  changeOwnPassword,
  confirmAuthenticatorChange,
  pendingAuthenticator,
  startAuthenticatorChange,
  type AccountRefusal,
} from '../../../back-office/account'
import { passwordProblem } from '../../../back-office/passwords'
import { invalid, sessionOf, type BackOfficeContext, type FieldError } from './back-office-context'

export const ACCOUNT_MESSAGES = {
  invalidPassword: 'Invalid password change',
  invalidAuthenticator: 'Invalid authenticator change',
  currentPassword: REQUEST_MESSAGES.currentPassword,
  wrongPassword: 'Your current password is not right',
  newPassword: REQUEST_MESSAGES.newPassword,
  samePassword: 'Your new password must be different from your current one',
  code: REQUEST_MESSAGES.code,
  wrongCode: 'That code is not right: enter the 6 digits your authenticator app shows now',
  newCode: REQUEST_MESSAGES.newCode,
  wrongNewCode: 'That code is not right: enter the 6 digits your new authenticator app shows now',
  locked:
    'After 10 wrong codes in a row this account is locked for 15 minutes: try again when they have passed',
  noNewAuthenticator: 'Set up the new authenticator app first, then enter a code from it',
} as const

export interface AccountRoutesOptions {
  context: BackOfficeContext
  /** The sign-in rate limits (per client address and per operator's address), run once the body is read. */
  signInLimits: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const { context } = options
  const { db, dataKeys } = context
  const route = {
    config: { backOfficeAccess: 'signed-in' as const },
    ...(options.signInLimits ? { preHandler: options.signInLimits } : {}),
  }

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/account/password'> }>(
    '/api/back-office/account/password',
    route,
    async (request, reply) => {
      const session = sessionOf(request)
      const read = readFields(PasswordChangeBodySchema, request.body)
      const { errors } = read
      const problem =
        read.values.newPassword === undefined
          ? undefined
          : await passwordProblem(read.values.newPassword, session.operator.email)
      if (problem !== undefined) errors.push({ field: 'newPassword', message: problem })
      if (!read.ok || errors.length > 0) {
        return invalid(
          reply,
          ACCOUNT_MESSAGES.invalidPassword,
          inFieldOrder(PasswordChangeBodySchema, errors),
        )
      }
      const { currentPassword, newPassword, code } = read.values

      const outcome = await changeOwnPassword(
        db,
        session,
        { currentPassword, newPassword, code },
        context.now(),
        dataKeys,
      )
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, 'back-office password change refused')
        return invalid(reply, ACCOUNT_MESSAGES.invalidPassword, [
          refusal(outcome.reason, ACCOUNT_MESSAGES.wrongCode),
        ])
      }
      return reply.code(204).send()
    },
  )

  app.post<{ Reply: BackOfficeReply<'POST /api/back-office/account/authenticator'> }>(
    '/api/back-office/account/authenticator',
    route,
    async (request) => {
      return { totp: await startAuthenticatorChange(db, sessionOf(request), dataKeys) }
    },
  )

  app.post<{
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/account/authenticator/confirm'>
  }>('/api/back-office/account/authenticator/confirm', route, async (request, reply) => {
    const session = sessionOf(request)
    const read = readFields(AuthenticatorConfirmBodySchema, request.body)
    if (!read.ok) return invalid(reply, ACCOUNT_MESSAGES.invalidAuthenticator, read.errors)
    const { currentPassword, code } = read.values

    const pending = await pendingAuthenticator(db, session)
    if (pending === undefined) {
      return reply.code(409).send({ error: ACCOUNT_MESSAGES.noNewAuthenticator })
    }
    const outcome = await confirmAuthenticatorChange(
      db,
      session,
      pending,
      { currentPassword, code },
      context.now(),
      dataKeys,
    )
    if (!outcome.ok) {
      request.log.info({ reason: outcome.reason }, 'back-office authenticator change refused')
      return invalid(reply, ACCOUNT_MESSAGES.invalidAuthenticator, [
        refusal(outcome.reason, ACCOUNT_MESSAGES.wrongNewCode),
      ])
    }
    return reply.code(204).send()
  })
}

/** The field a refusal is about and what it says there. */
function refusal(reason: AccountRefusal, wrongCode: string): FieldError {
  switch (reason) {
    case 'wrong-password':
      return { field: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }
    case 'same-password':
      return { field: 'newPassword', message: ACCOUNT_MESSAGES.samePassword }
    case 'wrong-code':
      return { field: 'code', message: wrongCode }
    case 'locked':
      return { field: 'code', message: ACCOUNT_MESSAGES.locked }
  }
}
