// The secret that binds an application to the browser that started it (decision 1801). The page makes it
// with the application key, keeps it in the session's state beside the key, and sends it in a header with
// every write (partial save, submission, evidence); the server keeps only its hash. Anyone who learns the
// key alone cannot overwrite or submit the application.

export const APPLICATION_SECRET_HEADER = 'x-application-secret'

/** 256 bits in base64url: 43 characters. */
export const APPLICATION_SECRET_BYTES = 32

/** What the server answers (403) to a write without the secret, or with another one. */
export const APPLICATION_SECRET_MESSAGES = {
  missing: `Every write to an application must send the ${APPLICATION_SECRET_HEADER} header of the browser that started it`,
  malformed: `The ${APPLICATION_SECRET_HEADER} header must be 22 to 128 letters, digits, '-' or '_'`,
  mismatch: 'This application was started in another browser and cannot be changed from this one',
} as const

/** The `reason` of those 403 answers, so a page tells them apart from an anti-forgery refusal. */
export const APPLICATION_SECRET_REFUSED = 'application-secret'

/** The header of a write, or none while the page has no secret (a state saved before there was one). */
export function applicationSecretHeaders(secret: string): Record<string, string> {
  return secret ? { [APPLICATION_SECRET_HEADER]: secret } : {}
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let text = ''
  let bits = 0
  let buffer = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 6) {
      bits -= 6
      text += BASE64URL[(buffer >> bits) & 63]
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) text += BASE64URL[(buffer << (6 - bits)) & 63]
  return text
}

/** Web Crypto's random source, present in browsers (plain http too) and in Node. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(bytes: T): T
}

/** A new secret from the platform's cryptographic random source (a browser's, or Node's). */
export function newApplicationSecret(
  fill: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) =>
    (globalThis as unknown as { crypto: RandomSource }).crypto.getRandomValues(bytes),
): string {
  return toBase64Url(fill(new Uint8Array(APPLICATION_SECRET_BYTES)))
}
