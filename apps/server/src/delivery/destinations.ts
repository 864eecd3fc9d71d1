// Each brand's lender destinations: where its applications are posted and the secret they are signed with.
// Read once at start-up from LENDER_DESTINATIONS (JSON) or LENDER_DESTINATIONS_FILE (a path to the same
// JSON), and checked in full so an operator sees every mistake at once.

import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { isAbsolute, resolve } from 'node:path'
import { isBrandId } from '@forecourt/domain/brands/brand-data'

export interface Destination {
  /** Stable name of the lender endpoint, unique within a brand: letters, digits, '.', '_' and '-'. */
  id: string
  url: string
  /** `whsec_` followed by base64; the HMAC key is the decoded bytes. */
  secret: string
}

/** Brand id → that brand's destinations. A brand with none is simply absent. */
export type Destinations = Readonly<Record<string, readonly Destination[]>>

export const NO_DESTINATIONS: Destinations = Object.freeze({})

export function destinationsFor(
  destinations: Destinations,
  brandId: string,
): readonly Destination[] {
  return Object.hasOwn(destinations, brandId) ? (destinations[brandId] ?? []) : []
}

/** The ids of the destinations configured for a brand: one outbox row each for its submissions. */
export function destinationIdsFor(destinations: Destinations, brandId: string): string[] {
  return destinationsFor(destinations, brandId).map((destination) => destination.id)
}

export function findDestination(
  destinations: Destinations,
  brandId: string,
  destinationId: string,
): Destination | undefined {
  return destinationsFor(destinations, brandId).find(
    (destination) => destination.id === destinationId,
  )
}

export interface DeliveryConfig {
  /** LENDER_DESTINATIONS or LENDER_DESTINATIONS_FILE; none by default. */
  lenderDestinations: Destinations
  /** False when DELIVERY_WORKER=off: this server then only enqueues, and `npm run worker` delivers. */
  deliveryWorker: boolean
}

/**
 * Reads the delivery part of the environment. `read` gives a variable's trimmed value or undefined;
 * `root` is where a relative LENDER_DESTINATIONS_FILE is looked for.
 */
export function parseDeliveryConfig(
  read: (name: string) => string | undefined,
  root: string,
  problems: string[],
): DeliveryConfig {
  const worker = read('DELIVERY_WORKER')?.toLowerCase() ?? 'on'
  if (worker !== 'on' && worker !== 'off') {
    problems.push(`DELIVERY_WORKER must be on or off (got "${worker}")`)
  }
  const inline = read('LENDER_DESTINATIONS')
  const file = read('LENDER_DESTINATIONS_FILE')
  let lenderDestinations = NO_DESTINATIONS
  if (inline !== undefined && file !== undefined) {
    problems.push('Set LENDER_DESTINATIONS or LENDER_DESTINATIONS_FILE, not both')
  } else if (inline !== undefined) {
    lenderDestinations = parseDestinations(inline, 'LENDER_DESTINATIONS', problems)
  } else if (file !== undefined) {
    const path = isAbsolute(file) ? file : resolve(root, file)
    let text: string | undefined
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      const code = (error as { code?: unknown }).code
      problems.push(
        `LENDER_DESTINATIONS_FILE could not be read (${typeof code === 'string' ? code : 'error'}): ${path}`,
      )
    }
    if (text !== undefined) {
      lenderDestinations = parseDestinations(text, 'LENDER_DESTINATIONS_FILE', problems)
    }
  }
  return { lenderDestinations, deliveryWorker: worker !== 'off' }
}

const DESTINATION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/
// Standard Webhooks asks for 24 to 64 bytes of key; fewer would make the signature guessable.
const MIN_SECRET_BYTES = 24
const MAX_SECRET_BYTES = 64

/**
 * Parses and checks the JSON text of LENDER_DESTINATIONS. Problems are pushed to `problems` (named by
 * `source`), never echoing a secret; the result holds only the entries that passed.
 */
export function parseDestinations(text: string, source: string, problems: string[]): Destinations {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    problems.push(
      `${source} must be JSON like {"<brand>": [{"id": "…", "url": "https://…", "secret": "whsec_…"}]} (it is not valid JSON)`,
    )
    return NO_DESTINATIONS
  }
  if (!isPlainObject(parsed)) {
    problems.push(`${source} must be a JSON object whose keys are brand ids`)
    return NO_DESTINATIONS
  }
  const result: Record<string, Destination[]> = {}
  for (const [brandId, list] of Object.entries(parsed)) {
    if (!isBrandId(brandId)) {
      problems.push(`${source}: "${brandId}" is not a known brand id`)
      continue
    }
    if (!Array.isArray(list)) {
      problems.push(`${source}: the destinations of "${brandId}" must be a list`)
      continue
    }
    const seen = new Set<string>()
    const accepted: Destination[] = []
    list.forEach((entry: unknown, index) => {
      const where = `${source}: ${brandId}[${index}]`
      const destination = checkDestination(entry, where, problems)
      if (destination === undefined) return
      if (seen.has(destination.id)) {
        problems.push(`${where}: the id "${destination.id}" is used twice for this brand`)
        return
      }
      seen.add(destination.id)
      accepted.push(destination)
    })
    if (accepted.length > 0) result[brandId] = accepted
  }
  return result
}

function checkDestination(
  entry: unknown,
  where: string,
  problems: string[],
): Destination | undefined {
  if (!isPlainObject(entry)) {
    problems.push(`${where} must be an object with id, url and secret`)
    return undefined
  }
  const before = problems.length
  const { id, url, secret } = entry
  if (typeof id !== 'string' || !DESTINATION_ID.test(id)) {
    problems.push(
      `${where}: id must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    )
  }
  if (typeof url !== 'string') problems.push(`${where}: url is missing`)
  else checkUrl(url, where, problems)
  if (typeof secret !== 'string' || secret === '') problems.push(`${where}: secret is missing`)
  else checkSecret(secret, where, problems)
  if (problems.length > before) return undefined
  return { id: id as string, url: url as string, secret: secret as string }
}

function checkUrl(value: string, where: string, problems: string[]): void {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push(`${where}: url is not a valid address`)
    return
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in the address would end up in logs and error messages; the signature authenticates.
    problems.push(`${where}: url must not carry a user name or password`)
  }
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return
  problems.push(
    `${where}: url must start with https:// (plain http:// is allowed only to a loopback address such as 127.0.0.1, for tests and local demonstrations)`,
  )
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  if (host === 'localhost') return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1'
  return false
}

function checkSecret(value: string, where: string, problems: string[]): void {
  const match = SECRET.exec(value)
  const bytes = match?.[1] === undefined ? 0 : Buffer.from(match[1], 'base64').length
  if (match === null || bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    problems.push(
      `${where}: secret must be "whsec_" followed by ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes in base64`,
    )
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
