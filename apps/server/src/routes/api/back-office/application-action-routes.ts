// What the broker's staff do with an application in the back office: add a note, set the broker status,
// retry a delivery, set and lift a legal hold, erase the personal data. Every action is audited.
// Decision records: docs/decisions/1606-* to 1610-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  NoteBodySchema,
  ReasonBodySchema,
  StatusBodySchema,
} from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import { deliveryView } from '../../../back-office/application-detail'
import {
  addNote,
  LegalHoldConflict,
  liftLegalHold,
  setBrokerStatus,
  setLegalHold,
} from '../../../back-office/case-records'
import { eraseApplication, eraseTraces, ErasureRefused } from '../../../back-office/erasure'
import { ERASURE_KEY_PREFIX } from '../../../back-office/erasure-notice'
import { findDeliveries, retryDeliveries } from '../../../repositories/delivery-repository'
import {
  BROKER_STATUS_LABELS,
  invalid,
  NOT_FOUND,
  type BackOfficeContext,
} from './back-office-context'
import {
  APPLICATION_MESSAGES,
  applicationScope,
  ERASED,
  visibleApplicationIn,
  type Params,
} from './application-route-helpers'

export const applicationActionRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context
  const scope = applicationScope
  const visibleApplication = visibleApplicationIn(db)

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/notes'>
  }>(
    '/api/back-office/applications/:applicationKey/notes',
    { config: { backOfficeAccess: 'notes' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const read = readFields(NoteBodySchema, request.body)
      if (!read.ok) return invalid(reply, APPLICATION_MESSAGES.invalidNote, read.errors)
      const { text } = read.values
      const { operator } = scope(request)
      const note = await addNote(
        db,
        {
          applicationKey: found.header.applicationKey,
          text,
          operatorId: operator.id,
          now: context.now(),
        },
        dataKeys,
      )
      return reply.code(201).send({ note: { id: note.id, text, by: operator.email, at: note.at } })
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/status'>
  }>(
    '/api/back-office/applications/:applicationKey/status',
    { config: { backOfficeAccess: 'status' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const read = readFields(StatusBodySchema, request.body)
      if (!read.ok) return invalid(reply, APPLICATION_MESSAGES.invalidStatus, read.errors)
      const { status } = read.values
      const { operator } = scope(request)
      const now = context.now()
      await setBrokerStatus(db, {
        applicationKey: found.header.applicationKey,
        status,
        label: BROKER_STATUS_LABELS[status],
        operatorId: operator.id,
        now,
      })
      return { brokerStatus: status, changedAt: now.toISOString(), changedBy: operator.email }
    },
  )

  app.post<{
    Params: Params & { deliveryId: string }
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/deliveries/:deliveryId/retry'>
  }>(
    '/api/back-office/applications/:applicationKey/deliveries/:deliveryId/retry',
    { config: { backOfficeAccess: 'retry' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const key = found.header.applicationKey
      const [delivery] = await findDeliveries(db, request.params.deliveryId)
      if (
        delivery === undefined ||
        delivery.id !== request.params.deliveryId ||
        (delivery.submission_key !== key &&
          delivery.submission_key !== `${ERASURE_KEY_PREFIX}${key}`)
      ) {
        return reply.code(404).send(NOT_FOUND)
      }
      const now = context.now()
      const [outcome] = await retryDeliveries(db, delivery.id, now)
      if (outcome === undefined) return reply.code(404).send(NOT_FOUND)
      const { operator } = scope(request)
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'delivery.retried',
        applicationKey: key,
        detail: {
          deliveryId: delivery.id,
          destinationId: delivery.destination_id,
          outcome: outcome.action,
        },
        at: now,
      })
      return { outcome: outcome.action, delivery: deliveryView(outcome.delivery) }
    },
  )

  const reasonOf = (request: FastifyRequest<{ Body: unknown }>) => {
    const read = readFields(ReasonBodySchema, request.body)
    return read.ok ? read.values.reason : undefined
  }

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/legal-hold'>
  }>(
    '/api/back-office/applications/:applicationKey/legal-hold',
    { config: { backOfficeAccess: 'legal-hold' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const reason = reasonOf(request)
      if (reason === undefined) {
        return invalid(reply, APPLICATION_MESSAGES.invalidReason, [
          { field: 'reason', message: APPLICATION_MESSAGES.reason },
        ])
      }
      const { operator } = scope(request)
      const now = context.now()
      try {
        await setLegalHold(db, {
          applicationKey: found.header.applicationKey,
          reason,
          operatorId: operator.id,
          now,
        })
      } catch (error) {
        if (error instanceof LegalHoldConflict)
          return reply.code(409).send({ error: error.message })
        throw error
      }
      return { legalHold: { reason, setBy: operator.email, setAt: now.toISOString() } }
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/legal-hold/lift'>
  }>(
    '/api/back-office/applications/:applicationKey/legal-hold/lift',
    { config: { backOfficeAccess: 'legal-hold' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const { operator } = scope(request)
      try {
        await liftLegalHold(db, {
          applicationKey: found.header.applicationKey,
          operatorId: operator.id,
          now: context.now(),
        })
      } catch (error) {
        if (error instanceof LegalHoldConflict)
          return reply.code(409).send({ error: error.message })
        throw error
      }
      return { legalHold: null }
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/erase'>
  }>(
    '/api/back-office/applications/:applicationKey/erase',
    { config: { backOfficeAccess: 'erase' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const reason = reasonOf(request)
      if (reason === undefined) {
        return invalid(reply, APPLICATION_MESSAGES.invalidReason, [
          { field: 'reason', message: APPLICATION_MESSAGES.reason },
        ])
      }
      const { operator } = scope(request)
      try {
        const result = await eraseApplication(db, {
          applicationKey: found.header.applicationKey,
          reason,
          operatorId: operator.id,
          now: context.now(),
        })
        await eraseTraces(db, { ...context.erasure, emailFiles: result.emailFiles })
        return { erased: { at: result.at, by: operator.email, reason }, notices: result.notices }
      } catch (error) {
        if (!(error instanceof ErasureRefused)) throw error
        if (error.why === 'not-found') return reply.code(404).send(NOT_FOUND)
        return reply.code(409).send({ error: error.message })
      }
    },
  )
}
