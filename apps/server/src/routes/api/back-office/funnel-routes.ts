// The funnel for admins and analysts (decision 2112): where applicants of the operator's brands drop out,
// which questions' errors meet them most, and how each source converts to a submission, an offer and a
// payout. Counters only, never an application; the CSV export of each table is audited.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import { visibleBrands } from '../../../back-office/operators'
import { londonDay } from '../../../funnel/funnel-events'
import { funnelCsv, funnelReport, type FunnelFilter } from '../../../funnel/funnel-report'
import {
  invalid,
  operatorOf,
  textField,
  type BackOfficeContext,
  type FieldError,
} from './back-office-context'

export const FUNNEL_MESSAGES = {
  invalid: 'Invalid funnel filter',
  day: 'must be a date written YYYY-MM-DD',
  order: 'must be the same day as “from” or later',
  span: 'can be at most 366 days after “from”',
  brand: 'is not one of your brands',
  label: 'must be a source or campaign label',
  table: 'must be steps, errors or sources',
} as const

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const LABEL = /^(?:[a-z0-9][a-z0-9._-]{0,39}|\(none\))$/
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
    source: Record<string, unknown>,
    errors: FieldError[],
  ): FunnelFilter & { brand: string | null } => {
    const operator = operatorOf(request)
    const visible = visibleBrands(operator)
    const text = (name: string) => {
      const value = textField(source, name)?.trim()
      return value === undefined || value === '' ? undefined : value
    }
    const today = londonDay(context.now())
    const to = text('to') ?? today
    const from = text('from') ?? londonDay(new Date(context.now().getTime() - 29 * DAY_MS))
    const validDay = (day: string) => DAY.test(day) && Number.isFinite(Date.parse(day))
    if (!validDay(from)) errors.push({ field: 'from', message: FUNNEL_MESSAGES.day })
    if (!validDay(to)) errors.push({ field: 'to', message: FUNNEL_MESSAGES.day })
    if (validDay(from) && validDay(to)) {
      if (to < from) errors.push({ field: 'to', message: FUNNEL_MESSAGES.order })
      else if (daysBetween(from, to) > 366)
        errors.push({ field: 'to', message: FUNNEL_MESSAGES.span })
    }
    const brand = text('brand')
    if (brand !== undefined && !visible.includes(brand)) {
      errors.push({ field: 'brand', message: FUNNEL_MESSAGES.brand })
    }
    const label = (name: 'source' | 'campaign') => {
      const value = text(name)
      if (value !== undefined && !LABEL.test(value))
        errors.push({ field: name, message: FUNNEL_MESSAGES.label })
      return value
    }
    const chosenSource = label('source')
    const chosenCampaign = label('campaign')
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
    Querystring: Record<string, unknown>
    Reply: BackOfficeReply<'GET /api/back-office/funnel'>
  }>(
    '/api/back-office/funnel',
    { config: { backOfficeAccess: 'funnel' } },
    async (request, reply) => {
      const errors: FieldError[] = []
      const filter = readFilter(request, request.query, errors)
      if (errors.length > 0) return invalid(reply, FUNNEL_MESSAGES.invalid, errors)
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
      const body = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, unknown>
      const errors: FieldError[] = []
      const filter = readFilter(request, body, errors)
      const table = textField(body, 'table')
      if (table !== 'steps' && table !== 'errors' && table !== 'sources') {
        errors.push({ field: 'table', message: FUNNEL_MESSAGES.table })
      }
      if (errors.length > 0) return invalid(reply, FUNNEL_MESSAGES.invalid, errors)
      const chosen = table as 'steps' | 'errors' | 'sources'
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
