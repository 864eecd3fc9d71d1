// Enrolment: the address an admin hands a new operator carries a one-time token (in the fragment, so it
// never reaches a log); with it the operator chooses a password, sets up an authenticator app from a QR
// code or the setup key, and confirms the first code, which signs them in. Decision record:
// docs/decisions/1602-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  EnrolmentBodySchema,
  EnrolmentConfirmBodySchema,
  EnrolmentPasswordBodySchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync } from 'fastify'
import {
  completeEnrolment,
  createSession,
  findOpenEnrolment,
  openTotpSecret,
  saveEnrolmentChoices,
  sealTotpSecret,
} from '../../../back-office/operators'
import { hashPassword, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../back-office/passwords'
import { acceptedStep, newTotpSecret, totpSetup } from '../../../back-office/totp'
import { invalid, sessionBody, type BackOfficeContext } from './back-office-context'
import { setSessionCookie } from './session-routes'

export const ENROLMENT_MESSAGES = {
  gone: 'This enrolment address has expired or has already been used. Ask an administrator for a new one.',
  invalidPassword: 'Invalid password',
  enterPassword: REQUEST_MESSAGES.enterPassword,
  invalidCode: 'Invalid code',
  wrongCode: 'That code is not right: enter the 6 digits your authenticator app shows now',
  passwordFirst: 'Choose a password first',
} as const

export const enrolmentRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context
  const config = { config: { backOfficeAccess: 'public' as const } }

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/enrolment'> }>(
    '/api/back-office/enrolment',
    config,
    async (request, reply) => {
      const { values } = readFields(EnrolmentBodySchema, request.body)
      const enrolment = await findOpenEnrolment(db, values.token ?? '', context.now())
      if (enrolment === undefined) return reply.code(410).send({ error: ENROLMENT_MESSAGES.gone })
      return {
        email: enrolment.operator.email,
        expiresAt: enrolment.expiresAt,
        passwordMinLength: PASSWORD_MIN_LENGTH,
      }
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/enrolment/password'> }>(
    '/api/back-office/enrolment/password',
    config,
    async (request, reply) => {
      const read = readFields(EnrolmentPasswordBodySchema, request.body)
      const enrolment = await findOpenEnrolment(db, read.values.token ?? '', context.now())
      if (enrolment === undefined) return reply.code(410).send({ error: ENROLMENT_MESSAGES.gone })
      if (!read.ok) return invalid(reply, ENROLMENT_MESSAGES.invalidPassword, read.errors)
      const { password } = read.values
      const problem = await passwordProblem(password, enrolment.operator.email)
      if (problem !== undefined) {
        return invalid(reply, ENROLMENT_MESSAGES.invalidPassword, [
          { field: 'password', message: problem },
        ])
      }
      const secret = newTotpSecret()
      await saveEnrolmentChoices(
        db,
        enrolment.tokenHash,
        await hashPassword(password),
        sealTotpSecret(secret, enrolment.operator.id, dataKeys),
      )
      return { totp: await totpSetup(secret, enrolment.operator.email) }
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/enrolment/confirm'> }>(
    '/api/back-office/enrolment/confirm',
    config,
    async (request, reply) => {
      const now = context.now()
      const { values } = readFields(EnrolmentConfirmBodySchema, request.body)
      const enrolment = await findOpenEnrolment(db, values.token ?? '', now)
      if (enrolment === undefined) return reply.code(410).send({ error: ENROLMENT_MESSAGES.gone })
      if (enrolment.passwordHash === null || enrolment.totpSecret === null) {
        return reply.code(409).send({ error: ENROLMENT_MESSAGES.passwordFirst })
      }
      const secret = openTotpSecret(enrolment.totpSecret, enrolment.operator.id, dataKeys)
      const step = acceptedStep(secret, values.code ?? '', now, null)
      if (step === undefined) {
        return invalid(reply, ENROLMENT_MESSAGES.invalidCode, [
          { field: 'code', message: ENROLMENT_MESSAGES.wrongCode },
        ])
      }
      const operator = await completeEnrolment(db, enrolment, step, now)
      if (operator === undefined) return reply.code(410).send({ error: ENROLMENT_MESSAGES.gone })
      const { token, session } = await createSession(db, operator.id, now)
      setSessionCookie(request, reply, token, context.production)
      return sessionBody({ ...session, operator }, app.antiForgery.ensureToken(request, reply))
    },
  )
}
