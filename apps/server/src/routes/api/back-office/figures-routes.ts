// The outcome figures for admins (Consumer Duty outcome monitoring; decisions 1658, 1755): per brand and
// London month, counts and times only, never personal data, for the brands the admin works on; and
// their CSV export, which is audited.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  FiguresExportBodySchema,
  FiguresFilterSchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { appendAudit } from '../../../back-office/audit-log'
import { visibleBrands } from '../../../back-office/operators'
import {
  lenderFiguresCsv,
  londonMonth,
  monthFiguresCsv,
  outcomeFigures,
} from '../../../decisions/outcome-figures'
import {
  brandName,
  invalid,
  operatorOf,
  type BackOfficeContext,
  type FieldError,
} from './back-office-context'

export const FIGURES_MESSAGES = {
  invalid: 'Invalid figures filter',
  month: 'must be a month written YYYY-MM',
  order: 'must be the same month as “from” or later',
  span: 'can be at most 36 months after “from”',
  brand: 'is not one of your brands',
  table: REQUEST_MESSAGES.figuresTable,
} as const

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const MAX_MONTHS = 36

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number]
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number]
  return (toYear - fromYear) * 12 + (toMonth - fromMonth)
}

/** The month `count` months before a YYYY-MM month. */
function monthsBefore(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) - count
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

interface FiguresFilter {
  from: string
  to: string
  brands: readonly string[] | 'all'
  brand: string | null
}

export const figuresRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db } = context

  /** The filter from a query or a body: by default the twelve London months up to this one. */
  const readFilter = (
    request: FastifyRequest,
    values: Partial<z.output<typeof FiguresFilterSchema>>,
    errors: FieldError[],
  ): FiguresFilter => {
    const operator = operatorOf(request)
    const visible = visibleBrands(operator)
    const thisMonth = londonMonth(context.now().toISOString())
    const to = values.to ?? thisMonth
    const from = values.from ?? monthsBefore(to, 11)
    if (!MONTH.test(from)) errors.push({ field: 'from', message: FIGURES_MESSAGES.month })
    if (!MONTH.test(to)) errors.push({ field: 'to', message: FIGURES_MESSAGES.month })
    if (MONTH.test(from) && MONTH.test(to)) {
      if (to < from) errors.push({ field: 'to', message: FIGURES_MESSAGES.order })
      else if (monthsBetween(from, to) >= MAX_MONTHS) {
        errors.push({ field: 'to', message: FIGURES_MESSAGES.span })
      }
    }
    const { brand } = values
    if (brand !== undefined && !visible.includes(brand)) {
      errors.push({ field: 'brand', message: FIGURES_MESSAGES.brand })
    }
    return {
      from,
      to,
      brand: brand ?? null,
      brands: brand !== undefined ? [brand] : operator.brands === 'all' ? 'all' : visible,
    }
  }

  const compute = (filter: FiguresFilter) =>
    outcomeFigures(db, {
      from: filter.from,
      to: filter.to,
      ...(filter.brands === 'all' ? {} : { brands: filter.brands }),
    })

  app.get<{
    Querystring: unknown
    Reply: BackOfficeReply<'GET /api/back-office/figures'>
  }>(
    '/api/back-office/figures',
    { config: { backOfficeAccess: 'figures' } },
    async (request, reply: FastifyReply) => {
      const { values, errors } = readFields(FiguresFilterSchema, request.query)
      const filter = readFilter(request, values, errors)
      if (errors.length > 0) return invalid(reply, FIGURES_MESSAGES.invalid, errors)
      const figures = await compute(filter)
      return {
        from: filter.from,
        to: filter.to,
        brand: filter.brand,
        months: figures.months.map((row) => ({ ...row, brandName: brandName(row.brand) })),
        lenders: figures.lenders.map((row) => ({ ...row, brandName: brandName(row.brand) })),
      }
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/figures/export'> }>(
    '/api/back-office/figures/export',
    { config: { backOfficeAccess: 'figures' } },
    async (request, reply) => {
      const { values, errors } = readFields(FiguresExportBodySchema, request.body)
      const filter = readFilter(request, values, errors)
      const { table } = values
      if (errors.length > 0 || table === undefined) {
        return invalid(
          reply,
          FIGURES_MESSAGES.invalid,
          inFieldOrder(FiguresExportBodySchema, errors),
        )
      }
      const figures = await compute(filter)
      const csv = table === 'months' ? monthFiguresCsv(figures) : lenderFiguresCsv(figures)
      const now = context.now()
      await appendAudit(db, {
        operatorId: operatorOf(request).id,
        action: 'figures.exported',
        detail: {
          table,
          from: filter.from,
          to: filter.to,
          brand: filter.brand,
          rows: table === 'months' ? figures.months.length : figures.lenders.length,
        },
        at: now,
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="outcome-${table}-${filter.from}-to-${filter.to}.csv"`,
        )
        .code(200)
        .send(csv)
    },
  )
}
