// The back office's part of the environment: the host it answers on, the address enrolment links point
// at, where its built app lives, and the key of the search index. Checked with the rest of the
// configuration at start-up.

import { decodeKey } from '../crypto/field-encryption'

export const DEFAULT_BACK_OFFICE_HOST = 'backoffice.localhost'

export interface BackOfficeConfig {
  /** BACK_OFFICE_HOST: the only host name (without port) the back office and its API answer on. */
  host: string
  /** BACK_OFFICE_URL: the base of the enrolment addresses the operators command prints. */
  url: string
  /** BACK_OFFICE_DIST_DIR: the built back-office app, served on the back-office host only. */
  distDir: string
  /**
   * FORECOURT_INDEX_KEY: 32 bytes keying the search index's hashes. Unset: derived from the data key
   * (HKDF), so rotating the data key rebuilds the index at the next start.
   */
  indexKey: Buffer | undefined
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/

export function parseBackOfficeConfig(
  read: (name: string) => string | undefined,
  port: number,
  fromRoot: (path: string) => string,
  problems: string[],
): BackOfficeConfig {
  const host = (read('BACK_OFFICE_HOST') ?? DEFAULT_BACK_OFFICE_HOST).toLowerCase()
  if (!HOST_NAME.test(host)) {
    problems.push(
      `BACK_OFFICE_HOST must be a host name without scheme or port, such as backoffice.example.com (got "${host}")`,
    )
  }
  const given = read('BACK_OFFICE_URL')?.replace(/\/+$/, '')
  const url = given ?? `http://${host}:${port}`
  // The default is made from values checked on their own; only an address given is checked here.
  let parsed: URL | undefined
  try {
    if (given !== undefined) parsed = new URL(given)
  } catch {
    problems.push(`BACK_OFFICE_URL must be an address such as https://${host} (got "${url}")`)
  }
  if (parsed !== undefined) {
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      problems.push(`BACK_OFFICE_URL must start with https:// or http:// (got "${url}")`)
    } else if (parsed.hostname !== host) {
      problems.push(
        `BACK_OFFICE_URL must be on BACK_OFFICE_HOST (${host}), or its enrolment addresses would not work (got "${url}")`,
      )
    }
  }
  const keyText = read('FORECOURT_INDEX_KEY')
  const indexKey = keyText === undefined ? undefined : decodeKey(keyText)
  if (keyText !== undefined && indexKey === undefined) {
    problems.push(
      'FORECOURT_INDEX_KEY must be 32 random bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
    )
  }
  return {
    host,
    url,
    distDir: fromRoot(read('BACK_OFFICE_DIST_DIR') ?? 'apps/back-office/dist'),
    indexKey,
  }
}
