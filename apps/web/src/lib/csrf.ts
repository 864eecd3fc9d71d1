// The anti-forgery pair (docs/requirements.md#calls, decision 0801): the server sets a readable cookie on every page; the
// client sends its value back in a header on every write (in the body of a beacon, which cannot
// set headers). Kept apart from the API client so analytics can use it from the first chunk.

import { readCookie } from './cookies'

/** Over HTTPS: host-only and Secure; the only cookie the server reads there. */
export const SECURE_CSRF_COOKIE = '__Host-forecourt-csrf'
/** Over plain http (the local `*.localhost` brands), where a `__Host-` cookie cannot be set. */
export const CSRF_COOKIE = 'forecourt-csrf'
export const CSRF_HEADER = 'x-csrf-token'
/** The beacon's body field for the token. */
export const CSRF_BODY_FIELD = 'csrf'

export function readCsrfToken(cookies: string = currentCookies()): string | undefined {
  return readCookie(cookies, SECURE_CSRF_COOKIE) || readCookie(cookies, CSRF_COOKIE) || undefined
}

function currentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie
}
