// The funnel for admins and analysts (decision 2112): where applicants of the operator's brands drop out,
// which questions' errors meet them most, and how each source converts to a submission, an offer and a
// payout. Counters only, never an application; the CSV export of each table is audited.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  FunnelExportBodySchema,
  FunnelFilterSchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { appendAudit } from '../../../back-office/audit-log'
import { visibleBrands } from '../../../back-office/operators'
import { londonDay } from '../../../funnel/funnel-events'
import { funnelCsv, funnelReport, type FunnelFilter } from '../../../funnel/funnel-report'
import { invalid, operatorOf, type BackOfficeContext, type FieldError } from './back-office-context'

export const FUNNEL_MESSAGES = {
  invalid: 'Invalid funnel filter',
  day: 'must be a date written YYYY-MM-DD',
  order: 'must be the same day as “from” or later',
  span: 'can be at most 366 days after “from”',
  brand: 'is not one of your brands',
  label: REQUEST_MESSAGES.label,
  table: REQUEST_MESSAGES.funnelTable,
} as const

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const DAY_MS = 24 * 60 * 60 * 1000
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS

export const funnelRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db } = context

  /** The filter from a query or a body: by default the last 30 London days up to today. */
  const readFilter = (
    request: FastifyRequest,
    values: Partial<z.output<typeof FunnelFilterSchema>>,
    errors: FieldError[],
  ): FunnelFilter & { brand: string | null } => {
    const operator = operatorOf(request)
    const visible = visibleBrands(operator)
    const today = londonDay(context.now())
    const to = values.to ?? today
    const from = values.from ?? londonDay(new Date(context.now().getTime() - 29 * DAY_MS))
    const validDay = (day: string) => DAY.test(day) && Number.isFinite(Date.parse(day))
    if (!validDay(from)) errors.push({ field: 'from', message: FUNNEL_MESSAGES.day })
    if (!validDay(to)) errors.push({ field: 'to', message: FUNNEL_MESSAGES.day })
    if (validDay(from) && validDay(to)) {
      if (to < from) errors.push({ field: 'to', message: FUNNEL_MESSAGES.order })
      else if (daysBetween(from, to) > 366)
        errors.push({ field: 'to', message: FUNNEL_MESSAGES.span })
    }
    const { brand, source: chosenSource, campaign: chosenCampaign } = values
    if (brand !== undefined && !visible.includes(brand)) {
      errors.push({ field: 'brand', message: FUNNEL_MESSAGES.brand })
    }
    return {
      from,
      to,
      brand: brand ?? null,
      brands: brand !== undefined ? [brand] : operator.brands === 'all' ? 'all' : visible,
      ...(chosenSource === undefined ? {} : { source: chosenSource }),
      ...(chosenCampaign === undefined ? {} : { campaign: chosenCampaign }),
    }
  }

  app.get<{
    Querystring: unknown
    Reply: BackOfficeReply<'GET /api/back-office/funnel'>
  }>(
    '/api/back-office/funnel',
    { config: { backOfficeAccess: 'funnel' } },
    async (request, reply) => {
      const { values, errors } = readFields(FunnelFilterSchema, request.query)
      const filter = readFilter(request, values, errors)
      if (errors.length > 0) {
        return invalid(reply, FUNNEL_MESSAGES.invalid, inFieldOrder(FunnelFilterSchema, errors))
      }
      const report = await funnelReport(db, filter)
      return {
        from: filter.from,
        to: filter.to,
        brand: filter.brand,
        source: filter.source ?? null,
        campaign: filter.campaign ?? null,
        ...report,
      }
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/funnel/export'> }>(
    '/api/back-office/funnel/export',
    { config: { backOfficeAccess: 'funnel' } },
    async (request, reply) => {
      const { values, errors } = readFields(FunnelExportBodySchema, request.body)
      const filter = readFilter(request, values, errors)
      const chosen = values.table
      if (errors.length > 0 || chosen === undefined) {
        return invalid(reply, FUNNEL_MESSAGES.invalid, inFieldOrder(FunnelExportBodySchema, errors))
      }
      const csv = funnelCsv(await funnelReport(db, filter), chosen)
      await appendAudit(db, {
        operatorId: operatorOf(request).id,
        action: 'funnel.exported',
        detail: { table: chosen, from: filter.from, to: filter.to, brand: filter.brand },
        at: context.now(),
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="funnel-${chosen}-${filter.from}-to-${filter.to}.csv"`,
        )
        .code(200)
        .send(csv)
    },
  )
}
