// Addresses from a commercial UK postcode API built on Royal Mail's PAF, in Ideal Postcodes' shape:
// GET {base}/v1/postcodes/{postcode}?api_key=… → 200 { code: 2000, result: [PAF fields…] }, or
// 404 { code: 4040 } when Royal Mail has no such postcode. Anything else means "unavailable": the route
// answers 503 and the applicant types the address in.

import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import type { AddressApiConfig } from './address-config'
import {
  AddressLookupUnavailableError,
  toLookupItem,
  type AddressProvider,
} from './address-provider'

export const POSTCODE_NOT_FOUND = 4040

export interface IdealPostcodesOptions extends Pick<
  AddressApiConfig,
  'apiKey' | 'baseUrl' | 'timeoutMs'
> {
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch
}

export function createIdealPostcodesProvider(options: IdealPostcodesOptions): AddressProvider {
  const { apiKey, timeoutMs } = options
  const fetchImpl = options.fetch ?? fetch
  // A base with a path ('https://proxy.example/ideal') keeps it: URLs resolve against a trailing slash.
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`

  return {
    name: 'ideal-postcodes',
    async lookup(postcode) {
      if (!isValidUkPostcode(postcode)) return []
      const normalised = normalisePostcode(postcode)
      const url = new URL(`v1/postcodes/${encodeURIComponent(normalised.replace(' ', ''))}`, base)
      url.searchParams.set('api_key', apiKey)

      // One deadline for the answer and its body: a vendor that stalls mid-body is as down as a silent one.
      const signal = AbortSignal.timeout(timeoutMs)
      let status: number
      let body: unknown
      try {
        const response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } })
        status = response.status
        body = await response.json().catch((error: unknown) => {
          if (signal.aborted) throw error
          return undefined
        })
      } catch (error) {
        throw new AddressLookupUnavailableError(
          signal.aborted
            ? `postcode API did not answer within ${timeoutMs} ms`
            : `postcode API unreachable${causeCode(error)}`,
        )
      }

      const code = isRecord(body) && typeof body.code === 'number' ? body.code : undefined
      if (status === 404 && code === POSTCODE_NOT_FOUND) return []
      if (status !== 200) {
        // Status and the vendor's numeric code only: its message text could quote what we sent.
        throw new AddressLookupUnavailableError(
          `postcode API answered HTTP ${status}${code === undefined ? '' : ` (code ${code})`}`,
        )
      }
      if (!isRecord(body) || !Array.isArray(body.result)) {
        throw new AddressLookupUnavailableError('postcode API answered 200 without a result list')
      }
      return body.result.flatMap((entry) => {
        const item = isRecord(entry) ? toItem(entry, normalised) : undefined
        return item === undefined ? [] : [item]
      })
    },
  }
}

type Paf = Record<string, unknown>

function toItem(paf: Paf, requested: string): AddressLookupItem | undefined {
  const udprn = text(paf.udprn)
  // Without a UDPRN the applicant could choose the address but the form could not identify it.
  if (!/^\d{1,10}$/.test(udprn)) return undefined

  let buildingName = text(paf.building_name)
  let buildingNumber = text(paf.building_number)
  // PAF keeps numbers with a suffix or a range ('10A', '14-16') as building names; the form wants them as
  // the number on the street, where people look for them.
  if (buildingNumber === '' && /^\d+[A-Z]?(?:-\d+[A-Z]?)?$/i.test(buildingName)) {
    buildingNumber = buildingName.toUpperCase()
    buildingName = ''
  }
  // A business address with neither name nor number is told apart by its organisation.
  if (buildingName === '' && buildingNumber === '') buildingName = text(paf.organisation_name)

  const postcode = normalisePostcode(text(paf.postcode))
  return toLookupItem({
    udprn,
    subBuilding: tidyCase(text(paf.sub_building_name)),
    buildingName: tidyCase(buildingName),
    buildingNumber,
    street: joined(
      text(paf.dependant_thoroughfare ?? paf.dependent_thoroughfare),
      text(paf.thoroughfare),
    ),
    locality: joined(
      text(paf.double_dependant_locality ?? paf.double_dependent_locality),
      text(paf.dependant_locality ?? paf.dependent_locality),
    ),
    town: tidyCase(text(paf.post_town)),
    county: tidyCase(text(paf.county)),
    postcode: isValidUkPostcode(postcode) ? postcode : requested,
  })
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

const joined = (...parts: string[]) => tidyCase(parts.filter(Boolean).join(', '))

// Words kept in lower case inside a place name: 'Newcastle upon Tyne', 'Stoke-on-Trent', 'Betws-y-Coed'.
const SMALL_WORDS = new Set([
  'upon',
  'on',
  'in',
  'under',
  'by',
  'the',
  'and',
  'of',
  'le',
  'en',
  'y',
  'de',
  'la',
  'super',
])

/**
 * PAF writes post towns in capitals ('NEWCASTLE UPON TYNE'); the dropdown and the form read better in
 * title case. Text that already has lower-case letters is the vendor's own casing and is left alone, and
 * words with digits ('10A', '1F2') keep theirs.
 */
export function tidyCase(value: string): string {
  if (value === '' || /\p{Ll}/u.test(value)) return value
  let first = true
  // The typographic apostrophe as an escape: one character outside Latin-1 in the compiled server makes V8
  // keep its whole source at two bytes a character (decision 1961).
  return value.replace(/[\p{L}\p{N}'\u2019]+/gu, (word) => {
    const lower = word.toLowerCase()
    const result = /\d/.test(word)
      ? word
      : !first && SMALL_WORDS.has(lower)
        ? lower
        : lower.charAt(0).toUpperCase() + lower.slice(1)
    first = false
    return result
  })
}

function causeCode(error: unknown): string {
  // Node's fetch says only "fetch failed"; the cause's code (ECONNREFUSED, ENOTFOUND) tells an operator
  // why. The cause's message is not used: it can name the host and port.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  const code = cause?.code
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : ''
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
