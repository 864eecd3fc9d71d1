// Security headers on every response, pages and API alike. The policy allows no inline script or style:
// the front end ships everything as files from its own origin. The only other origin is the brands' tag
// manager, which the front end loads after cookie consent.

import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'

export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", TAG_MANAGER_ORIGIN],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", TAG_MANAGER_ORIGIN],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
}

export const securityHeaderOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    // Written out in full rather than merged with helmet's defaults, which add upgrade-insecure-requests:
    // that would send the local http://<brand>.localhost pages' requests to https, where nothing listens.
    // HSTS does the upgrading in production.
    useDefaults: false,
    directives: contentSecurityPolicyDirectives,
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // nosniff (X-Content-Type-Options) and the cross-origin policies keep helmet's defaults.
}

/** Registered on the root instance (not inside a plugin) so its hooks reach every route and the 404s. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, securityHeaderOptions)
}
