// The anti-forgery pair of docs/requirements.md#calls (double submit): the server issues a signed token in a
// readable, host-only cookie; the client echoes it in a header on every write. A page on another site can
// make the browser send a request but cannot read the cookie, so it cannot write the header (and a custom
// header cannot cross origins without a preflight this server never grants). SameSite=Strict keeps the
// cookie off cross-site requests altogether, `Sec-Fetch-Site: cross-site` is refused outright, the
// `__Host-` prefix over HTTPS stops a sibling host or a plain-http answer from planting a cookie, and the
// signature means only tokens this server issued count. Decision record: docs/decisions/0801-*.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import type { Config } from '../config'
import { acceptsHtml } from './static-front-end'

/** Over plain http (local `*.localhost` brands), where a `__Host-` cookie cannot be set. */
export const CSRF_COOKIE = 'forecourt-csrf'
/** Over HTTPS: host-only, Secure, Path=/ — browsers refuse it from anywhere else. */
export const SECURE_CSRF_COOKIE = '__Host-forecourt-csrf'
export const CSRF_HEADER = 'x-csrf-token'
/** A beacon cannot set headers, so the telemetry sink also accepts the token in this body field. */
export const CSRF_BODY_FIELD = 'csrf'

export const FORBIDDEN = { error: 'Forbidden' } as const

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// Domain separation: the same FORECOURT_SECRET may one day sign something else.
const PURPOSE = 'forecourt-anti-forgery-v1:'
const NONCE_BYTES = 18

/** Why a write was refused; logged (never answered), and never with the token's value. */
export type AntiForgeryFailure =
  | 'cross-site request'
  | 'no token cookie'
  | 'no token sent'
  | 'token does not match cookie'
  | 'token signature invalid'

/**
 * How a write route's token is checked: 'header' (the default) or 'header-or-body' (also accepting the
 * `csrf` body field: the telemetry beacon). 'signed': not at all, because the route is called server to
 * server and authenticates every request by its signature instead (the lenders' decisions, decision 1656).
 */
export type AntiForgeryMode = 'header' | 'header-or-body' | 'signed'

declare module 'fastify' {
  interface FastifyContextConfig {
    antiForgery?: AntiForgeryMode
  }
  interface FastifyInstance {
    antiForgery: AntiForgery
  }
}

export interface AntiForgery {
  /** A new signed token. */
  issue(): string
  /** Whether this server (with this secret) issued the token. */
  isSigned(token: string): boolean
  /** The cookie this request's token lives in: `__Host-` prefixed over HTTPS. */
  cookieName(request: FastifyRequest): string
  /** The request's valid token, or a new one set as its cookie on the reply. */
  ensureToken(request: FastifyRequest, reply: FastifyReply): string
  /** Why the request fails the check, or undefined when it passes. */
  check(request: FastifyRequest, sentToken: string | undefined): AntiForgeryFailure | undefined
}

export function createAntiForgery(secret: string): AntiForgery {
  const sign = (nonce: string) =>
    createHmac('sha256', secret)
      .update(PURPOSE + nonce)
      .digest('base64url')

  const isSigned = (token: string): boolean => {
    const [nonce, signature, ...rest] = token.split('.')
    if (nonce === undefined || signature === undefined || rest.length > 0 || nonce === '') {
      return false
    }
    return sameText(signature, sign(nonce))
  }

  const cookieName = (request: FastifyRequest) =>
    request.protocol === 'https' ? SECURE_CSRF_COOKIE : CSRF_COOKIE

  const issue = () => {
    const nonce = randomBytes(NONCE_BYTES).toString('base64url')
    return `${nonce}.${sign(nonce)}`
  }

  return {
    issue,
    isSigned,
    cookieName,
    ensureToken(request, reply) {
      const name = cookieName(request)
      const existing = request.cookies[name]
      if (existing !== undefined && isSigned(existing)) return existing
      const token = issue()
      const secure = name === SECURE_CSRF_COOKIE
      // Not HttpOnly: the client reads it to echo it. No Domain: host-only. No expiry: a session cookie,
      // and a token stays valid for as long as the secret does.
      reply.setCookie(name, token, { path: '/', sameSite: 'strict', secure, httpOnly: false })
      return token
    },
    check(request, sentToken) {
      if (request.headers['sec-fetch-site'] === 'cross-site') return 'cross-site request'
      const cookie = request.cookies[cookieName(request)]
      if (cookie === undefined || cookie === '') return 'no token cookie'
      if (sentToken === undefined || sentToken === '') return 'no token sent'
      if (!sameText(sentToken, cookie)) return 'token does not match cookie'
      if (!isSigned(cookie)) return 'token signature invalid'
      return undefined
    },
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

// One secret per process when none is configured (development and tests): tokens stop validating at the
// next start, which only means a page reload there. Production refuses to start without FORECOURT_SECRET.
let processSecret: string | undefined
function randomProcessSecret(): string {
  processSecret ??= randomBytes(48).toString('base64url')
  return processSecret
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[CSRF_HEADER]
  // An empty header is no header: the beacon's body token, if any, decides.
  return typeof value === 'string' && value !== '' ? value : undefined
}

function bodyToken(request: FastifyRequest): string | undefined {
  const body = request.body
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[CSRF_BODY_FIELD]
  return typeof value === 'string' ? value : undefined
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  reason: AntiForgeryFailure,
): FastifyReply {
  request.log.info({ reason }, 'anti-forgery check failed')
  return reply.code(403).send(FORBIDDEN)
}

export function isApiWrite(method: string, url: string): boolean {
  return WRITE_METHODS.has(method) && url.startsWith('/api/')
}

/**
 * Cookie parsing, the token on every HTML page, and the check on every write under /api. Registered on
 * the root instance before the routes, so its onRoute hook sees every one of them.
 */
export async function registerAntiForgery(
  app: FastifyInstance,
  config: Pick<Config, 'secret'>,
): Promise<AntiForgery> {
  if (config.secret === undefined) {
    // On listen, not at build: in-process tests never listen, and an operator sees it once at start-up.
    app.addHook('onListen', async () => {
      app.log.warn(
        'FORECOURT_SECRET is not set: anti-forgery tokens use a random secret that changes at every start',
      )
    })
  }
  const antiForgery = createAntiForgery(config.secret ?? randomProcessSecret())
  app.decorate('antiForgery', antiForgery)
  await app.register(fastifyCookie)

  const checkHeader: preValidationAsyncHookHandler = async (request, reply) => {
    const failure = antiForgery.check(request, headerToken(request))
    if (failure !== undefined) return refuse(request, reply, failure)
  }
  const checkHeaderOrBody: preValidationAsyncHookHandler = async (request, reply) => {
    const failure = antiForgery.check(request, headerToken(request) ?? bodyToken(request))
    if (failure !== undefined) return refuse(request, reply, failure)
  }

  // After the body is parsed (as csurf does after body-parser), so the beacon's body token can be read
  // and a malformed, oversized or mistyped body still gets its own 400, 413 or 415; before validation
  // and the handler, so nothing is looked at or stored. Rate limits run earlier, at onRequest.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.some((method) => isApiWrite(method, route.url))) return
    if (route.config?.antiForgery === 'signed') return
    const check = route.config?.antiForgery === 'header-or-body' ? checkHeaderOrBody : checkHeader
    route.preValidation = appendHook(route.preValidation, check)
  })

  // Every page of the single-page app carries a token, so the first write after a page load has one. A
  // page revalidated from the browser's cache (304) too: the session cookie may be gone while the cached
  // page is not, after the browser was closed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload
    const page =
      (reply.statusCode === 200 && isHtml(reply.getHeader('content-type'))) ||
      (reply.statusCode === 304 && acceptsHtml(request.headers.accept))
    if (page) antiForgery.ensureToken(request, reply)
    return payload
  })

  return antiForgery
}

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html')
}

type Hooks<T> = T | T[] | undefined

function appendHook<T>(existing: Hooks<T>, hook: T): T[] {
  if (existing === undefined) return [hook]
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook]
}

/**
 * Headers that pass the check, for in-process callers that hold the app (route tests): a token from
 * `GET /api/csrf` as both the cookie and the header.
 */
export async function antiForgeryHeaders(
  app: FastifyInstance,
): Promise<{ cookie: string; [CSRF_HEADER]: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf' })
  const { token } = response.json<{ token: string }>()
  return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token }
}
