// The client for the server's postcode lookup, GET /api/address?postcode= (docs/requirements.md#address-lookup: "a
// postcode address-lookup service"). Addresses found are kept for the tab's session, so Previous
// and a reload show the same list without asking again (docs/decisions/1103). Nothing here logs
// a postcode: it is personal data.

import {
  ADDRESS_LOOKUP_ITEM_FIELDS,
  type AddressLookupItem,
} from '@forecourt/domain/address/address-lookup-item'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { ApiError, getJson } from './api'
import type { AddressAnswer } from './api-types'

export const ADDRESS_LOOKUP_URL = '/api/address'
/** A lookup that takes longer than this is offered as manual entry instead. */
export const ADDRESS_LOOKUP_TIMEOUT_MS = 10_000
export const ADDRESS_LOOKUPS_STORAGE_KEY = 'forecourt.address-lookups'
/** How many postcodes' lists are kept: a history of a few addresses and a security address. */
const KEPT_LOOKUPS = 10

export type AddressLookup =
  | { status: 'found'; postcode: string; addresses: AddressLookupItem[] }
  /** The postcode exists in no list the service knows. */
  | { status: 'none'; postcode: string }
  /** The server refused the postcode (its rule is the form's, so this is rare). */
  | { status: 'invalid'; postcode: string }
  /** No answer, a refusal (429, 503) or an answer that is not a list of addresses. */
  | { status: 'unavailable'; postcode: string }

/**
 * Looks up the addresses at `postcode`. Never rejects: every failure is an answer the form can
 * explain. An invalid postcode is refused here, without a request.
 */
export async function lookupAddresses(
  postcode: string,
  options: { signal?: AbortSignal } = {},
): Promise<AddressLookup> {
  const normalised = normalisePostcode(postcode)
  if (!isValidUkPostcode(normalised)) return { status: 'invalid', postcode: normalised }
  let body: unknown
  try {
    body = await getJson<'GET /api/address'>(
      `${ADDRESS_LOOKUP_URL}?postcode=${encodeURIComponent(normalised)}`,
      {
        timeoutMs: ADDRESS_LOOKUP_TIMEOUT_MS,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null
    return { status: status === 400 ? 'invalid' : 'unavailable', postcode: normalised }
  }
  const addresses = readAddresses(body)
  if (addresses === null) return { status: 'unavailable', postcode: normalised }
  if (addresses.length === 0) return { status: 'none', postcode: normalised }
  remember(normalised, addresses)
  return { status: 'found', postcode: normalised, addresses }
}

/** The addresses found earlier in this tab for `postcode`, if they are still kept. */
export function rememberedAddresses(postcode: string): AddressLookupItem[] | undefined {
  if (postcode.trim() === '') return undefined
  return readKept()[normalisePostcode(postcode)]
}

function readAddresses(body: unknown): AddressAnswer['addresses'] | null {
  if (!isRecord(body)) return null
  const answer: Partial<Record<keyof AddressAnswer, unknown>> = body
  if (!Array.isArray(answer.addresses)) return null
  const addresses: AddressAnswer['addresses'] = []
  for (const item of answer.addresses) {
    if (!isRecord(item) || typeof item.udprn !== 'string' || typeof item.Address !== 'string') {
      return null
    }
    const fields = ADDRESS_LOOKUP_ITEM_FIELDS.map((field) => {
      const value = item[field]
      return [field, typeof value === 'string' ? value : '']
    })
    addresses.push(Object.fromEntries(fields) as unknown as AddressLookupItem)
  }
  return addresses
}

type Kept = Record<string, AddressLookupItem[]>

function readKept(): Kept {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ADDRESS_LOOKUPS_STORAGE_KEY) ?? '{}')
    return isRecord(parsed) ? (parsed as Kept) : {}
  } catch {
    return {}
  }
}

function remember(postcode: string, addresses: AddressLookupItem[]): void {
  // Re-inserted last, so the oldest lists are the ones let go.
  const kept = readKept()
  delete kept[postcode]
  const entries = [...Object.entries(kept), [postcode, addresses] as const].slice(-KEPT_LOOKUPS)
  try {
    sessionStorage.setItem(ADDRESS_LOOKUPS_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)))
  } catch {
    // Storage full or blocked: the list is simply asked for again next time.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
