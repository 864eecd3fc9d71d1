// Applications in the back office: the list and the search (both paged by keyset), one application's
// whole story, and what the broker's staff do with it. Every read of an application is audited, and so
// is every search (the field searched, never the value) and every action. An application of a brand the
// operator does not see answers 404, never 403. Decision records: docs/decisions/1605-* to 1610-*.

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { appendAudit, type AuditDetail } from '../../../back-office/audit-log'
import { shownAnswers } from '../../../back-office/answers'
import { applicationRecords, deliveryView } from '../../../back-office/application-detail'
import { findVisible, visiblePayload } from '../../../back-office/find-application'
import {
  attentionKeysByReference,
  decodeCursor,
  encodeCursor,
  listApplications,
  type DecisionFilter,
  type ListFilter,
} from '../../../back-office/list-and-search'
import { pageItems, type ApplicationKind, type ListItem } from '../../../back-office/list-items'
import {
  addNote,
  LegalHoldConflict,
  liftLegalHold,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  setBrokerStatus,
  setLegalHold,
} from '../../../back-office/case-records'
import { eraseApplication, eraseTraces, ErasureRefused } from '../../../back-office/erasure'
import { ERASURE_KEY_PREFIX } from '../../../back-office/erasure-notice'
import { visibleBrands } from '../../../back-office/operators'
import {
  classifyQuery,
  hashTerm,
  type QueryProblem,
  type SearchTerm,
} from '../../../back-office/search-index'
import { hyphenatedReference, MAX_QUERY_TERMS } from '../../../back-office/search-terms'
import { londonDayStart } from '../../../back-office/london-days'
import { payloadApplicantName } from '@forecourt/domain/payload/payload-answers'
import {
  APPLICATION_STATUSES,
  BROKER_STATUSES,
  LENDER_DECISIONS,
  type BrokerStatus,
} from '../../../db/tables'
import {
  NotACandidate,
  subjectAccessExport,
  subjectCandidates,
} from '../../../back-office/data-export'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { destinationsFor } from '../../../delivery/destinations'
import { findDeliveries, retryDeliveries } from '../../../repositories/delivery-repository'
import {
  brandName,
  BROKER_STATUS_LABELS,
  invalid,
  NOT_FOUND,
  operatorOf,
  textField,
  UUID,
  type BackOfficeContext,
  type FieldError,
} from './back-office-context'
import { jointConfirmationStatus } from '../../../save-return/joint-confirmation'

export const APPLICATION_MESSAGES = {
  invalidFilter: 'Invalid filter',
  brand: 'is not one of your brands',
  status: `must be one of ${BROKER_STATUSES.join(', ')}`,
  kind: 'must be submitted, partial or refused',
  decision: `must be one of ${LENDER_DECISIONS.join(', ')}, or none`,
  needsAttention: 'must be yes or left out',
  date: 'must be a date written YYYY-MM-DD',
  cursor: 'is not a cursor from an earlier page',
  limit: 'must be a whole number from 1 to 100',
  invalidSearch: 'Invalid search',
  query: 'Enter a reference, email, phone number, postcode or name',
  queryReference: 'Enter FC and at least the first 4 characters of the reference',
  queryWords: `Enter at most ${MAX_QUERY_TERMS} words`,
  invalidNote: 'Invalid note',
  noteText: `Enter a note of up to ${NOTE_MAX_LENGTH} characters`,
  invalidStatus: 'Invalid status',
  invalidReason: 'Invalid reason',
  reason: `Enter a reason of up to ${REASON_MAX_LENGTH} characters`,
  invalidExport: 'Invalid export',
  include: 'must list only the candidate applications offered for this applicant',
} as const

export const PAGE_SIZE = 50
const KINDS: readonly string[] = [...APPLICATION_STATUSES, 'refused']
const DECISION_FILTERS: readonly string[] = [...LENDER_DECISIONS, 'none']
const EXPORT_MAX_ROWS = 50_000

const QUERY_MESSAGES: Record<QueryProblem, string> = {
  unrecognised: APPLICATION_MESSAGES.query,
  shortReference: APPLICATION_MESSAGES.queryReference,
  tooManyWords: APPLICATION_MESSAGES.queryWords,
}

/**
 * The fields a search looked in, in the order of the query, joined by commas ("name", "name,postcode"):
 * what the answer and the audit log say of it, never the values.
 */
function searchedBy(terms: readonly SearchTerm[]): string | null {
  if (terms.length === 0) return null
  return [...new Set(terms.map((term) => term.field))].join(',')
}

type Params = { applicationKey: string }
type Query = Record<string, string | undefined>

function itemBody(item: ListItem) {
  return { ...item, brandName: brandName(item.brand) }
}

/** The list's filters from a query string or a body; errors name the field. */
function readFilter(
  source: Record<string, unknown>,
  brandsVisible: readonly string[],
  allBrands: boolean,
  errors: FieldError[],
): ListFilter {
  const text = (name: string): string | undefined => {
    const value = source[name]
    if (value === undefined || value === null || value === '') return undefined
    return typeof value === 'string' ? value.trim() : String(value)
  }
  const filter: ListFilter = { brands: allBrands ? 'all' : brandsVisible, limit: PAGE_SIZE }
  const brand = text('brand')
  if (brand !== undefined) {
    if (brandsVisible.includes(brand)) filter.brands = [brand]
    else errors.push({ field: 'brand', message: APPLICATION_MESSAGES.brand })
  }
  const status = text('status')
  if (status !== undefined) {
    if ((BROKER_STATUSES as readonly string[]).includes(status))
      filter.status = status as BrokerStatus
    else errors.push({ field: 'status', message: APPLICATION_MESSAGES.status })
  }
  const kind = text('kind')
  if (kind !== undefined) {
    if (KINDS.includes(kind)) filter.kind = kind as ApplicationKind
    else errors.push({ field: 'kind', message: APPLICATION_MESSAGES.kind })
  }
  const decision = text('decision')
  if (decision !== undefined) {
    if (DECISION_FILTERS.includes(decision)) filter.decision = decision as DecisionFilter
    else errors.push({ field: 'decision', message: APPLICATION_MESSAGES.decision })
  }
  const needsAttention = text('needsAttention')
  if (needsAttention !== undefined) {
    if (needsAttention === 'yes') filter.needsAttention = true
    else errors.push({ field: 'needsAttention', message: APPLICATION_MESSAGES.needsAttention })
  }
  for (const name of ['from', 'to'] as const) {
    const value = text(name)
    if (value === undefined) continue
    const start = londonDayStart(value, name === 'to' ? 1 : 0)
    if (start === undefined) errors.push({ field: name, message: APPLICATION_MESSAGES.date })
    else filter[name] = start
  }
  const cursor = text('cursor')
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor)
    if (decoded === undefined)
      errors.push({ field: 'cursor', message: APPLICATION_MESSAGES.cursor })
    else filter.cursor = decoded
  }
  const limit = text('limit')
  if (limit !== undefined) {
    if (/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100)
      filter.limit = Number(limit)
    else errors.push({ field: 'limit', message: APPLICATION_MESSAGES.limit })
  }
  return filter
}

export const applicationRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context

  const scope = (request: FastifyRequest) => {
    const operator = operatorOf(request)
    return {
      operator,
      visible: visibleBrands(operator),
      all: operator.brands === 'all',
    }
  }

  /** The application (or tombstone) when visible, else the 404 already sent. */
  const visibleApplication = async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
  ) => {
    const key = request.params.applicationKey.toLowerCase()
    if (!UUID.test(key)) {
      await reply.code(404).send(NOT_FOUND)
      return undefined
    }
    const { all, visible } = scope(request)
    const found = await findVisible(db, key, all ? 'all' : visible)
    if (found === undefined) await reply.code(404).send(NOT_FOUND)
    return found
  }

  app.get<{ Querystring: Query }>('/api/back-office/applications', async (request, reply) => {
    const { visible, all } = scope(request)
    const errors: FieldError[] = []
    const filter = readFilter(request.query, visible, all, errors)
    if (errors.length > 0) return invalid(reply, APPLICATION_MESSAGES.invalidFilter, errors)
    const page = await listApplications(db, filter, dataKeys)
    // The list shows applicants' names: who read which page of it is recorded, by its filters.
    await appendAudit(db, {
      operatorId: scope(request).operator.id,
      action: 'applications.listed',
      detail: {
        ...filterDetail(request.query),
        page: filter.cursor === undefined ? 'first' : 'next',
        rows: page.items.length,
      },
      at: context.now(),
    })
    return {
      items: page.items.map(itemBody),
      nextCursor: page.nextCursor === null ? null : encodeCursor(page.nextCursor),
    }
  })

  /**
   * A search's filter with the hashes of the query's terms (every one must match), and which fields they
   * search, or undefined after answering 400.
   */
  const searchFilter = async (request: FastifyRequest<{ Body: unknown }>, reply: FastifyReply) => {
    const { visible, all } = scope(request)
    const body = (
      typeof request.body === 'object' && request.body !== null ? request.body : {}
    ) as Record<string, unknown>
    const errors: FieldError[] = []
    const filter = readFilter(body, visible, all, errors)
    const query = textField(body, 'query')
    const read = query === undefined ? [] : classifyQuery(query)
    if (typeof read === 'string') {
      errors.push({ field: 'query', message: QUERY_MESSAGES[read] })
    }
    if (errors.length > 0 || typeof read === 'string') {
      await invalid(reply, APPLICATION_MESSAGES.invalidSearch, errors)
      return undefined
    }
    if (read.length > 0) {
      filter.indexHashes = read.map((term) =>
        hashTerm(context.searchIndexKey, term.field, term.value),
      )
    }
    return { filter, terms: read, searchedBy: searchedBy(read) }
  }

  app.post<{ Body: unknown }>('/api/back-office/applications/search', async (request, reply) => {
    const found = await searchFilter(request, reply)
    if (found === undefined) return reply
    const { terms } = found
    const [first] = terms
    if (first === undefined) {
      return invalid(reply, APPLICATION_MESSAGES.invalidSearch, [
        { field: 'query', message: APPLICATION_MESSAGES.query },
      ])
    }
    const { operator } = scope(request)
    await appendAudit(db, {
      operatorId: operator.id,
      action: 'applications.searched',
      // The field searched and the filters, never the value searched for (a name, an email …).
      detail: { field: found.searchedBy, ...filterDetail(request.body) },
      at: context.now(),
    })
    const page = await listApplications(db, found.filter, dataKeys)
    // A submission refused before anything was stored under its key is found by its reference (or the
    // start of it) too.
    if (
      page.items.length === 0 &&
      terms.length === 1 &&
      first.field === 'reference' &&
      found.filter.cursor === undefined
    ) {
      const keys = await attentionKeysByReference(
        db,
        hyphenatedReference(first.value),
        found.filter.brands,
      )
      page.items = await pageItems(db, keys, dataKeys)
    }
    return {
      items: page.items.map(itemBody),
      nextCursor: page.nextCursor === null ? null : encodeCursor(page.nextCursor),
      searchedBy: found.searchedBy,
    }
  })

  app.post<{ Body: unknown }>(
    '/api/back-office/applications/export',
    { config: { backOfficeAccess: 'export' } },
    async (request, reply) => {
      const found = await searchFilter(request, reply)
      if (found === undefined) return reply
      const { filter } = found
      const lines = [
        'reference,brand,kind,broker_status,lenders,created_at,submitted_at,updated_at,needs_attention',
      ]
      filter.limit = 500
      for (;;) {
        const page = await listApplications(db, filter, undefined)
        for (const item of page.items) {
          // Each lender as id:delivery, with :decision once it decided.
          const lenders = item.lenders
            .map((lender) =>
              [lender.destinationId, lender.delivery ?? 'none', lender.decision ?? '']
                .filter((part, i) => i < 2 || part !== '')
                .join(':'),
            )
            .join(' ')
          lines.push(
            [
              item.reference,
              item.brand,
              item.kind,
              item.brokerStatus,
              lenders,
              item.createdAt,
              item.submittedAt ?? '',
              item.updatedAt,
              item.needsAttention.join(' '),
            ].join(','),
          )
        }
        if (page.nextCursor === null || lines.length > EXPORT_MAX_ROWS) break
        filter.cursor = page.nextCursor
      }
      const { operator } = scope(request)
      const now = context.now()
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'applications.exported',
        detail: {
          rows: lines.length - 1,
          ...filterDetail(request.body),
          searchedBy: found.searchedBy,
        },
        at: now,
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="applications-${now.toISOString().slice(0, 10)}.csv"`,
        )
        .send(`${lines.join('\r\n')}\r\n`)
    },
  )

  app.get<{ Params: Params }>(
    '/api/back-office/applications/:applicationKey',
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const { operator } = scope(request)
      const { header } = found
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'application.viewed',
        applicationKey: header.applicationKey,
        at: context.now(),
      })
      const payload = await visiblePayload(db, found, dataKeys)
      const records = await applicationRecords(db, header, dataKeys)
      const erasedBy =
        found.state === 'erased'
          ? ((
              await db
                .selectFrom('operators')
                .select('email')
                .where('id', '=', found.erasure.erased_by)
                .executeTakeFirst()
            )?.email ?? found.erasure.erased_by)
          : null
      return {
        application: {
          applicationKey: header.applicationKey,
          reference: applicationReference(header.applicationKey),
          brand: header.brand,
          brandName: brandName(header.brand),
          kind: header.kind,
          name: (payload && payloadApplicantName(payload)) ?? null,
          brokerStatus: records.case.brokerStatus,
          brokerStatusChangedAt: records.case.changedAt,
          brokerStatusChangedBy: records.case.changedBy,
          createdAt: header.createdAt,
          submittedAt: header.submittedAt,
          updatedAt: header.updatedAt,
          legalHold: records.legalHold,
          needsAttention: [...new Set(records.needsAttention.map((item) => item.reason))],
          erased:
            found.state === 'erased'
              ? { at: found.erasure.erased_at, by: erasedBy, reason: found.erasure.reason }
              : null,
          // Whether the joint applicant confirmed their own part (decision 1823), what they wrote to
          // correct it, and what they said is not right (decision 2127); null when not asked.
          jointConfirmation: await jointConfirmationStatus(
            db,
            header.applicationKey,
            context.now(),
          ).then((status) =>
            status === null
              ? null
              : {
                  ...status,
                  corrections: records.jointConfirmation?.corrections ?? null,
                  disputedAt: records.jointConfirmation?.disputedAt ?? null,
                  dispute: records.jointConfirmation?.dispute ?? null,
                },
          ),
        },
        answers: shownAnswers(payload, records.jointConfirmation),
        timeline: records.timeline,
        deliveries: records.deliveries,
        notes: records.notes,
        statusHistory: records.statusHistory,
        // The brand's lenders, which a commission answer names.
        lenders: destinationsFor(context.lenders, header.brand).map((lender) => lender.id),
        lenderDecisions: records.lenderDecisions,
        latestDecisions: records.latestDecisions,
        emails: records.emails,
        evidence: records.evidence,
        needsAttention: records.needsAttention,
      }
    },
  )

  app.post<{ Params: Params; Body: unknown }>(
    '/api/back-office/applications/:applicationKey/notes',
    { config: { backOfficeAccess: 'notes' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const text = textField(request.body, 'text')?.trim() ?? ''
      if (text === '' || [...text].length > NOTE_MAX_LENGTH) {
        return invalid(reply, APPLICATION_MESSAGES.invalidNote, [
          { field: 'text', message: APPLICATION_MESSAGES.noteText },
        ])
      }
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

  app.post<{ Params: Params; Body: unknown }>(
    '/api/back-office/applications/:applicationKey/status',
    { config: { backOfficeAccess: 'status' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      const status = textField(request.body, 'status')
      if (status === undefined || !(BROKER_STATUSES as readonly string[]).includes(status)) {
        return invalid(reply, APPLICATION_MESSAGES.invalidStatus, [
          { field: 'status', message: APPLICATION_MESSAGES.status },
        ])
      }
      const { operator } = scope(request)
      const now = context.now()
      await setBrokerStatus(db, {
        applicationKey: found.header.applicationKey,
        status: status as BrokerStatus,
        label: BROKER_STATUS_LABELS[status as BrokerStatus],
        operatorId: operator.id,
        now,
      })
      return { brokerStatus: status, changedAt: now.toISOString(), changedBy: operator.email }
    },
  )

  app.post<{ Params: Params & { deliveryId: string }; Body: unknown }>(
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
    const reason = textField(request.body, 'reason')?.trim() ?? ''
    return reason === '' || [...reason].length > REASON_MAX_LENGTH ? undefined : reason
  }

  app.post<{ Params: Params; Body: unknown }>(
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

  app.post<{ Params: Params; Body: unknown }>(
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

  app.post<{ Params: Params; Body: unknown }>(
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

  // The applications that may be the same person's, for the admin to choose from (decision 2042).
  app.get<{ Params: Params }>(
    '/api/back-office/applications/:applicationKey/data-export/candidates',
    { config: { backOfficeAccess: 'export' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const { visible, all } = scope(request)
      const candidates = await subjectCandidates(db, {
        applicationKey: found.header.applicationKey,
        brands: all ? 'all' : visible,
        dataKeys,
        searchIndexKey: context.searchIndexKey,
      })
      return { candidates }
    },
  )

  app.post<{ Params: Params; Body: unknown }>(
    '/api/back-office/applications/:applicationKey/data-export',
    { config: { backOfficeAccess: 'export' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const { operator, visible, all } = scope(request)
      const include = includeOf(request.body)
      const invalidInclude = () =>
        invalid(reply, APPLICATION_MESSAGES.invalidExport, [
          { field: 'include', message: APPLICATION_MESSAGES.include },
        ])
      if (include === undefined) return invalidInclude()
      const now = context.now()
      let result
      try {
        result = await subjectAccessExport(db, {
          applicationKey: found.header.applicationKey,
          brands: all ? 'all' : visible,
          dataKeys,
          searchIndexKey: context.searchIndexKey,
          include,
        })
      } catch (error) {
        if (error instanceof NotACandidate) return invalidInclude()
        throw error
      }
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'application.data-exported',
        applicationKey: found.header.applicationKey,
        detail: { applications: result.applications.length },
        at: now,
      })
      return { generatedAt: now.toISOString(), generatedBy: operator.email, ...result }
    },
  )
}

const ERASED = 'This application has already been erased'

/** The export's `include`: absent (none), or a list of distinct application keys; else undefined. */
function includeOf(body: unknown): string[] | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as { include?: unknown }).include : undefined
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length > 100) return undefined
  if (!value.every((key): key is string => typeof key === 'string' && key.length <= 100))
    return undefined
  return [...new Set(value)]
}

/** The list's filters as an audit entry records them; never the search query or the cursor. */
function filterDetail(source: unknown): AuditDetail {
  const body = textBody(source)
  return {
    brand: body.brand ?? null,
    status: body.status ?? null,
    kind: body.kind ?? null,
    decision: body.decision ?? null,
    needsAttention: body.needsAttention ?? null,
    from: body.from ?? null,
    to: body.to ?? null,
  }
}

function textBody(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null) return {}
  const out: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && key !== 'query' && key !== 'cursor') out[key] = value
  }
  return out
}
