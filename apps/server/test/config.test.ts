import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { checkAllBrands } from '@forecourt/domain/brands/brand-check'
import { brands } from '@forecourt/domain/brands/brand-data'
import { brandDisclosures } from '@forecourt/domain/brands/disclosures'
import { ConfigError, loadConfig, REPOSITORY_ROOT, type Config } from '../src/config'
import { DEFAULT_SOURCES } from '../src/funnel/vocabulary'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

test('the repository root is the folder holding the workspaces', () => {
  expect(resolve(REPOSITORY_ROOT, 'apps/server/src/config.ts')).toBe(
    resolve(import.meta.dirname, '../src/config.ts'),
  )
})

test('an empty environment gives the documented defaults', () => {
  expect(loadConfig({})).toEqual<Config>({
    port: 3000,
    host: 'localhost',
    databaseUrl: undefined,
    dataDir: resolve(REPOSITORY_ROOT, 'data'),
    auditAnchorFile: resolve(REPOSITORY_ROOT, 'data', 'audit-anchor.json'),
    webDistDir: resolve(REPOSITORY_ROOT, 'apps/web/dist'),
    logLevel: 'info',
    trustProxy: false,
    nodeEnv: 'development',
    hosts: { extra: [], anyHost: false, backOffice: 'backoffice.localhost', localhost: true },
    siteOrigins: {
      harbourlend: 'http://harbourlend.localhost:3000',
      milebroker: 'http://milebroker.localhost:3000',
      carfinance: 'http://carfinance.localhost:3000',
      scorepal: 'http://scorepal.localhost:3000',
      creditlens: 'http://creditlens.localhost:3000',
    },
    secret: undefined,
    corsOrigins: [],
    redisUrl: undefined,
    rateLimit: {
      writesPerMinute: 60,
      eventsPerMinute: 600,
      lookupsPerMinute: 120,
      partialSavesPerHour: 600,
    },
    retention: { job: true, submittedDays: 2192, partialDays: 30 },
    dataKeys: undefined,
    addressApi: undefined,
    lenderDestinations: {},
    deliveryWorker: true,
    loadShedding: { maxInFlight: 64, maxPerClient: 32, retryAfterSeconds: 2 },
    requestTimeoutMs: 10000,
    databaseWriteTimeoutMs: 10000,
    backOffice: {
      host: 'backoffice.localhost',
      url: 'http://backoffice.localhost:3000',
      distDir: resolve(REPOSITORY_ROOT, 'apps/back-office/dist'),
      indexKey: undefined,
    },
    funnel: { sources: new Set(DEFAULT_SOURCES), campaigns: new Set() },
    mail: {
      transport: 'file',
      smtpUrl: undefined,
      folder: resolve(REPOSITORY_ROOT, 'data', 'mail'),
      from: 'no-reply@forecourt.localhost',
      brokerInboxes: {
        harbourlend: 'applications@harbourlend.example',
        milebroker: 'new-applications@milebroker.example',
        carfinance: 'applications@carfinance.example',
        scorepal: 'finance-desk@scorepal.example',
        creditlens: 'finance-desk@creditlens.example',
      },
      backOfficeUrl: 'http://backoffice.localhost:3000',
      brokerHeadStartMinutes: 30,
    },
  })
})

test('empty values count as unset, so the defaults apply', () => {
  const config = loadConfig({ PORT: '', HOST: ' ', DATABASE_URL: '', TRUST_PROXY: '' })
  expect(config.port).toBe(3000)
  expect(config.host).toBe('localhost')
  expect(config.databaseUrl).toBeUndefined()
  expect(config.trustProxy).toBe(false)
})

test('every variable is read when valid', () => {
  expect(
    loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://forecourt:secret@db:5432/forecourt',
      DATA_DIR: '/var/lib/forecourt',
      AUDIT_ANCHOR_FILE: '/srv/anchors/audit-anchor.json',
      WEB_DIST_DIR: '/srv/web',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1',
      NODE_ENV: 'production',
      ALLOWED_HOSTS: 'API.example.com, 10.0.0.7',
      FORECOURT_DATA_IN_CLEAR: 'yes',
      FORECOURT_SECRET: 'x'.repeat(32),
      CORS_ORIGINS: 'https://apply.example.com',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_WRITES_PER_MINUTE: '30',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
      RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
      RETENTION_JOB: 'off',
      RETENTION_SUBMITTED_DAYS: '2200',
      RETENTION_PARTIAL_DAYS: '7',
      LOAD_SHEDDING_MAX_IN_FLIGHT: '200',
      LOAD_SHEDDING_RETRY_AFTER_SECONDS: '10',
      DATABASE_WRITE_TIMEOUT_MS: '3000',
      BACK_OFFICE_HOST: 'BackOffice.Broker.Example',
      BACK_OFFICE_URL: 'https://backoffice.broker.example/',
      BACK_OFFICE_DIST_DIR: '/srv/back-office',
      FORECOURT_INDEX_KEY: 'ab'.repeat(32),
      SMTP_URL: 'smtps://mailer:hunter2@smtp.example.com:465',
      MAIL_FROM: 'no-reply@carfinance.example',
      BROKER_INBOXES: '{"carfinance": "ops@carfinance.example", "scorepal": ""}',
      BROKER_HEAD_START_MINUTES: '0',
      SITE_ORIGINS: '{"carfinance": "https://Apply.CarFinance.example/"}',
    }),
  ).toEqual<Config>({
    port: 8080,
    host: '0.0.0.0',
    databaseUrl: 'postgres://forecourt:secret@db:5432/forecourt',
    dataDir: '/var/lib/forecourt',
    auditAnchorFile: '/srv/anchors/audit-anchor.json',
    webDistDir: '/srv/web',
    logLevel: 'warn',
    trustProxy: ['10.0.0.1'],
    nodeEnv: 'production',
    hosts: {
      extra: ['api.example.com', '10.0.0.7'],
      anyHost: false,
      backOffice: 'backoffice.broker.example',
      localhost: false,
    },
    // The brand's first domain over https, unless SITE_ORIGINS names another of its sites.
    siteOrigins: {
      harbourlend: 'https://harbourlend.example',
      milebroker: 'https://milebroker.example',
      carfinance: 'https://apply.carfinance.example',
      scorepal: 'https://scorepal.example',
      creditlens: 'https://creditlens.example',
    },
    secret: 'x'.repeat(32),
    corsOrigins: ['https://apply.example.com'],
    redisUrl: 'redis://cache:6379',
    rateLimit: {
      writesPerMinute: 30,
      eventsPerMinute: 300,
      lookupsPerMinute: 0,
      partialSavesPerHour: 0,
    },
    retention: { job: false, submittedDays: 2200, partialDays: 7 },
    dataKeys: undefined,
    addressApi: undefined,
    lenderDestinations: {},
    deliveryWorker: true,
    loadShedding: { maxInFlight: 200, maxPerClient: 32, retryAfterSeconds: 10 },
    requestTimeoutMs: 10000,
    databaseWriteTimeoutMs: 3000,
    backOffice: {
      host: 'backoffice.broker.example',
      url: 'https://backoffice.broker.example',
      distDir: '/srv/back-office',
      indexKey: Buffer.from('ab'.repeat(32), 'hex'),
    },
    funnel: { sources: new Set(DEFAULT_SOURCES), campaigns: new Set() },
    mail: {
      transport: 'smtp',
      smtpUrl: 'smtps://mailer:hunter2@smtp.example.com:465',
      folder: '/var/lib/forecourt/mail',
      from: 'no-reply@carfinance.example',
      brokerInboxes: {
        harbourlend: 'applications@harbourlend.example',
        milebroker: 'new-applications@milebroker.example',
        carfinance: 'ops@carfinance.example',
        creditlens: 'finance-desk@creditlens.example',
      },
      backOfficeUrl: 'https://backoffice.broker.example',
      brokerHeadStartMinutes: 0,
    },
  })
})

test('relative folders are taken from the repository root, not the working folder', () => {
  const config = loadConfig({ DATA_DIR: 'var/data', WEB_DIST_DIR: './apps/web/build' })
  expect(config.dataDir).toBe(resolve(REPOSITORY_ROOT, 'var/data'))
  expect(config.webDistDir).toBe(resolve(REPOSITORY_ROOT, 'apps/web/build'))
  expect(config.auditAnchorFile).toBe(resolve(REPOSITORY_ROOT, 'var/data/audit-anchor.json'))
  expect(loadConfig({ AUDIT_ANCHOR_FILE: 'anchors/head.json' }).auditAnchorFile).toBe(
    resolve(REPOSITORY_ROOT, 'anchors/head.json'),
  )
  expect(loadConfig({ AUDIT_ANCHOR_FILE: 'off' }).auditAnchorFile).toBeUndefined()
})

test.each([
  ['postgres://postgres@127.0.0.1:5432/test'],
  ['postgresql://user:pass@db.internal/forecourt?sslmode=require'],
])('DATABASE_URL %s selects PostgreSQL', (url) => {
  expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url)
})

test.each<[string, Config['trustProxy']]>([
  ['false', false],
  ['FALSE', false],
  ['0', 0],
  ['2', 2],
  ['127.0.0.1', ['127.0.0.1']],
  ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
  ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ['fd00::/8', ['fd00::/8']],
])('TRUST_PROXY=%s is understood', (value, expected) => {
  expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected)
})

test.each<[Record<string, string>, string]>([
  [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
  [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
  [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (got "-1")'],
  [{ PORT: '80.5' }, 'PORT must be a whole number from 0 to 65535 (got "80.5")'],
  [{ HOST: 'my host' }, 'HOST must be a host name or address without spaces'],
  [
    { BROKER_HEAD_START_MINUTES: 'soon' },
    'BROKER_HEAD_START_MINUTES must be a whole number of minutes from 0 to 1440 (got "soon")',
  ],
  [
    { BROKER_HEAD_START_MINUTES: '1441' },
    'BROKER_HEAD_START_MINUTES must be a whole number of minutes from 0 to 1440 (got "1441")',
  ],
  [
    { DATABASE_URL: 'not a url' },
    'DATABASE_URL must be a postgres:// address (it is not a valid URL)',
  ],
  [
    { DATABASE_URL: 'mysql://root@db/forecourt' },
    'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://"); leave it unset to use SQLite',
  ],
  [
    { DATABASE_URL: 'postgres:///forecourt' },
    'DATABASE_URL must name a host, as in postgres://user@host:5432/database',
  ],
  [
    { LOG_LEVEL: 'verbose' },
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
  ],
  [
    { NODE_ENV: 'staging' },
    'NODE_ENV must be one of development, production, test (got "staging")',
  ],
  [
    { TRUST_PROXY: 'yes' },
    'TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: "yes")',
  ],
  [
    { TRUST_PROXY: '10.0.0.1,proxy.internal,10.0.0.0/33' },
    'TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: "proxy.internal", "10.0.0.0/33")',
  ],
  [
    { TRUST_PROXY: 'true' },
    'TRUST_PROXY=true would believe X-Forwarded-For, -Host and -Proto from anyone, so any client could choose its own address and brand: set the number of proxies in front of this server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.0.0.6 or a CIDR range such as 10.0.0.0/24)',
  ],
  [
    { ALLOWED_HOSTS: 'api.example.com:8443, *, bad host' },
    'ALLOWED_HOSTS must be a comma-separated list of host names without a port, such as api.example.com, or * to answer any other host as the default brand (not understood: "api.example.com:8443", "bad host")',
  ],
  [
    { BACK_OFFICE_HOST: 'https://backoffice.example.com' },
    'BACK_OFFICE_HOST must be a host name without scheme or port, such as backoffice.example.com (got "https://backoffice.example.com")',
  ],
  [
    { TRUST_PROXY: ',' },
    'TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: ",")',
  ],
])('%o is refused with a clear message', (env, message) => {
  expect(problemsOf(env)).toEqual([message])
})

test('every bad variable is reported at once, in one readable error', () => {
  const env = {
    PORT: 'eighty',
    HOST: 'two words',
    DATABASE_URL: 'mysql://root:hunter2@db/forecourt',
    LOG_LEVEL: 'loud',
    NODE_ENV: 'staging',
    TRUST_PROXY: 'maybe',
  }
  let caught: unknown
  try {
    loadConfig(env)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ConfigError)
  const error = caught as ConfigError
  expect(error.problems).toHaveLength(6)
  expect(error.message).toBe(
    [
      'Invalid configuration:',
      '- PORT must be a whole number from 0 to 65535 (got "eighty")',
      '- HOST must be a host name or address without spaces',
      '- DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://"); leave it unset to use SQLite',
      '- LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '- NODE_ENV must be one of development, production, test (got "staging")',
      '- TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: "maybe")',
    ].join('\n'),
  )
  // The database address may carry a password: the report names the problem, never the address.
  expect(error.message).not.toContain('hunter2')
})

test('the back office is checked: a host name, an address on that host, a 32-byte index key', () => {
  expect(
    problemsOf({
      BACK_OFFICE_HOST: 'https://backoffice.example.com',
      BACK_OFFICE_URL: 'ftp://other.example.com',
      FORECOURT_INDEX_KEY: 'short',
    }),
  ).toEqual([
    'BACK_OFFICE_HOST must be a host name without scheme or port, such as backoffice.example.com (got "https://backoffice.example.com")',
    'BACK_OFFICE_URL must start with https:// or http:// (got "ftp://other.example.com")',
    'FORECOURT_INDEX_KEY must be 32 random bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
  ])
  expect(
    problemsOf({
      BACK_OFFICE_HOST: 'backoffice.example.com',
      BACK_OFFICE_URL: 'https://apply.example.com',
    }),
  ).toEqual([
    'BACK_OFFICE_URL must be on BACK_OFFICE_HOST (backoffice.example.com), or its enrolment addresses would not work (got "https://apply.example.com")',
  ])
})

test('SITE_ORIGINS names an origin this server answers as each brand it lists', () => {
  expect(
    loadConfig({
      PORT: '3281',
      ALLOWED_HOSTS: 'harbourlend.staging.example',
      SITE_ORIGINS: '{"harbourlend": "https://harbourlend.staging.example"}',
    }).siteOrigins,
  ).toMatchObject({
    harbourlend: 'https://harbourlend.staging.example',
    carfinance: 'http://carfinance.localhost:3281',
  })
  expect(problemsOf({ SITE_ORIGINS: 'carfinance=https://carfinance.example' })).toEqual([
    'SITE_ORIGINS must be JSON like {"carfinance": "https://www.carfinance.example"}',
  ])
  expect(problemsOf({ SITE_ORIGINS: '["https://carfinance.example"]' })).toEqual([
    'SITE_ORIGINS must be a JSON object whose keys are brand ids',
  ])
  expect(
    problemsOf({
      NODE_ENV: 'production',
      FORECOURT_SECRET: 'x'.repeat(32),
      FORECOURT_DATA_IN_CLEAR: 'yes',
      MAIL_TRANSPORT: 'file',
      SITE_ORIGINS: JSON.stringify({
        acme: 'https://acme.example',
        harbourlend: 'https://harbourlend.example/joint',
        milebroker: 'ftp://milebroker.example',
        scorepal: 'https://www.carfinance.example',
        creditlens: 'http://creditlens.localhost:3000',
      }),
    }),
  ).toEqual([
    'SITE_ORIGINS: "acme" is not a known brand id',
    'SITE_ORIGINS: the site of "harbourlend" must be an origin such as https://www.harbourlend.example, without a path',
    'SITE_ORIGINS: the site of "milebroker" must be an origin such as https://www.milebroker.example, without a path',
    'SITE_ORIGINS: this server does not answer www.carfinance.example as "scorepal" (see the brand\'s domains and ALLOWED_HOSTS)',
    'SITE_ORIGINS: this server does not answer creditlens.localhost:3000 as "creditlens" (see the brand\'s domains and ALLOWED_HOSTS)',
  ])
})

test.each<[Record<string, string>, string[]]>([
  [
    { NODE_ENV: 'production', FORECOURT_SECRET: 'x'.repeat(32) },
    [
      'FORECOURT_DATA_KEY must be set in production: 32 random bytes, base64 or hex (for example from `openssl rand -base64 32`); to store applications in clear on purpose, set FORECOURT_DATA_IN_CLEAR=yes',
    ],
  ],
  [
    { NODE_ENV: 'production', FORECOURT_SECRET: 'x'.repeat(32), FORECOURT_DATA_IN_CLEAR: 'no' },
    [
      'FORECOURT_DATA_KEY must be set in production: 32 random bytes, base64 or hex (for example from `openssl rand -base64 32`); to store applications in clear on purpose, set FORECOURT_DATA_IN_CLEAR=yes',
    ],
  ],
  [
    { NODE_ENV: 'production', FORECOURT_SECRET: 'x'.repeat(32), FORECOURT_DATA_IN_CLEAR: 'YES' },
    [],
  ],
  [
    {
      NODE_ENV: 'production',
      FORECOURT_SECRET: 'x'.repeat(32),
      FORECOURT_DATA_KEY: Buffer.alloc(32, 1).toString('base64'),
    },
    [],
  ],
  [
    { FORECOURT_DATA_IN_CLEAR: 'maybe' },
    ['FORECOURT_DATA_IN_CLEAR must be yes or no (got "maybe")'],
  ],
  [{ NODE_ENV: 'development' }, []],
])('production without a data key: %o → %o', (env, expected) => {
  let problems: string[] = []
  try {
    // Production also needs a way to send email; that has its own test below.
    loadConfig({ MAIL_TRANSPORT: 'file', ...env })
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems = error.problems
  }
  expect(problems).toEqual(expected)
})

test('production refuses to start with no way to send email, unless files are chosen on purpose', () => {
  const production = {
    NODE_ENV: 'production',
    FORECOURT_SECRET: 'x'.repeat(32),
    FORECOURT_DATA_IN_CLEAR: 'yes',
  }
  expect(problemsOf(production)).toEqual([
    'SMTP_URL must be set in production, so emails reach applicants (or set MAIL_TRANSPORT=file to write them as .eml files under DATA_DIR/mail/ on purpose)',
  ])
  expect(loadConfig({ ...production, MAIL_TRANSPORT: 'file' }).mail.transport).toBe('file')
  expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.internal:25' }).mail.transport).toBe(
    'smtp',
  )
})

test('a brand the brand check refuses stops the start, with the others’ problems', () => {
  const withoutCommission = {
    ...brandDisclosures,
    carfinance: {
      ...brandDisclosures.carfinance,
      ids: brandDisclosures.carfinance.ids.filter((id) => id !== 'commission'),
    },
  }
  let problems: string[] = []
  try {
    loadConfig({ PORT: 'eighty' }, () => checkAllBrands(brands, withoutCommission))
  } catch (error) {
    if (error instanceof ConfigError) problems = error.problems
  }
  expect(problems).toEqual([
    'brand carfinance: has no commission disclosure',
    'PORT must be a whole number from 0 to 65535 (got "eighty")',
  ])
  // The brands as shipped pass.
  expect(checkAllBrands()).toEqual([])
  expect(() => loadConfig({})).not.toThrow()
})
