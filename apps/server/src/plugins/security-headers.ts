// Security headers on every response, pages and API alike. The policy allows inline script and style only
// by hash: the pre-rendered pages carry their stylesheet and brand theme in <style> elements, and a
// question's page one short <script> (decision 2156), each named by its SHA-256 in that page's own
// policy (contentSecurityPolicy below); everything else ships as files from the page's own origin. The
// only other script is the brands' tag-manager container, which the front end loads after cookie
// consent: the policy allows its loader's address (gtm.js) and nothing else on that origin (decision
// 1574). Permissions-Policy switches off the powerful browser features the form never uses, for the
// page and anything it embeds.

import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'
/** The container loader; the container's id is a query parameter, which a policy cannot name. */
export const TAG_MANAGER_SCRIPT = `${TAG_MANAGER_ORIGIN}/gtm.js`

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

export const contentSecurityPolicyDirectives: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", TAG_MANAGER_SCRIPT],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", TAG_MANAGER_ORIGIN],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
}

export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    // Written out in full rather than merged with helmet's defaults, which add upgrade-insecure-requests:
    // that would send the local http://<brand>.localhost pages' requests to https, where nothing listens.
    // HSTS does the upgrading in production.
    useDefaults: false,
    directives: { ...contentSecurityPolicyDirectives },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // nosniff (X-Content-Type-Options) and the cross-origin policies keep helmet's defaults.
}

/**
 * The policy as helmet writes it, with `styleHashes` ('sha256-…' sources) added to style-src and
 * `scriptHashes` to script-src: a page that carries inline <style> or <script> elements sends this
 * instead of the shared header.
 */
export function contentSecurityPolicy(
  styleHashes: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  return Object.entries(contentSecurityPolicyDirectives)
    .map(([name, values]) => {
      const sources =
        name === 'styleSrc'
          ? [...values, ...styleHashes]
          : name === 'scriptSrc'
            ? [...values, ...scriptHashes]
            : values
      return [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' ')
    })
    .join(';')
}

/** The CSP hash source of each <style> element's text in `html`, in order. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => hashSource(css))
}

/**
 * The CSP hash source of each inline <script> element's text in `html` (one without attributes: a
 * question's pre-rendered page carries one, decision 2156), in order.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js = '']) => hashSource(js))
}

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * Registered on the root instance (not inside a plugin) so its hook reaches every route and the 404s.
 * helmet's middleware is made once: it writes the policy's text when it is made, and then only sets the
 * headers. (@fastify/helmet made it again for every request: 3–4 % of the event loop's time under a
 * submission load, decision 1981.)
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet(securityHeaderOptions)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
}
