// Which source answers address lookups. Unset, the bundled demo dataset answers; a commercial postcode API
// is chosen explicitly, with its key. Problems are collected with the rest of the configuration's.

export const ADDRESS_PROVIDERS = ['embedded', 'ideal-postcodes'] as const
export type AddressProviderName = (typeof ADDRESS_PROVIDERS)[number]

export const DEFAULT_ADDRESS_API_URL = 'https://api.ideal-postcodes.co.uk'
export const DEFAULT_ADDRESS_API_TIMEOUT_MS = 3000
const TIMEOUT_RANGE_MS = { min: 100, max: 30_000 }

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A commercial postcode API (Ideal Postcodes' shape). */
export interface AddressApiConfig {
  provider: 'ideal-postcodes'
  /** Secret: never logged, never echoed in a problem or an answer. */
  apiKey: string
  baseUrl: string
  timeoutMs: number
}

export function parseAddressApiConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): AddressApiConfig | undefined {
  const provider = read('ADDRESS_PROVIDER') ?? 'embedded'
  const apiKey = read('ADDRESS_API_KEY')
  const baseUrl = read('ADDRESS_API_URL')
  const timeout = read('ADDRESS_API_TIMEOUT_MS')

  if (!(ADDRESS_PROVIDERS as readonly string[]).includes(provider)) {
    problems.push(
      `ADDRESS_PROVIDER must be one of ${ADDRESS_PROVIDERS.join(', ')} (got "${provider}")`,
    )
    return undefined
  }
  if (provider === 'embedded') {
    // A key without the provider would quietly serve made-up addresses to real applicants.
    const stray = [
      apiKey && 'ADDRESS_API_KEY',
      baseUrl && 'ADDRESS_API_URL',
      timeout && 'ADDRESS_API_TIMEOUT_MS',
    ].filter(Boolean)
    if (stray.length > 0) {
      problems.push(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but ADDRESS_PROVIDER is not: set ADDRESS_PROVIDER=ideal-postcodes to use the postcode API, or remove ${stray.length === 1 ? 'it' : 'them'} to use the embedded demo addresses`,
      )
    }
    return undefined
  }

  if (apiKey === undefined) {
    problems.push('ADDRESS_API_KEY must be set when ADDRESS_PROVIDER is ideal-postcodes')
  }
  const url = baseUrl ?? DEFAULT_ADDRESS_API_URL
  checkApiUrl(url, problems)
  return {
    provider: 'ideal-postcodes',
    apiKey: apiKey ?? '',
    baseUrl: url,
    timeoutMs: parseTimeout(timeout, problems),
  }
}

function checkApiUrl(value: string, problems: string[]): void {
  // The address could embed credentials: name the problem, never echo it.
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push('ADDRESS_API_URL must be an https:// address (it is not a valid URL)')
    return
  }
  if (url.protocol === 'https:') return
  // The key travels in the query string, so plain HTTP is only for a fake on this machine.
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return
  problems.push(
    'ADDRESS_API_URL must be an https:// address (http:// only for localhost, 127.0.0.1 or [::1])',
  )
}

function parseTimeout(value: string | undefined, problems: string[]): number {
  if (value === undefined) return DEFAULT_ADDRESS_API_TIMEOUT_MS
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms < TIMEOUT_RANGE_MS.min || ms > TIMEOUT_RANGE_MS.max) {
    problems.push(
      `ADDRESS_API_TIMEOUT_MS must be a whole number of milliseconds from ${TIMEOUT_RANGE_MS.min} to ${TIMEOUT_RANGE_MS.max} (got "${value}")`,
    )
  }
  return ms
}
