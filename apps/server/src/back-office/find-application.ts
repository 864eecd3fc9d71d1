// Which application a key names for the back office, if the operator may see its brand: the stored
// application, its tombstone after an erasure, or the submissions kept for attention under it; and the
// answers its detail shows, opened with the data keys. Decision records: docs/decisions/1605-*, 1753-*.

import type { Kysely } from 'kysely'
import { openPayload, type DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import type { Payload } from '../repositories/application-repository'
import { findNeedsAttention } from '../repositories/needs-attention-repository'
import { payloadAad } from '../repositories/rows'
import type { ApplicationKind } from './list-items'

type Db = Kysely<Tables>

export interface ApplicationHeader {
  applicationKey: string
  brand: string
  kind: ApplicationKind
  createdAt: string
  submittedAt: string | null
  updatedAt: string
}

export type VisibleApplication =
  | { state: 'stored'; header: ApplicationHeader; payload: string }
  | { state: 'erased'; header: ApplicationHeader; erasure: Tables['erasures'] }
  /** Nothing stored under the key but submissions kept for attention (decision 1753). */
  | { state: 'attention'; header: ApplicationHeader }

/**
 * The application, its tombstone, or the submissions kept for attention under its key, if its brand is
 * one the operator may see.
 */
export async function findVisible(
  db: Db,
  applicationKey: string,
  brands: readonly string[] | 'all',
): Promise<VisibleApplication | undefined> {
  const visible = (brand: string) => brands === 'all' || brands.includes(brand)
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row !== undefined) {
    if (!visible(row.brand)) return undefined
    return {
      state: 'stored',
      payload: row.payload,
      header: {
        applicationKey,
        brand: row.brand,
        kind: row.status,
        createdAt: row.created_at,
        submittedAt: row.submitted_at,
        updatedAt: row.updated_at,
      },
    }
  }
  const erasure = await db
    .selectFrom('erasures')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (erasure !== undefined) {
    if (!visible(erasure.brand)) return undefined
    return {
      state: 'erased',
      erasure,
      header: {
        applicationKey,
        brand: erasure.brand,
        kind: erasure.kind,
        createdAt: erasure.created_at,
        submittedAt: erasure.submitted_at,
        updatedAt: erasure.erased_at,
      },
    }
  }
  const kept = await db
    .selectFrom('needs_attention')
    .select(['brand', 'created_at'])
    .where('submission_key', '=', applicationKey)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const first = kept[0]
  const latest = kept[kept.length - 1]
  if (first === undefined || latest === undefined || !visible(latest.brand)) return undefined
  return {
    state: 'attention',
    header: {
      applicationKey,
      brand: latest.brand,
      kind: 'refused',
      createdAt: first.created_at,
      submittedAt: null,
      updatedAt: latest.created_at,
    },
  }
}

export function openApplicationPayload(
  applicationKey: string,
  payload: string,
  dataKeys: DataKeyring | undefined,
): Payload {
  return openPayload(JSON.parse(payload) as Payload, dataKeys, payloadAad(applicationKey))
}

/**
 * The answers the detail shows: the stored application's, or, with nothing stored under the key, those
 * of the latest submission kept for attention.
 */
export async function visiblePayload(
  db: Db,
  found: VisibleApplication,
  dataKeys: DataKeyring | undefined,
): Promise<Payload | undefined> {
  if (found.state === 'stored') {
    return openApplicationPayload(found.header.applicationKey, found.payload, dataKeys)
  }
  if (found.state === 'erased') return undefined
  const kept = await findNeedsAttention(db, found.header.applicationKey, dataKeys)
  return kept[kept.length - 1]?.body
}
