// The back office's list of applications: the list and the search (both paged by keyset) and the
// filtered list exported as CSV. Who read which page, the fields searched (never the values) and every
// export are audited. Decision records: docs/decisions/1605-*, 1607-*, 1633-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import { ListFilterSchema, SearchBodySchema } from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { z } from 'zod'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { appendAudit, type AuditDetail } from '../../../back-office/audit-log'
import {
  attentionKeysByReference,
  decodeCursor,
  encodeCursor,
  listApplications,
  type ListFilter,
} from '../../../back-office/list-and-search'
import { pageItems, type ListItem } from '../../../back-office/list-items'
import {
  classifyQuery,
  hashTerm,
  keysWithReference,
  type QueryProblem,
  type SearchTerm,
} from '../../../back-office/search-index'
import { hyphenatedReference } from '../../../back-office/search-terms'
import { londonDayStart } from '../../../back-office/london-days'
import { brandName, invalid, type BackOfficeContext, type FieldError } from './back-office-context'
import { APPLICATION_MESSAGES, applicationScope } from './application-route-helpers'

export const PAGE_SIZE = 50
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

function itemBody(item: ListItem) {
  return { ...item, brandName: brandName(item.brand) }
}

/**
 * The list's filters from a query string or a body, read with its contract schema; the checks that need
 * the operator (their brands) or the server (its dates, its cursors) are made here. Errors name the field.
 */
function readFilter(
  values: Partial<z.output<typeof ListFilterSchema>>,
  brandsVisible: readonly string[],
  allBrands: boolean,
  errors: FieldError[],
): ListFilter {
  const filter: ListFilter = { brands: allBrands ? 'all' : brandsVisible, limit: PAGE_SIZE }
  const { brand, status, kind, decision, needsAttention, cursor, limit } = values
  if (brand !== undefined) {
    if (brandsVisible.includes(brand)) filter.brands = [brand]
    else errors.push({ field: 'brand', message: APPLICATION_MESSAGES.brand })
  }
  if (status !== undefined) filter.status = status
  if (kind !== undefined) filter.kind = kind
  if (decision !== undefined) filter.decision = decision
  if (needsAttention !== undefined) filter.needsAttention = true
  for (const name of ['from', 'to'] as const) {
    const value = values[name]
    if (value === undefined) continue
    const start = londonDayStart(value, name === 'to' ? 1 : 0)
    if (start === undefined) errors.push({ field: name, message: APPLICATION_MESSAGES.date })
    else filter[name] = start
  }
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor)
    if (decoded === undefined)
      errors.push({ field: 'cursor', message: APPLICATION_MESSAGES.cursor })
    else filter.cursor = decoded
  }
  if (limit !== undefined) filter.limit = limit
  return filter
}

export const applicationListRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context
  const scope = applicationScope

  app.get<{ Querystring: unknown; Reply: BackOfficeReply<'GET /api/back-office/applications'> }>(
    '/api/back-office/applications',
    async (request, reply) => {
      const { visible, all } = scope(request)
      const { values, errors } = readFields(ListFilterSchema, request.query)
      const filter = readFilter(values, visible, all, errors)
      if (errors.length > 0) {
        return invalid(
          reply,
          APPLICATION_MESSAGES.invalidFilter,
          inFieldOrder(ListFilterSchema, errors),
        )
      }
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
    },
  )

  /**
   * A search's filter with the hashes of the query's terms (every one must match), and which fields they
   * search, or undefined after answering 400.
   */
  const searchFilter = async (request: FastifyRequest<{ Body: unknown }>, reply: FastifyReply) => {
    const { visible, all } = scope(request)
    const { values, errors } = readFields(SearchBodySchema, request.body)
    const filter = readFilter(values, visible, all, errors)
    const read = values.query === undefined ? [] : classifyQuery(values.query)
    if (typeof read === 'string') {
      errors.push({ field: 'query', message: QUERY_MESSAGES[read] })
    }
    if (errors.length > 0 || typeof read === 'string') {
      await invalid(
        reply,
        APPLICATION_MESSAGES.invalidSearch,
        inFieldOrder(SearchBodySchema, errors),
      )
      return undefined
    }
    // A reference's start by the applications found under its first four characters; every other
    // term by its hash (decision 2184).
    const hashed = read.filter((term) => term.field !== 'reference')
    if (hashed.length > 0) {
      filter.indexHashes = hashed.map((term) =>
        hashTerm(context.searchIndexKey, term.field, term.value),
      )
    }
    for (const term of read) {
      if (term.field !== 'reference') continue
      const keys = await keysWithReference(db, context.searchIndexKey, term.value)
      filter.applicationKeys =
        filter.applicationKeys === undefined
          ? keys
          : filter.applicationKeys.filter((key) => keys.includes(key))
    }
    return { filter, terms: read, searchedBy: searchedBy(read) }
  }

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/applications/search'> }>(
    '/api/back-office/applications/search',
    async (request, reply) => {
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
        // The field searched and the filters, never the value searched for (a name, an email address).
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
    },
  )

  app.post<{ Body: unknown; Reply: BackOfficeReply<'POST /api/back-office/applications/export'> }>(
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
        .code(200)
        .send(`${lines.join('\r\n')}\r\n`)
    },
  )
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
