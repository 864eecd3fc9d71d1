// Operators and the audit log, for admins. Adding or resetting an operator answers the enrolment
// address once: it is stored only as a hash. Decision records: docs/decisions/1602-*, 1606-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  AuditQuerySchema,
  NewOperatorBodySchema,
  REQUEST_MESSAGES,
} from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { AUDIT_ACTIONS, listAudit, type AuditFilter } from '../../../back-office/audit-log'
import { operatorEmails } from '../../../back-office/operator-emails'
import { londonDayStart } from '../../../back-office/london-days'
import {
  addOperator,
  disableOperator,
  enrolmentUrl,
  findOperator,
  isOperatorEmail,
  listOperators,
  operatorState,
  OperatorExistsError,
  brandsOf,
  parseBrandScope,
  resetOperator,
  withinScope,
} from '../../../back-office/operators'
import type { OperatorRow } from '../../../db/tables'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  invalid,
  NOT_FOUND,
  operatorOf,
  operatorSummary,
  type BackOfficeContext,
} from './back-office-context'

export const OPERATOR_MESSAGES = {
  invalid: 'Invalid operator',
  email: 'Enter an email address, like name@example.com',
  role: REQUEST_MESSAGES.role,
  brands: 'Choose "all" or one or more brands',
  exists: 'An operator with this email address already exists',
  beyondScope: 'You can only give an operator brands you work on yourself',
  notYourself: 'You cannot disable yourself',
  invalidFilter: 'Invalid filter',
} as const

export const operatorRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db } = context
  const manage = { config: { backOfficeAccess: 'operators' as const } }

  const view = (operator: OperatorRow) => ({
    ...operatorSummary(operator),
    state: operatorState(operator, context.now()),
    enrolledAt: operator.enrolled_at,
    disabledAt: operator.disabled_at,
    lockedUntil: operator.locked_until,
    lastSignInAt: operator.last_sign_in_at,
    createdAt: operator.created_at,
  })

  /** The operators `request`'s operator may manage: those of their brands, and themselves (decision 2114). */
  const manageable = async (request: FastifyRequest) => {
    const me = operatorOf(request)
    const scope = brandsOf(me)
    return (await listOperators(db)).filter(
      (operator) => operator.id === me.id || withinScope(scope, brandsOf(operator)),
    )
  }

  /** The operator of this id if `request`'s operator may manage them; another brand's is not found. */
  const findManageable = async (request: FastifyRequest, id: string) => {
    const operator = await findOperator(db, id)
    if (operator === undefined) return undefined
    return withinScope(brandsOf(operatorOf(request)), brandsOf(operator)) ? operator : undefined
  }

  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/operators'> }>(
    '/api/back-office/operators',
    manage,
    async (request) => ({
      items: (await manageable(request)).map(view),
    }),
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/operators'> }>(
    '/api/back-office/operators',
    manage,
    async (request, reply) => {
      const read = readFields(NewOperatorBodySchema, request.body)
      const { errors } = read
      const email = read.values.email ?? ''
      const brands = parseBrandScope(read.values.brands ?? '')
      if (!isOperatorEmail(email)) errors.push({ field: 'email', message: OPERATOR_MESSAGES.email })
      if (brands === undefined) errors.push({ field: 'brands', message: OPERATOR_MESSAGES.brands })
      if (!read.ok || errors.length > 0 || brands === undefined) {
        return invalid(
          reply,
          OPERATOR_MESSAGES.invalid,
          inFieldOrder(NewOperatorBodySchema, errors),
        )
      }
      const { role } = read.values
      if (!withinScope(brandsOf(operatorOf(request)), brands)) {
        return reply.code(403).send({
          error: OPERATOR_MESSAGES.beyondScope,
          errors: [{ field: 'brands', message: OPERATOR_MESSAGES.beyondScope }],
        })
      }
      try {
        const { operator, enrolment } = await addOperator(
          db,
          { email, role, brands },
          context.now(),
          operatorOf(request).id,
        )
        return reply.code(201).send({
          operator: view(operator),
          enrolmentUrl: enrolmentUrl(context.config.url, enrolment.token),
          enrolmentExpiresAt: enrolment.expiresAt,
        })
      } catch (error) {
        if (error instanceof OperatorExistsError) {
          return reply.code(409).send({ error: OPERATOR_MESSAGES.exists })
        }
        throw error
      }
    },
  )

  app.post<{
    Params: { id: string }
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/operators/:id/disable'>
  }>('/api/back-office/operators/:id/disable', manage, async (request, reply) => {
    const me = operatorOf(request)
    if (request.params.id === me.id) {
      return reply.code(409).send({ error: OPERATOR_MESSAGES.notYourself })
    }
    if ((await findManageable(request, request.params.id)) === undefined) {
      return reply.code(404).send(NOT_FOUND)
    }
    const operator = await disableOperator(db, request.params.id, context.now(), me.id)
    return { operator: view(operator) }
  })

  app.post<{
    Params: { id: string }
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/operators/:id/reset'>
  }>('/api/back-office/operators/:id/reset', manage, async (request, reply) => {
    if ((await findManageable(request, request.params.id)) === undefined) {
      return reply.code(404).send(NOT_FOUND)
    }
    const { operator, enrolment } = await resetOperator(
      db,
      request.params.id,
      context.now(),
      operatorOf(request).id,
    )
    return {
      operator: view(operator),
      enrolmentUrl: enrolmentUrl(context.config.url, enrolment.token),
      enrolmentExpiresAt: enrolment.expiresAt,
    }
  })

  app.get<{
    Querystring: unknown
    Reply: BackOfficeReply<'GET /api/back-office/audit'>
  }>(
    '/api/back-office/audit',
    { config: { backOfficeAccess: 'audit' } },
    async (request, reply) => {
      const { values: query, errors } = readFields(AuditQuerySchema, request.query)
      const filter: AuditFilter = { limit: 50 }
      if (query.operatorId) filter.operatorId = query.operatorId
      if (query.action) {
        if ((AUDIT_ACTIONS as readonly string[]).includes(query.action))
          filter.action = query.action
        else errors.push({ field: 'action', message: `must be one of ${AUDIT_ACTIONS.join(', ')}` })
      }
      if (query.applicationKey) filter.applicationKey = query.applicationKey.toLowerCase()
      for (const name of ['from', 'to'] as const) {
        const value = query[name]
        if (!value) continue
        const start = londonDayStart(value, name === 'to' ? 1 : 0)
        if (start === undefined)
          errors.push({ field: name, message: 'must be a date written YYYY-MM-DD' })
        else filter[name] = start
      }
      if (query.cursor) {
        if (/^\d+$/.test(query.cursor)) filter.beforeSeq = Number(query.cursor)
        else errors.push({ field: 'cursor', message: 'is not a cursor from an earlier page' })
      }
      if (query.limit) {
        const limit = Number(query.limit)
        if (/^\d+$/.test(query.limit) && limit >= 1 && limit <= 100) filter.limit = limit
        else errors.push({ field: 'limit', message: 'must be a whole number from 1 to 100' })
      }
      if (errors.length > 0) {
        return invalid(
          reply,
          OPERATOR_MESSAGES.invalidFilter,
          inFieldOrder(AuditQuerySchema, errors),
        )
      }
      const me = operatorOf(request)
      const scope = brandsOf(me)
      const rows = await listAudit(
        db,
        { ...filter, limit: filter.limit + 1 },
        scope === 'all'
          ? undefined
          : {
              brands: scope,
              operatorIds: (await manageable(request)).map((operator) => operator.id),
            },
      )
      const page = rows.slice(0, filter.limit)
      const emails = await operatorEmails(
        db,
        page.map((row) => row.operator_id),
      )
      const last = page[page.length - 1]
      return {
        items: page.map((row) => ({
          seq: Number(row.seq),
          at: row.at,
          operatorId: row.operator_id,
          operatorEmail: row.operator_id === null ? null : (emails.get(row.operator_id) ?? null),
          action: row.action,
          applicationKey: row.application_key,
          reference:
            row.application_key === null ? null : applicationReference(row.application_key),
          targetOperatorId: row.target_operator_id,
          detail: JSON.parse(row.detail) as Record<string, unknown> | null,
        })),
        nextCursor:
          rows.length > filter.limit && last !== undefined ? String(Number(last.seq)) : null,
        actions: [...AUDIT_ACTIONS],
      }
    },
  )
}
