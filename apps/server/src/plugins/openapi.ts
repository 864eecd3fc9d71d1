// The API described by its own route schemas: @fastify/swagger collects every route registered after it
// and `GET /api/openapi.json` serves the OpenAPI 3.1 document. Only /api routes are described (the front
// end's files and pages are not an API). The anti-forgery pair and the common refusals (403, 429) are
// added here, once, instead of in every route. Decision record: docs/decisions/0804-*.

import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify'
import { CSRF_COOKIE, CSRF_HEADER, isApiWrite, SECURE_CSRF_COOKIE } from './anti-forgery'
import { rateLimitGroup } from './rate-limit'

export const OPENAPI_PATH = '/api/openapi.json'
export const OPENAPI_VERSION = '3.1.0'

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const

const forbidden = {
  ...errorBody,
  description:
    'Anti-forgery check failed: the token header is missing or differs from the cookie, or the request is cross-site',
}
const tooManyRequests = {
  ...errorBody,
  description: 'Rate limit reached for this client; the Retry-After header says when to try again',
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body the document describes for a route that reads its body itself (a signed route reads the
     * bytes as they came): the JSON schema generated from the contract, never checked by Fastify.
     */
    openApiBody?: Record<string, unknown>
  }
}

type RouteSchema = FastifySchema & {
  hide?: boolean
  security?: Record<string, string[]>[]
  response?: Record<string, unknown>
}

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Forecourt API',
      description:
        'Vehicle finance applications: submission, partial save, vehicle stock, address lookup, client address, telemetry and probes. Every write needs the anti-forgery pair: the token from the cookie (or GET /api/csrf) sent back in the x-csrf-token header.',
      version: '1.0.0',
    },
    components: {
      securitySchemes: {
        csrfHeader: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        csrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: CSRF_COOKIE,
          description: `${SECURE_CSRF_COOKIE} when the request is HTTPS`,
        },
      },
    },
  },
  transform: ({ schema, url, route }) => {
    const base = (schema ?? {}) as RouteSchema
    if (!url.startsWith('/api/')) return { schema: { ...base, hide: true }, url }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    // A signed server-to-server route (decision 1656) needs no anti-forgery pair.
    const write =
      methods.some((method) => isApiWrite(method, url)) && route.config?.antiForgery !== 'signed'
    const limited = methods.some((method) => rateLimitGroup(method, url) !== undefined)
    const response = {
      ...base.response,
      ...(write ? { 403: forbidden } : {}),
      ...(limited ? { 429: tooManyRequests } : {}),
    }
    const body = route.config?.openApiBody
    return {
      schema: {
        ...base,
        ...(body === undefined ? {} : { body }),
        response,
        ...(write ? { security: [{ csrfHeader: [], csrfCookie: [] }] } : {}),
      },
      url,
    }
  },
}

/** Before any route: the plugin learns the routes through an onRoute hook. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, swaggerOptions)
}

const schema = {
  summary: 'This document',
  response: {
    200: { type: 'object', additionalProperties: true, description: 'The OpenAPI 3.1 document' },
  },
} as const

export const openApiRoutes: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_PATH, { schema }, async () => app.swagger())
}
