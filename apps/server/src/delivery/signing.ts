// Standard Webhooks signatures (https://www.standardwebhooks.com): the lender recomputes an HMAC-SHA256 over
// "{webhook-id}.{webhook-timestamp}.{body}" with the shared secret, compares it with webhook-signature, and
// refuses timestamps outside a few minutes so a captured request cannot be replayed later. Any Standard
// Webhooks library verifies these requests; verifySignature is the same check for tests and for lenders
// who want to copy it.

import { createHmac, timingSafeEqual } from 'node:crypto'

export const SECRET_PREFIX = 'whsec_'
export const SIGNATURE_VERSION = 'v1'
/** Five minutes either side, as the Standard Webhooks libraries default to. */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60

/** The HMAC key: the base64 after `whsec_` decoded (a secret without the prefix is taken as base64 too). */
export function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret
  return Buffer.from(encoded, 'base64')
}

export interface SignInput {
  /** The delivery id, the same on every retry of one delivery. */
  id: string
  /** Unix seconds of this attempt. */
  timestamp: number
  /** The exact bytes sent as the request body. */
  body: string
  secret: string
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` */
export function signPayload({ id, timestamp, body, secret }: SignInput): string {
  const mac = createHmac('sha256', secretBytes(secret))
    .update(`${id}.${timestamp}.${body}`, 'utf8')
    .digest('base64')
  return `${SIGNATURE_VERSION},${mac}`
}

// A type, not an interface, so it passes where a plain header record is expected.
export type WebhookHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export function webhookHeaders(input: SignInput): WebhookHeaders {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signPayload(input),
  }
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

export type VerifyFailure =
  'missing-headers' | 'bad-timestamp' | 'timestamp-too-old' | 'timestamp-too-new' | 'bad-signature'

export type VerifyResult =
  { ok: true; id: string; timestamp: number } | { ok: false; reason: VerifyFailure }

export interface VerifyOptions {
  toleranceSeconds?: number
  /** The verifier's clock; by default the real one. */
  now?: Date
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>

/**
 * Checks a received request. `headers` may be a fetch Headers object or Node's incoming headers; `body` must
 * be the raw body exactly as received (a re-serialised JSON object will not match).
 */
export function verifySignature(
  headers: HeaderSource,
  body: string,
  secret: string,
  options: VerifyOptions = {},
): VerifyResult {
  const id = header(headers, 'webhook-id')
  const timestampText = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  if (id === undefined || timestampText === undefined || signatures === undefined) {
    return { ok: false, reason: 'missing-headers' }
  }
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: 'bad-timestamp' }
  const timestamp = Number(timestampText)
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  const now = unixSeconds(options.now ?? new Date())
  if (timestamp < now - tolerance) return { ok: false, reason: 'timestamp-too-old' }
  if (timestamp > now + tolerance) return { ok: false, reason: 'timestamp-too-new' }

  const expected = Buffer.from(signPayload({ id, timestamp, body, secret }).slice(3), 'base64')
  // Several space-separated signatures may be sent (one per secret while a secret is being rotated).
  const matches = signatures.split(' ').some((entry) => {
    const [version, encoded] = entry.split(',', 2)
    if (version !== SIGNATURE_VERSION || encoded === undefined) return false
    const given = Buffer.from(encoded, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return matches ? { ok: true, id, timestamp } : { ok: false, reason: 'bad-signature' }
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]
  const text = Array.isArray(value) ? value[0] : value
  return text === undefined || text === '' ? undefined : text
}
