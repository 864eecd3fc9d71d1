// The hosts this server answers for, and the brand of a request. A request names its site in the Host
// header (or, through a trusted proxy, X-Forwarded-Host); the brand of a page, of a submission and of a
// partial save comes from it, so an unknown host must not be answered as if it were one of ours. Served:
// each brand's `domains`, the back-office host, the extra names of ALLOWED_HOSTS and, in development and
// tests, `localhost`, `*.localhost` and the loopback addresses. Any other host gets 421 (Misdirected
// Request), unless ALLOWED_HOSTS has `*`: then it is answered as the default brand. Two Host headers are
// refused with 400 and a Host longer than a host name can be with 431. The probes answer whatever the host:
// a load balancer asks by address. Decision record: docs/decisions/1572-hosts-and-brands.md.

import { isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS, DEFAULT_BRAND_ID, brands, isBrandId } from '@forecourt/domain/brands/brand-data'
import { brandIdForDomain, brandIdForHost, hostName } from '@forecourt/domain/brands/host'

export interface HostsConfig {
  /** ALLOWED_HOSTS: more host names served, besides the brands' domains and the back-office host. */
  extra: string[]
  /** ALLOWED_HOSTS has `*`: any other host is answered as the default brand. */
  anyHost: boolean
  /** BACK_OFFICE_HOST: the back office's own host. */
  backOffice: string
  /** NODE_ENV is development or test: localhost, *.localhost and the loopback addresses are served. */
  localhost: boolean
}

/** 253 characters of name, a colon and a port. */
export const MAX_HOST_LENGTH = 253 + 6

export const HOST_MESSAGES = {
  twoHosts: 'A request must have exactly one Host header',
  tooLong: 'Host header too long',
  misdirected: 'This server does not serve that host',
} as const

const EXEMPT = new Set(['/api/health', '/api/ready'])
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** ALLOWED_HOSTS, read by loadConfig; the back office's host is BACK_OFFICE_HOST, checked with its configuration. */
export function parseHostsConfig(
  read: (name: string) => string | undefined,
  nodeEnv: string,
  backOffice: string,
  problems: string[],
): HostsConfig {
  const entries = (read('ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
  const names = entries.filter((entry) => entry !== '*')
  const bad = names.filter((entry) => !HOST_NAME.test(entry) && isIP(entry) === 0)
  if (bad.length > 0) {
    problems.push(
      `ALLOWED_HOSTS must be a comma-separated list of host names without a port, such as api.example.com, or * to answer any other host as the default brand (not understood: "${bad.join('", "')}")`,
    )
  }
  return {
    // An IPv6 address arrives in the Host header in brackets.
    extra: names.map((name) => (isIP(name) === 6 ? `[${name}]` : name)),
    anyHost: entries.includes('*'),
    backOffice,
    localhost: nodeEnv !== 'production',
  }
}

export interface HostPolicy {
  /** How the host is served: as named (its brand by the usual rule), as any host (the default brand), or not. */
  match(host: string): 'named' | 'any' | undefined
}

export function createHostPolicy(config: HostsConfig): HostPolicy {
  const named = new Set([...config.extra, config.backOffice])
  return {
    match(host) {
      const name = hostName(host)
      if (name === '') return undefined
      if (brandIdForDomain(name) !== undefined || named.has(name)) return 'named'
      if (config.localhost && (LOOPBACK.has(name) || name.endsWith('.localhost'))) return 'named'
      return config.anyHost ? 'any' : undefined
    },
  }
}

/** The brand a host is answered as, by the rule of brandOfRequest; undefined for a host not served. */
export function brandServedOn(policy: HostPolicy, host: string): BrandId | undefined {
  const match = policy.match(host)
  return match === 'named' ? brandIdForHost(host) : match === 'any' ? DEFAULT_BRAND_ID : undefined
}

/**
 * SITE_ORIGINS: each brand's own site, for a link made without a request to take the site from (the
 * joint applicant's link issued by the sweep, decision 1991). JSON `{"<brand>": "https://<host>"}`, each
 * origin on a host this server answers as that brand. A brand it leaves out gets its first domain over
 * https in production, and `http://<brand>.localhost:<PORT>` in development and tests, as `npm start`
 * serves it.
 */
export function parseSiteOrigins(
  value: string | undefined,
  context: { hosts: HostsConfig; nodeEnv: string; port: number },
  problems: string[],
): Record<BrandId, string> {
  const origins = Object.fromEntries(
    BRAND_IDS.map((id) => [
      id,
      context.nodeEnv === 'production'
        ? // The brand check requires at least one domain.
          `https://${brands[id].domains[0] ?? ''}`
        : `http://${id}.localhost:${context.port}`,
    ]),
  ) as Record<BrandId, string>
  if (value === undefined) return origins
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    problems.push('SITE_ORIGINS must be JSON like {"carfinance": "https://www.carfinance.example"}')
    return origins
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push('SITE_ORIGINS must be a JSON object whose keys are brand ids')
    return origins
  }
  const policy = createHostPolicy(context.hosts)
  for (const [brand, origin] of Object.entries(parsed)) {
    if (!isBrandId(brand)) {
      problems.push(`SITE_ORIGINS: "${brand}" is not a known brand id`)
      continue
    }
    const url = typeof origin === 'string' ? parseOrigin(origin) : undefined
    if (url === undefined) {
      problems.push(
        `SITE_ORIGINS: the site of "${brand}" must be an origin such as https://www.${brand}.example, without a path`,
      )
    } else if (brandServedOn(policy, url.host) !== brand) {
      // A link there would open on another brand's site, or on none this server answers.
      problems.push(
        `SITE_ORIGINS: this server does not answer ${url.host} as "${brand}" (see the brand's domains and ALLOWED_HOSTS)`,
      )
    } else {
      origins[brand] = url.origin
    }
  }
  return origins
}

function parseOrigin(value: string): URL | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  return value.replace(/\/$/, '').toLowerCase() === url.origin ? url : undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The brand a request belongs to: that of its host (decision 1572). */
    brandOfRequest(request: FastifyRequest): BrandId
  }
}

/** How many Host headers the request really had (Node keeps only the first in `headers`). */
function hostHeaderCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders
  let count = 0
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') count += 1
  return count
}

/**
 * Registered on the root instance right after the security headers: a request for a host we do not
 * serve costs nothing more.
 */
export function registerHostCheck(
  app: FastifyInstance,
  config: HostsConfig & { corsOrigins: readonly string[] },
): void {
  const policy = createHostPolicy(config)
  const corsOrigins = new Set(config.corsOrigins)
  app.decorate('brandOfRequest', (request: FastifyRequest): BrandId => {
    // A page on another origin of ours (CORS_ORIGINS) calling this API is that page's brand.
    const origin = request.headers.origin
    const host =
      origin !== undefined && corsOrigins.has(origin) ? new URL(origin).host : request.host
    return brandServedOn(policy, host ?? '') ?? DEFAULT_BRAND_ID
  })
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? ''
    if (EXEMPT.has(path)) return
    if (hostHeaderCount(request) > 1) {
      return reply.code(400).send({ error: HOST_MESSAGES.twoHosts })
    }
    const host = request.host ?? ''
    if (host.length > MAX_HOST_LENGTH) {
      return reply.code(431).send({ error: HOST_MESSAGES.tooLong })
    }
    if (policy.match(host) === undefined) {
      return reply.code(421).send({ error: HOST_MESSAGES.misdirected })
    }
  })
}
