import { expect, test } from 'vitest'
import { DEFAULT_ADDRESS_API_URL, type AddressApiConfig } from '../src/address/address-config'
import { createAddressProvider } from '../src/address/create-address-provider'
import { ConfigError, loadConfig } from '../src/config'

const KEY = 'ak_config_canary_0a1b2c'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

test('without address settings the embedded demo dataset answers', () => {
  expect(loadConfig({}).addressApi).toBeUndefined()
  expect(loadConfig({ ADDRESS_PROVIDER: 'embedded' }).addressApi).toBeUndefined()
  expect(loadConfig({ ADDRESS_PROVIDER: '' }).addressApi).toBeUndefined()
})

test('ideal-postcodes with a key uses the vendor address and a 3 second timeout by default', () => {
  expect(
    loadConfig({ ADDRESS_PROVIDER: 'ideal-postcodes', ADDRESS_API_KEY: KEY }).addressApi,
  ).toEqual<AddressApiConfig>({
    provider: 'ideal-postcodes',
    apiKey: KEY,
    baseUrl: 'https://api.ideal-postcodes.co.uk',
    timeoutMs: 3000,
  })
  expect(DEFAULT_ADDRESS_API_URL).toBe('https://api.ideal-postcodes.co.uk')
})

test('every address variable is read when valid', () => {
  expect(
    loadConfig({
      ADDRESS_PROVIDER: 'ideal-postcodes',
      ADDRESS_API_KEY: ` ${KEY} `,
      ADDRESS_API_URL: 'http://127.0.0.1:4010/ideal',
      ADDRESS_API_TIMEOUT_MS: '1500',
    }).addressApi,
  ).toEqual<AddressApiConfig>({
    provider: 'ideal-postcodes',
    apiKey: KEY,
    baseUrl: 'http://127.0.0.1:4010/ideal',
    timeoutMs: 1500,
  })
})

test.each([
  [
    { ADDRESS_PROVIDER: 'getaddress' },
    'ADDRESS_PROVIDER must be one of embedded, ideal-postcodes (got "getaddress")',
  ],
  [
    { ADDRESS_PROVIDER: 'ideal-postcodes' },
    'ADDRESS_API_KEY must be set when ADDRESS_PROVIDER is ideal-postcodes',
  ],
  [
    { ADDRESS_API_KEY: KEY },
    'ADDRESS_API_KEY is set but ADDRESS_PROVIDER is not: set ADDRESS_PROVIDER=ideal-postcodes to use the postcode API, or remove it to use the embedded demo addresses',
  ],
  [
    { ADDRESS_PROVIDER: 'embedded', ADDRESS_API_KEY: KEY, ADDRESS_API_URL: 'https://example.test' },
    'ADDRESS_API_KEY, ADDRESS_API_URL are set but ADDRESS_PROVIDER is not: set ADDRESS_PROVIDER=ideal-postcodes to use the postcode API, or remove them to use the embedded demo addresses',
  ],
  [
    { ADDRESS_PROVIDER: 'ideal-postcodes', ADDRESS_API_KEY: KEY, ADDRESS_API_URL: 'not a url' },
    'ADDRESS_API_URL must be an https:// address (it is not a valid URL)',
  ],
  [
    {
      ADDRESS_PROVIDER: 'ideal-postcodes',
      ADDRESS_API_KEY: KEY,
      ADDRESS_API_URL: 'http://api.example.test',
    },
    'ADDRESS_API_URL must be an https:// address (http:// only for localhost, 127.0.0.1 or [::1])',
  ],
  [
    {
      ADDRESS_PROVIDER: 'ideal-postcodes',
      ADDRESS_API_KEY: KEY,
      ADDRESS_API_URL: 'ftp://localhost',
    },
    'ADDRESS_API_URL must be an https:// address (http:// only for localhost, 127.0.0.1 or [::1])',
  ],
  [
    { ADDRESS_PROVIDER: 'ideal-postcodes', ADDRESS_API_KEY: KEY, ADDRESS_API_TIMEOUT_MS: '3s' },
    'ADDRESS_API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 30000 (got "3s")',
  ],
  [
    { ADDRESS_PROVIDER: 'ideal-postcodes', ADDRESS_API_KEY: KEY, ADDRESS_API_TIMEOUT_MS: '60000' },
    'ADDRESS_API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 30000 (got "60000")',
  ],
])('%j is refused: %s', (env, problem) => {
  const problems = problemsOf(env)
  expect(problems).toEqual([problem])
  expect(problems.join('\n')).not.toContain(KEY)
})

test('an address with credentials in it is refused without being echoed', () => {
  const problems = problemsOf({
    ADDRESS_PROVIDER: 'ideal-postcodes',
    ADDRESS_API_KEY: KEY,
    ADDRESS_API_URL: `http://user:${KEY}@api.example.test`,
  })
  expect(problems.join('\n')).not.toContain(KEY)
})

test('the configured provider is the one answering, and production warns about demo addresses', () => {
  const warnings: string[] = []
  const log = { warn: (message: string) => warnings.push(message) } as never
  const commercial = loadConfig({ ADDRESS_PROVIDER: 'ideal-postcodes', ADDRESS_API_KEY: KEY })
  expect(createAddressProvider(commercial, log).name).toBe('ideal-postcodes')
  expect(createAddressProvider(loadConfig({}), log).name).toBe('embedded')
  expect(warnings).toEqual([])
  const production = { ...loadConfig({}), nodeEnv: 'production' as const }
  expect(createAddressProvider(production, log).name).toBe('embedded')
  expect(warnings).toEqual([
    'address lookup is answering from the made-up demo dataset; set ADDRESS_PROVIDER=ideal-postcodes and ADDRESS_API_KEY for real addresses',
  ])
})
