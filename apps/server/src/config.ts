// The server's environment, validated once at start-up. Every problem is collected before failing so an
// operator fixes the whole list in one go instead of one restart per mistake.

import { isIP } from 'node:net'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { checkAllBrands } from '@forecourt/domain/brands/brand-check'
import { parseDataKeyring, type DataKeyring } from './crypto/field-encryption'
import { parseDeliveryConfig, type Destinations } from './delivery/destinations'
import { parseFunnelVocabulary, type FunnelVocabulary } from './funnel/vocabulary'
import { parseAddressApiConfig, type AddressApiConfig } from './address/address-config'
import { parseBackOfficeConfig, type BackOfficeConfig } from './back-office/back-office-config'
import { parseMailConfig, type MailConfig } from './email/mail-config'
import { parseHostsConfig, parseSiteOrigins, type HostsConfig } from './plugins/allowed-hosts'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const NODE_ENVS = ['development', 'production', 'test'] as const
export type NodeEnv = (typeof NODE_ENVS)[number]

/**
 * Which proxies may set X-Forwarded-For, -Host and -Proto: none (false), the nearest N hops, or a list of
 * addresses, CIDR ranges or proxy-addr names (loopback, linklocal, uniquelocal). Never "every one": a
 * client could then choose its own address and site (decision 1573).
 */
export type TrustProxy = false | number | string[]

export interface Config {
  port: number
  /** FUNNEL_SOURCES and FUNNEL_CAMPAIGNS: the labels the funnel counts by (decision 2112). */
  funnel: FunnelVocabulary
  host: string
  /** A postgres:// address selects PostgreSQL; undefined selects SQLite in dataDir. */
  databaseUrl: string | undefined
  dataDir: string
  /**
   * AUDIT_ANCHOR_FILE: where the audit log's head is anchored, signed (decision 2123); by default
   * DATA_DIR/audit-anchor.json; undefined ("off"): the server anchors nothing and `audit verify` checks
   * the chain alone.
   */
  auditAnchorFile: string | undefined
  webDistDir: string
  logLevel: LogLevel
  trustProxy: TrustProxy
  nodeEnv: NodeEnv
  /** ALLOWED_HOSTS, BACK_OFFICE_HOST: the hosts served besides the brands' domains (decision 1572). */
  hosts: HostsConfig
  /**
   * SITE_ORIGINS, or the defaults: each brand's site, for links made without a request (the joint
   * applicant's link issued by the sweep, decision 1991).
   */
  siteOrigins: Readonly<Record<BrandId, string>>
  // Encryption at rest (parsed by crypto/field-encryption.ts)
  /**
   * FORECOURT_DATA_KEY (+ _ID) seals the personal fields of stored applications; FORECOURT_OLD_DATA_KEYS
   * only opens older records. Undefined when none is set: payloads are stored in clear.
   */
  dataKeys?: DataKeyring
  // Security and retention (anti-forgery, CORS, rate limits, retention job): parseSecurity
  /** FORECOURT_SECRET signs anti-forgery tokens: required in production, else random per process. */
  secret: string | undefined
  /** CORS_ORIGINS: other origins allowed to call the API with credentials; empty keeps CORS closed. */
  corsOrigins: string[]
  /** REDIS_URL: shared store for the rate-limit counters; unset keeps them in this process's memory. */
  redisUrl: string | undefined
  /** Requests per minute per client address; 0 switches that limit off. */
  rateLimit: {
    writesPerMinute: number
    /** Telemetry events (POST /api/events); by default EVENTS_PER_WRITE times writesPerMinute. */
    eventsPerMinute: number
    lookupsPerMinute: number
    /** Partial saves per client address per hour (decision 1803); 0: no quota. */
    partialSavesPerHour: number
  }
  retention: { job: boolean; submittedDays: number; partialDays: number }
  // Lender delivery (parsed by delivery/destinations.ts)
  /** LENDER_DESTINATIONS or LENDER_DESTINATIONS_FILE: each brand's lender endpoints; none by default. */
  lenderDestinations: Destinations
  /** DELIVERY_WORKER=off: the server only enqueues, and `npm run worker` delivers. On by default. */
  deliveryWorker: boolean
  // Address lookup (parsed by address/address-config.ts)
  /** ADDRESS_PROVIDER=ideal-postcodes with ADDRESS_API_KEY; undefined selects the embedded demo dataset. */
  addressApi?: AddressApiConfig
  // Load shedding and database outages: parseResilience
  /**
   * LOAD_SHEDDING_MAX_IN_FLIGHT: the applicant's requests in flight beyond which new ones get 503 at once
   * (0: never; the back office's and the lenders' pools get a quarter each, decision 2121);
   * LOAD_SHEDDING_MAX_PER_CLIENT: one client address's requests in one pool (0: no cap, and no shrinking
   * share); LOAD_SHEDDING_RETRY_AFTER_SECONDS: the Retry-After of that 503.
   */
  loadShedding: { maxInFlight: number; maxPerClient: number; retryAfterSeconds: number }
  /**
   * REQUEST_TIMEOUT_MS: the headers and body of a request must all have arrived within this, or the HTTP
   * server answers 408 and closes the connection (decision 1571).
   */
  requestTimeoutMs: number
  /** DATABASE_WRITE_TIMEOUT_MS: a write still waiting for the database after this long gets 503 (0: never). */
  databaseWriteTimeoutMs: number
  /** BACK_OFFICE_HOST, BACK_OFFICE_URL, BACK_OFFICE_DIST_DIR, FORECOURT_INDEX_KEY. */
  backOffice: BackOfficeConfig
  /** SMTP_URL or .eml files under DATA_DIR/mail/; MAIL_FROM, BROKER_INBOXES (links to the back office use backOffice.url). */
  mail: MailConfig
}

export class ConfigError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `- ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

// Resolved from this file, not process.cwd(): `npm start -w` runs with apps/server as the working folder,
// while operators think of paths from the repository root. The compiled server (apps/server/dist/*.js)
// sits as deep below the root as this file does, so the same relative step holds there.
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

type Env = Record<string, string | undefined>

export function loadConfig(
  env: Env = process.env,
  checkBrands: () => string[] = checkAllBrands,
): Config {
  const problems: string[] = []
  // The brands are data: one without a commission disclosure or a panel statement, with an unreadable
  // colour or an example the calculator does not give, is refused here (brand-check.ts, decision 1651).
  problems.push(...checkBrands().map((problem) => `brand ${problem}`))
  // An empty value (`PORT=` in a compose file) means "not set", so the default applies.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }

  const port = parsePort(read('PORT'), problems)
  const host = read('HOST') ?? 'localhost'
  if (/\s/.test(host)) problems.push(`HOST must be a host name or address without spaces`)

  const databaseUrl = read('DATABASE_URL')
  if (databaseUrl !== undefined) checkDatabaseUrl(databaseUrl, problems)

  const logLevel = parseEnum('LOG_LEVEL', read('LOG_LEVEL') ?? 'info', LOG_LEVELS, problems)
  const nodeEnv = parseEnum('NODE_ENV', read('NODE_ENV') ?? 'development', NODE_ENVS, problems)
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems)
  const dataKeys = parseDataKeyring(
    {
      key: read('FORECOURT_DATA_KEY'),
      keyId: read('FORECOURT_DATA_KEY_ID'),
      oldKeys: read('FORECOURT_OLD_DATA_KEYS'),
    },
    problems,
  )
  checkDataKeyInProduction(read, nodeEnv, dataKeys, problems)
  const security = parseSecurity(read, nodeEnv, problems)
  const delivery = parseDeliveryConfig(read, REPOSITORY_ROOT, problems)
  const addressApi = parseAddressApiConfig(read, problems)
  const resilience = parseResilience(read, problems)
  const backOffice = parseBackOfficeConfig(read, port, fromRepositoryRoot, problems)
  const hosts = parseHostsConfig(read, nodeEnv, backOffice.host, problems)
  const siteOrigins = parseSiteOrigins(read('SITE_ORIGINS'), { hosts, nodeEnv, port }, problems)
  const dataDir = fromRepositoryRoot(read('DATA_DIR') ?? 'data')
  const mail = parseMailConfig(read, { nodeEnv, dataDir, backOfficeUrl: backOffice.url }, problems)
  const funnel = parseFunnelVocabulary(read, problems)

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    auditAnchorFile: parseAuditAnchorFile(read('AUDIT_ANCHOR_FILE'), dataDir),
    webDistDir: fromRepositoryRoot(read('WEB_DIST_DIR') ?? 'apps/web/dist'),
    logLevel: logLevel as LogLevel,
    trustProxy,
    nodeEnv: nodeEnv as NodeEnv,
    hosts,
    siteOrigins,
    dataKeys,
    ...security,
    ...delivery,
    addressApi,
    ...resilience,
    backOffice,
    mail,
    funnel,
  }
}

function fromRepositoryRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPOSITORY_ROOT, path)
}

function parseAuditAnchorFile(value: string | undefined, dataDir: string): string | undefined {
  if (value === undefined) return join(dataDir, 'audit-anchor.json')
  return value.toLowerCase() === 'off' ? undefined : fromRepositoryRoot(value)
}

function parsePort(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 3000
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${value}")`)
  }
  return port
}

function parseEnum(
  name: string,
  value: string,
  allowed: readonly string[],
  problems: string[],
): string {
  if (!allowed.includes(value)) {
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`)
  }
  return value
}

function checkDatabaseUrl(value: string, problems: string[]): void {
  // The value may hold a password: name the problem, never echo the address.
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push('DATABASE_URL must be a postgres:// address (it is not a valid URL)')
    return
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    problems.push(
      `DATABASE_URL must start with postgres:// or postgresql:// (got "${url.protocol}//"); leave it unset to use SQLite`,
    )
  } else if (url.hostname === '') {
    problems.push('DATABASE_URL must name a host, as in postgres://user@host:5432/database')
  }
}

function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (value === undefined) return false
  const lower = value.toLowerCase()
  if (lower === 'false') return false
  if (lower === 'true') {
    problems.push(
      'TRUST_PROXY=true would believe X-Forwarded-For, -Host and -Proto from anyone, so any client could choose its own address and brand: set the number of proxies in front of this server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.0.0.6 or a CIDR range such as 10.0.0.0/24)',
    )
    return false
  }
  if (/^\d+$/.test(value)) return Number(value)
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: "${bad.join('", "') || value}")`,
    )
  }
  return entries
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d+$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * A production server stores applications sealed, unless the deployment says in so many words that it
 * stores them in clear on purpose (FORECOURT_DATA_IN_CLEAR=yes), e.g. on an encrypted disk it trusts
 * instead (decision 1574).
 */
function checkDataKeyInProduction(
  read: (name: string) => string | undefined,
  nodeEnv: string,
  dataKeys: DataKeyring | undefined,
  problems: string[],
): void {
  const inClear = read('FORECOURT_DATA_IN_CLEAR')?.toLowerCase()
  if (inClear !== undefined && inClear !== 'yes' && inClear !== 'no') {
    problems.push(`FORECOURT_DATA_IN_CLEAR must be yes or no (got "${inClear}")`)
    return
  }
  if (nodeEnv !== 'production' || dataKeys?.current !== undefined || inClear === 'yes') return
  problems.push(
    'FORECOURT_DATA_KEY must be set in production: 32 random bytes, base64 or hex (for example from `openssl rand -base64 32`); to store applications in clear on purpose, set FORECOURT_DATA_IN_CLEAR=yes',
  )
}

// Security and retention

type SecurityConfig = Pick<
  Config,
  'secret' | 'corsOrigins' | 'redisUrl' | 'rateLimit' | 'retention'
>

export const MIN_SECRET_LENGTH = 32
export const DEFAULT_WRITES_PER_MINUTE = 60
/**
 * A page saves at most every 2 s while answers change, and a whole application takes about a hundred
 * saves; 600 an hour leaves room for several applicants behind one address (decision 1803).
 */
export const DEFAULT_PARTIAL_SAVES_PER_HOUR = 600
export const DEFAULT_LOOKUPS_PER_MINUTE = 120
/**
 * Telemetry events per client address per minute, unless RATE_LIMIT_EVENTS_PER_MINUTE says otherwise: this
 * many times the write budget. A page sends about three a screen (viewed, then the Continue's page view
 * and submit, more with errors), so a quick applicant, or two behind one address, passed 60 a minute and
 * the funnel lost their events; an event costs a fraction of a partial save.
 */
export const EVENTS_PER_WRITE = 10
// docs/requirements.md#retention: "up to six years"; 2192 days covers six years with two leap days.
export const DEFAULT_RETENTION_SUBMITTED_DAYS = 2192
export const DEFAULT_RETENTION_PARTIAL_DAYS = 30

function parseSecurity(
  read: (name: string) => string | undefined,
  nodeEnv: string,
  problems: string[],
): SecurityConfig {
  // Secrets and addresses that may hold a password are never echoed in a problem.
  const secret = read('FORECOURT_SECRET')
  if (secret === undefined && nodeEnv === 'production') {
    problems.push(
      `FORECOURT_SECRET must be set in production: ${MIN_SECRET_LENGTH} or more random characters (for example from \`openssl rand -base64 48\`)`,
    )
  } else if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    problems.push(
      `FORECOURT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (it has ${secret.length})`,
    )
  }

  const redisUrl = read('REDIS_URL')
  if (redisUrl !== undefined && !/^rediss?:\/\/[^/\s]/.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// address, as in redis://host:6379')
  }

  const perMinute = (name: string, fallback: number): number => {
    const value = read(name)
    if (value === undefined) return fallback
    if (!/^\d+$/.test(value)) {
      problems.push(
        `${name} must be a whole number of requests per minute, or 0 for no limit (got "${value}")`,
      )
    }
    return Number(value)
  }
  const perHour = (name: string, fallback: number): number => {
    const value = read(name)
    if (value === undefined) return fallback
    if (!/^\d+$/.test(value)) {
      problems.push(
        `${name} must be a whole number of requests per hour, or 0 for no limit (got "${value}")`,
      )
    }
    return Number(value)
  }
  const days = (name: string, fallback: number): number => {
    const value = read(name)
    if (value === undefined) return fallback
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      problems.push(`${name} must be a whole number of days, 1 or more (got "${value}")`)
    }
    return Number(value)
  }
  const job = read('RETENTION_JOB')?.toLowerCase() ?? 'on'
  if (job !== 'on' && job !== 'off') {
    problems.push(`RETENTION_JOB must be on or off (got "${job}")`)
  }

  const writesPerMinute = perMinute('RATE_LIMIT_WRITES_PER_MINUTE', DEFAULT_WRITES_PER_MINUTE)
  return {
    secret,
    corsOrigins: parseCorsOrigins(read('CORS_ORIGINS'), problems),
    redisUrl,
    rateLimit: {
      writesPerMinute,
      eventsPerMinute: perMinute(
        'RATE_LIMIT_EVENTS_PER_MINUTE',
        writesPerMinute * EVENTS_PER_WRITE,
      ),
      lookupsPerMinute: perMinute('RATE_LIMIT_LOOKUPS_PER_MINUTE', DEFAULT_LOOKUPS_PER_MINUTE),
      partialSavesPerHour: perHour(
        'RATE_LIMIT_PARTIAL_SAVES_PER_HOUR',
        DEFAULT_PARTIAL_SAVES_PER_HOUR,
      ),
    },
    retention: {
      job: job !== 'off',
      submittedDays: days('RETENTION_SUBMITTED_DAYS', DEFAULT_RETENTION_SUBMITTED_DAYS),
      partialDays: days('RETENTION_PARTIAL_DAYS', DEFAULT_RETENTION_PARTIAL_DAYS),
    },
  }
}

function parseCorsOrigins(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return []
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.includes('*')) {
    problems.push(
      'CORS_ORIGINS cannot be *: list the origins, because the API allows them credentials',
    )
    return []
  }
  const origins = entries.map(originOf)
  const bad = entries.filter((_entry, index) => origins[index] === undefined)
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `CORS_ORIGINS must be a comma-separated list of origins such as https://apply.example.com, without a path (not understood: "${bad.join('", "') || value}")`,
    )
  }
  return origins.filter((origin) => origin !== undefined)
}

function originOf(entry: string): string | undefined {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  // An origin is scheme, host and port only: a path, query or credentials mean a mistake.
  if (entry.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return undefined
  return url.origin
}

// Load shedding and database outages

type ResilienceConfig = Pick<Config, 'loadShedding' | 'databaseWriteTimeoutMs' | 'requestTimeoutMs'>

// Three times the twenty clients of `npm run bench:api`, which the server serves at its maximum rate
// without a queue: decision 1431.
export const DEFAULT_MAX_IN_FLIGHT = 64
export const DEFAULT_SHED_RETRY_AFTER_SECONDS = 2
// Above the benchmark's twenty clients from one address; a browser sends at most six at once (decision 1571).
export const DEFAULT_MAX_PER_CLIENT = 32
// A 64 KiB body over a poor mobile link takes a second or two; ten is generous and still frees a slow
// client's places quickly (decision 1571).
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000
// The last resort, for a database that answers checks but not this write; half the browser's 20 s wait
// for one attempt. An outage is found sooner, by the checks (decision 1432).
export const DEFAULT_DATABASE_WRITE_TIMEOUT_MS = 10_000

function parseResilience(
  read: (name: string) => string | undefined,
  problems: string[],
): ResilienceConfig {
  const whole = (name: string, fallback: number, min: number, what: string): number => {
    const value = read(name)
    if (value === undefined) return fallback
    if (!/^\d+$/.test(value) || Number(value) < min) {
      problems.push(`${name} must be ${what} (got "${value}")`)
    }
    return Number(value)
  }
  return {
    loadShedding: {
      maxInFlight: whole(
        'LOAD_SHEDDING_MAX_IN_FLIGHT',
        DEFAULT_MAX_IN_FLIGHT,
        0,
        'a whole number of requests, or 0 to never shed load',
      ),
      maxPerClient: whole(
        'LOAD_SHEDDING_MAX_PER_CLIENT',
        DEFAULT_MAX_PER_CLIENT,
        0,
        'a whole number of requests, or 0 for no cap per client',
      ),
      retryAfterSeconds: whole(
        'LOAD_SHEDDING_RETRY_AFTER_SECONDS',
        DEFAULT_SHED_RETRY_AFTER_SECONDS,
        1,
        'a whole number of seconds, 1 or more',
      ),
    },
    requestTimeoutMs: whole(
      'REQUEST_TIMEOUT_MS',
      DEFAULT_REQUEST_TIMEOUT_MS,
      1000,
      'a whole number of milliseconds, 1000 or more',
    ),
    databaseWriteTimeoutMs: whole(
      'DATABASE_WRITE_TIMEOUT_MS',
      DEFAULT_DATABASE_WRITE_TIMEOUT_MS,
      0,
      'a whole number of milliseconds, or 0 to wait as long as the database takes',
    ),
  }
}
