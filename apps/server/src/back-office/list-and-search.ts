// The back office's list of applications and its search: the filters, the keyset cursor, the keys of
// one page (newest activity first), the "Needs attention" list, and the search by blind index or by
// reference. The rows of the page are list-items.ts's. Decision records: docs/decisions/1605-*, 1607-*,
// 1633-*.

import type { Kysely } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { BrokerStatus, LenderDecision, Tables } from '../db/tables'
import { pageItems, type ApplicationKind, type ListItem } from './list-items'

type Db = Kysely<Tables>

/** The list's lender-decision filter: a lender's latest decision, or none from any lender yet. */
export type DecisionFilter = LenderDecision | 'none'

export interface ListFilter {
  /** The brands the operator may see, narrowed to one when the filter names it. */
  brands: readonly string[] | 'all'
  status?: BrokerStatus
  kind?: ApplicationKind
  /** ISO instants, on the last activity (updated_at): from inclusive, to exclusive. */
  from?: string
  to?: string
  /** Only applications some lender's latest decision is this (or, 'none', that no lender decided). */
  decision?: DecisionFilter
  /** Only applications with a submission kept for attention (refused or conflicting). */
  needsAttention?: boolean
  /** A search: only applications with every one of these index hashes. */
  indexHashes?: readonly string[]
  /** A search by the start of a reference: only these applications (keysWithReference's). */
  applicationKeys?: readonly string[]
  cursor?: ListCursor
  limit: number
}

export interface ListCursor {
  updatedAt: string
  applicationKey: string
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.applicationKey])).toString(
    'base64url',
  )
}

export function decodeCursor(text: string): ListCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { updatedAt: value[0], applicationKey: value[1] }
    }
  } catch {
    // Not a cursor this server made.
  }
  return undefined
}

export async function listApplications(
  db: Db,
  filter: ListFilter,
  dataKeys: DataKeyring | undefined,
): Promise<{ items: ListItem[]; nextCursor: ListCursor | null }> {
  if (filter.brands !== 'all' && filter.brands.length === 0) return { items: [], nextCursor: null }
  if (filter.applicationKeys?.length === 0) return { items: [], nextCursor: null }
  // What was refused with nothing stored is only among the cases kept for attention.
  if (filter.needsAttention === true || filter.kind === 'refused') {
    return listAttentionCases(db, filter, dataKeys)
  }
  let query = db
    .selectFrom('applications as a')
    // The page's keys first, from the indexes alone: a filter the index cannot order (a status, a
    // date range) then sorts keys and dates, not payloads of a few kilobytes each.
    .select(['a.application_key', 'a.updated_at'])
  if (filter.brands !== 'all') query = query.where('a.brand', 'in', filter.brands)
  const kind = filter.kind
  if (kind !== undefined) query = query.where('a.status', '=', kind)
  if (filter.from !== undefined) query = query.where('a.updated_at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('a.updated_at', '<', filter.to)
  // As (NOT) EXISTS on the case's primary key, so both engines keep walking the list's index in order
  // and probe each row, instead of joining whole tables first.
  const status = filter.status
  if (status === 'new') {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('application_cases as c')
            .select('c.application_key')
            .whereRef('c.application_key', '=', 'a.application_key')
            .where('c.broker_status', '<>', 'new'),
        ),
      ),
    )
  } else if (status !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('application_cases as c')
          .select('c.application_key')
          .whereRef('c.application_key', '=', 'a.application_key')
          .where('c.broker_status', '=', status),
      ),
    )
  }
  const decision = filter.decision
  if (decision === 'none') {
    query = query
      .where('a.status', '=', 'submitted')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lender_decisions as d')
              .select('d.id')
              .whereRef('d.submission_key', '=', 'a.application_key')
              .where('d.current', '=', 1),
          ),
        ),
      )
  } else if (decision !== undefined) {
    // Some lender's latest current decision (by its own time; received later breaks a tie, as
    // latestPerLender does) is the one asked for.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lender_decisions as d')
          .select('d.id')
          .whereRef('d.submission_key', '=', 'a.application_key')
          .where('d.current', '=', 1)
          .where('d.decision', '=', decision)
          .where(({ not, exists: laterExists, selectFrom: laterFrom }) =>
            not(
              laterExists(
                laterFrom('lender_decisions as e')
                  .select('e.id')
                  .whereRef('e.submission_key', '=', 'd.submission_key')
                  .whereRef('e.lender_id', '=', 'd.lender_id')
                  .where('e.current', '=', 1)
                  .where((eb) =>
                    eb.or([
                      eb('e.decided_at', '>', eb.ref('d.decided_at')),
                      eb.and([
                        eb('e.decided_at', '=', eb.ref('d.decided_at')),
                        eb('e.received_at', '>', eb.ref('d.received_at')),
                      ]),
                    ]),
                  ),
              ),
            ),
          ),
      ),
    )
  }
  for (const hash of filter.indexHashes ?? []) {
    query = query.where('a.application_key', 'in', (eb) =>
      eb.selectFrom('application_index').select('application_key').where('hash', '=', hash),
    )
  }
  if (filter.applicationKeys !== undefined) {
    query = query.where('a.application_key', 'in', filter.applicationKeys)
  }
  const cursor = filter.cursor
  if (cursor !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('a.updated_at', '<', cursor.updatedAt),
        eb.and([
          eb('a.updated_at', '=', cursor.updatedAt),
          eb('a.application_key', '<', cursor.applicationKey),
        ]),
      ]),
    )
  }
  const found = await query
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.application_key', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const keys = found.slice(0, filter.limit).map((row) => row.application_key)
  const last = found[filter.limit - 1]
  return {
    items: await pageItems(db, keys, dataKeys),
    nextCursor:
      found.length > filter.limit && last !== undefined
        ? { updatedAt: last.updated_at, applicationKey: last.application_key }
        : null,
  }
}

/**
 * The "Needs attention" list: every key with a submission kept for attention (refused or conflicting),
 * newest kept first, whether or not an application is stored under it. The list's other filters apply
 * to what is stored beside it; the date range to when it was kept.
 */
async function listAttentionCases(
  db: Db,
  filter: ListFilter,
  dataKeys: DataKeyring | undefined,
): Promise<{ items: ListItem[]; nextCursor: ListCursor | null }> {
  const brands = filter.brands
  // The brand that counts is the stored application's when there is one, else the kept body's.
  let query = db
    .selectFrom('needs_attention as n')
    .leftJoin('applications as a', 'a.application_key', 'n.submission_key')
    .select(['n.submission_key'])
    .select((eb) => eb.fn.max('n.created_at').as('at'))
  if (brands !== 'all') {
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('a.brand', 'is', null), eb('n.brand', 'in', brands)]),
        eb('a.brand', 'in', brands),
      ]),
    )
  }
  if (filter.kind === 'refused') query = query.where('a.application_key', 'is', null)
  else if (filter.kind !== undefined) query = query.where('a.status', '=', filter.kind)
  if (filter.from !== undefined) query = query.where('n.created_at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('n.created_at', '<', filter.to)
  const status = filter.status
  if (status !== undefined) {
    const changed = db
      .selectFrom('application_cases')
      .select('application_key')
      .where('broker_status', status === 'new' ? '<>' : '=', status === 'new' ? 'new' : status)
    query =
      status === 'new'
        ? query.where('n.submission_key', 'not in', changed)
        : query.where('n.submission_key', 'in', changed)
  }
  const decision = filter.decision
  if (decision !== undefined) {
    const decided = db
      .selectFrom('lender_decisions')
      .select('submission_key')
      .where('current', '=', 1)
    query =
      decision === 'none'
        ? query.where('n.submission_key', 'not in', decided)
        : query.where('n.submission_key', 'in', decided.where('decision', '=', decision))
  }
  for (const hash of filter.indexHashes ?? []) {
    query = query.where('n.submission_key', 'in', (eb) =>
      eb.selectFrom('application_index').select('application_key').where('hash', '=', hash),
    )
  }
  if (filter.applicationKeys !== undefined) {
    query = query.where('n.submission_key', 'in', filter.applicationKeys)
  }
  let grouped = query.groupBy('n.submission_key')
  const cursor = filter.cursor
  if (cursor !== undefined) {
    grouped = grouped.having((eb) =>
      eb.or([
        eb(eb.fn.max('n.created_at'), '<', cursor.updatedAt),
        eb.and([
          eb(eb.fn.max('n.created_at'), '=', cursor.updatedAt),
          eb('n.submission_key', '<', cursor.applicationKey),
        ]),
      ]),
    )
  }
  const found = await grouped
    .orderBy('at', 'desc')
    .orderBy('n.submission_key', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const keys = found.slice(0, filter.limit).map((row) => row.submission_key)
  const last = found[filter.limit - 1]
  return {
    items: await pageItems(db, keys, dataKeys),
    nextCursor:
      found.length > filter.limit && last !== undefined
        ? { updatedAt: String(last.at), applicationKey: last.submission_key }
        : null,
  }
}

/**
 * The cases kept for attention under a reference, or under every reference starting with a prefix of one
 * (FC-7K2M): a search by reference finds them too.
 */
export async function attentionKeysByReference(
  db: Db,
  reference: string,
  brands: readonly string[] | 'all',
): Promise<string[]> {
  if (brands !== 'all' && brands.length === 0) return []
  // A reference holds only FC, hyphens, digits and capitals: nothing LIKE reads as a wildcard.
  if (!/^FC[-0-9A-Z]*$/.test(reference)) return []
  let query = db
    .selectFrom('needs_attention')
    .select('submission_key')
    .distinct()
    .where('reference', 'like', `${reference}%`)
  if (brands !== 'all') query = query.where('brand', 'in', brands)
  return (await query.execute()).map((row) => row.submission_key)
}
