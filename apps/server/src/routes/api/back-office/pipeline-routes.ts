// The broker's pipeline (decision 2115): the submitted applications of the operator's brands by stage, with how
// long each has been there and its follow-up; and a caseworker's follow-up on an application, a day and a
// note, audited. Reading the pipeline is audited too: it lists the operator's cases.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import type { FastifyPluginAsync } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import { findVisible } from '../../../back-office/find-application'
import { visibleBrands } from '../../../back-office/operators'
import { pipeline, sealFollowUpNote } from '../../../back-office/pipeline'
import { londonDay } from '../../../funnel/funnel-events'
import {
  invalid,
  NOT_FOUND,
  operatorOf,
  textField,
  type BackOfficeContext,
  type FieldError,
} from './back-office-context'

export const PIPELINE_MESSAGES = {
  invalid: 'Invalid follow-up',
  day: 'Enter the day to follow up as a date, today or later',
  note: 'Enter a note of up to 500 characters',
  brand: 'is not one of your brands',
} as const

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const NOTE_MAX = 500

export const pipelineRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db } = context

  app.get<{
    Querystring: Record<string, string | undefined>
    Reply: BackOfficeReply<'GET /api/back-office/pipeline'>
  }>('/api/back-office/pipeline', async (request, reply) => {
    const operator = operatorOf(request)
    const visible = visibleBrands(operator)
    const brand = request.query.brand?.trim() || undefined
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
      const dueOn = textField(request.body, 'dueOn')?.trim() ?? ''
      const note = textField(request.body, 'note')?.trim() ?? ''
      const errors: FieldError[] = []
      const today = londonDay(context.now())
      if (!DAY.test(dueOn) || !Number.isFinite(Date.parse(dueOn)) || dueOn < today) {
        errors.push({ field: 'dueOn', message: PIPELINE_MESSAGES.day })
      }
      if (note === '' || [...note].length > NOTE_MAX) {
        errors.push({ field: 'note', message: PIPELINE_MESSAGES.note })
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
