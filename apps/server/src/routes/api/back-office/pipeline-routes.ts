// The broker's pipeline (decision 2115): the submitted applications of the operator's brands by stage, with how
// long each has been there and its follow-up; and a caseworker's follow-up on an application, a day and a
// note, audited. Reading the pipeline is audited too: it lists the operator's cases.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  FollowUpBodySchema,
  PipelineQuerySchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import { findVisible } from '../../../back-office/find-application'
import { visibleBrands } from '../../../back-office/operators'
import { pipeline, sealFollowUpNote } from '../../../back-office/pipeline'
import { londonDay } from '../../../funnel/funnel-events'
import { invalid, NOT_FOUND, operatorOf, type BackOfficeContext } from './back-office-context'

export const PIPELINE_MESSAGES = {
  invalid: 'Invalid follow-up',
  day: REQUEST_MESSAGES.followUpDay,
  note: REQUEST_MESSAGES.followUpNote,
  brand: 'is not one of your brands',
} as const

export const pipelineRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db } = context

  app.get<{
    Querystring: unknown
    Reply: BackOfficeReply<'GET /api/back-office/pipeline'>
  }>('/api/back-office/pipeline', async (request, reply) => {
    const operator = operatorOf(request)
    const visible = visibleBrands(operator)
    const { brand } = readFields(PipelineQuerySchema, request.query).values
    if (brand !== undefined && !visible.includes(brand)) {
      return invalid(reply, 'Invalid filter', [
        { field: 'brand', message: PIPELINE_MESSAGES.brand },
      ])
    }
    const brands = brand !== undefined ? [brand] : operator.brands === 'all' ? 'all' : visible
    const answer = await pipeline(db, brands, context.now(), context.dataKeys)
    await appendAudit(db, {
      operatorId: operator.id,
      action: 'pipeline.viewed',
      detail: { brand: brand ?? null },
      at: context.now(),
    })
    return { today: londonDay(context.now()), ...answer }
  })

  app.post<{
    Params: { applicationKey: string }
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/follow-up'>
  }>(
    '/api/back-office/applications/:applicationKey/follow-up',
    { config: { backOfficeAccess: 'notes' } },
    async (request, reply) => {
      const operator = operatorOf(request)
      const key = request.params.applicationKey.toLowerCase()
      const found = await findVisible(
        db,
        key,
        operator.brands === 'all' ? 'all' : visibleBrands(operator),
      )
      if (found === undefined || found.state === 'erased') return reply.code(404).send(NOT_FOUND)
      const { values, errors } = readFields(FollowUpBodySchema, request.body)
      const { dueOn = '', note = '' } = values
      // A day in the past is the server's to judge: its London today.
      if (values.dueOn !== undefined && dueOn < londonDay(context.now())) {
        errors.unshift({ field: 'dueOn', message: PIPELINE_MESSAGES.day })
      }
      if (errors.length > 0) return invalid(reply, PIPELINE_MESSAGES.invalid, errors)
      const at = context.now().toISOString()
      await db.transaction().execute(async (trx) => {
        const row = {
          due_on: dueOn,
          note: sealFollowUpNote(key, note, context.dataKeys),
          set_by: operator.id,
          set_at: at,
        }
        await trx
          .insertInto('follow_ups')
          .values({ application_key: key, ...row })
          .onConflict((conflict) => conflict.column('application_key').doUpdateSet(row))
          .execute()
        await appendAudit(trx, {
          operatorId: operator.id,
          action: 'follow-up.set',
          applicationKey: key,
          detail: { dueOn },
          at: context.now(),
        })
      })
      return reply.code(201).send({ followUp: { dueOn, note, setBy: operator.email, setAt: at } })
    },
  )
}
