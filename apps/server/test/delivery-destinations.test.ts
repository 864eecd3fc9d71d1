import { writeFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { destinationsFor, findDestination, isLoopback } from '../src/delivery/destinations'
import { temporaryFolder } from './test-databases'

const SECRET = 'whsec_' + Buffer.alloc(32, 1).toString('base64')
const OTHER_SECRET = 'whsec_' + Buffer.alloc(24, 2).toString('base64')

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

const folders: string[] = []
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

test('by default no lender is configured and the in-server worker is on', () => {
  const config = loadConfig({})
  expect(config.lenderDestinations).toEqual({})
  expect(config.deliveryWorker).toBe(true)
})

test('LENDER_DESTINATIONS gives each brand its destinations', () => {
  const config = loadConfig({
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: [
        { id: 'acme-lending', url: 'https://lender.example/hooks/forecourt', secret: SECRET },
        { id: 'local-demo', url: 'http://127.0.0.1:4010/in', secret: OTHER_SECRET },
      ],
      scorepal: [{ id: 'acme-lending', url: 'https://lender.example/sp', secret: OTHER_SECRET }],
    }),
    DELIVERY_WORKER: 'off',
  })
  expect(config.deliveryWorker).toBe(false)
  expect(destinationsFor(config.lenderDestinations, 'carfinance').map((d) => d.id)).toEqual([
    'acme-lending',
    'local-demo',
  ])
  expect(findDestination(config.lenderDestinations, 'scorepal', 'acme-lending')).toEqual({
    id: 'acme-lending',
    url: 'https://lender.example/sp',
    secret: OTHER_SECRET,
  })
  expect(destinationsFor(config.lenderDestinations, 'harbourlend')).toEqual([])
  expect(destinationsFor(config.lenderDestinations, 'toString')).toEqual([])
})

test('LENDER_DESTINATIONS_FILE reads the same JSON from a file', async () => {
  const dir = await temporaryFolder()
  folders.push(dir)
  const file = join(dir, 'destinations.json')
  await writeFile(
    file,
    JSON.stringify({ milebroker: [{ id: 'l1', url: 'https://l1.example/', secret: SECRET }] }),
  )
  const config = loadConfig({ LENDER_DESTINATIONS_FILE: file })
  expect(destinationsFor(config.lenderDestinations, 'milebroker')).toHaveLength(1)
  expect(problemsOf({ LENDER_DESTINATIONS_FILE: join(dir, 'missing.json') })).toEqual([
    `LENDER_DESTINATIONS_FILE could not be read (ENOENT): ${join(dir, 'missing.json')}`,
  ])
})

const one = (entry: Record<string, unknown>) => JSON.stringify({ carfinance: [entry] })
const good = { id: 'acme', url: 'https://lender.example/', secret: SECRET }
const urlProblem =
  'LENDER_DESTINATIONS: carfinance[0]: url must start with https:// (plain http:// is allowed only to a loopback address such as 127.0.0.1, for tests and local demonstrations)'
const secretProblem =
  'LENDER_DESTINATIONS: carfinance[0]: secret must be "whsec_" followed by 24 to 64 bytes in base64'

test.each([
  [
    'not JSON',
    '{carfinance:',
    'LENDER_DESTINATIONS must be JSON like {"<brand>": [{"id": "…", "url": "https://…", "secret": "whsec_…"}]} (it is not valid JSON)',
  ],
  ['a list at the top', '[]', 'LENDER_DESTINATIONS must be a JSON object whose keys are brand ids'],
  [
    'an unknown brand',
    JSON.stringify({ acme: [] }),
    'LENDER_DESTINATIONS: "acme" is not a known brand id',
  ],
  [
    'destinations not in a list',
    JSON.stringify({ carfinance: good }),
    'LENDER_DESTINATIONS: the destinations of "carfinance" must be a list',
  ],
  ['plain http to another host', one({ ...good, url: 'http://lender.example/' }), urlProblem],
  ['http to a private address', one({ ...good, url: 'http://10.0.0.5/' }), urlProblem],
  ['another scheme', one({ ...good, url: 'ftp://lender.example/' }), urlProblem],
  [
    'an address that is not one',
    one({ ...good, url: 'lender.example' }),
    'LENDER_DESTINATIONS: carfinance[0]: url is not a valid address',
  ],
  [
    'a password in the address',
    one({ ...good, url: 'https://user:pw@lender.example/' }),
    'LENDER_DESTINATIONS: carfinance[0]: url must not carry a user name or password',
  ],
  [
    'no secret',
    one({ id: 'acme', url: 'https://lender.example/' }),
    'LENDER_DESTINATIONS: carfinance[0]: secret is missing',
  ],
  ['a secret without the prefix', one({ ...good, secret: SECRET.slice(6) }), secretProblem],
  ['a secret too short', one({ ...good, secret: 'whsec_c2hvcnQ=' }), secretProblem],
  [
    'an id with spaces',
    one({ ...good, id: 'acme lending' }),
    "LENDER_DESTINATIONS: carfinance[0]: id must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit",
  ],
  [
    'one id twice for a brand',
    JSON.stringify({ carfinance: [good, good] }),
    'LENDER_DESTINATIONS: carfinance[1]: the id "acme" is used twice for this brand',
  ],
])('LENDER_DESTINATIONS with %s is refused at start-up', (_name, value, problem) => {
  expect(problemsOf({ LENDER_DESTINATIONS: value })).toEqual([problem])
})

test('every mistake is listed at once, and no secret is quoted', () => {
  const problems = problemsOf({
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: [{ id: 'a', url: 'http://lender.example/', secret: 'whsec_tooshort' }],
      nobody: [],
    }),
    DELIVERY_WORKER: 'sometimes',
  })
  expect(problems).toEqual([
    'DELIVERY_WORKER must be on or off (got "sometimes")',
    urlProblem,
    secretProblem,
    'LENDER_DESTINATIONS: "nobody" is not a known brand id',
  ])
  expect(problems.join('\n')).not.toContain('tooshort')
})

test('both ways of giving destinations at once is refused', () => {
  expect(problemsOf({ LENDER_DESTINATIONS: '{}', LENDER_DESTINATIONS_FILE: 'x.json' })).toEqual([
    'Set LENDER_DESTINATIONS or LENDER_DESTINATIONS_FILE, not both',
  ])
})

test.each([
  ['localhost', true],
  ['127.0.0.1', true],
  ['127.8.9.10', true],
  ['[::1]', true],
  ['10.0.0.1', false],
  ['lender.example', false],
  ['localhost.lender.example', false],
  ['[::2]', false],
])('%s is a loopback address: %s', (host, expected) => {
  expect(isLoopback(host)).toBe(expected)
})
