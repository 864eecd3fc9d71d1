// The secret a browser sends with every write to an application it started (decision 1801). A test
// client stands for one browser per key: its secret is worked out from the key, so every request a
// scenario sends for a key carries the same one without keeping a table of them.

import { createHash } from 'node:crypto'
import { APPLICATION_SECRET_HEADER } from '@forecourt/domain/application-secret/application-secret'

const WRITE_PATH =
  /\/api\/(?:submission|application|evidence|save-and-return|saved-answers)\/([0-9A-Fa-f-]{36})(?:[/?#]|$)/

/** The test browser's secret for an application key (any case). */
export function browserSecretFor(applicationKey: string): string {
  return createHash('sha256')
    .update(`forecourt-test-browser:${applicationKey.toLowerCase()}`)
    .digest('base64url')
}

/**
 * The headers of a write to `url` with the secret of the browser that started its application added,
 * unless the caller sent one of its own (or none, by giving it as an empty string).
 */
export function withBrowserSecret<T extends Record<string, unknown>>(url: string, headers: T): T {
  const key = WRITE_PATH.exec(url)?.[1]
  if (key === undefined || APPLICATION_SECRET_HEADER in headers) return headers
  return { ...headers, [APPLICATION_SECRET_HEADER]: browserSecretFor(key) }
}
