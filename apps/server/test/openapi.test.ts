// The OpenAPI document is generated from the route schemas, so it must describe every /api route the app
// really has, each with the parts the specification of OpenAPI requires.

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './test-app'

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { description?: unknown; content?: Record<string, unknown> }>
  security?: Record<string, unknown>[]
}

interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> }
}

let testApp: TestApp
let document: OpenApiDocument
let rawBody: string
let contentType: string

beforeAll(async () => {
  // CORS open, so its preflight route exists too and is shown to stay out of the document.
  testApp = await startTestApp({ CORS_ORIGINS: 'https://apply.example.com' })
  const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(response.statusCode).toBe(200)
  rawBody = response.body
  contentType = String(response.headers['content-type'])
  document = JSON.parse(rawBody) as OpenApiDocument
})
afterAll(async () => {
  await testApp.close()
})

/** Every route the app answers under /api, as "METHOD /path/{param}", from Fastify's own table. */
function apiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = []
  // A route under another (`/api/application-status` then `/check`) is printed indented, with only the
  // rest of its path: the path is its parents' and its own.
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)── (\S+) \(([^)]+)\)$/.exec(line)
    if (match === null) continue
    const [, indent = '', part = '', methods = ''] = match
    const depth = Math.floor(indent.length / 4)
    parents.length = depth
    const path = `${parents.join('')}${part}`
    parents.push(part)
    if (!path.startsWith('/api/')) continue
    // The back office's API is answered on its own host only and left out of the public document.
    if (path.startsWith('/api/back-office/')) continue
    for (const method of methods.split(', ')) {
      // HEAD comes free with every GET; OPTIONS is the CORS preflight, not part of the API.
      if (method === 'HEAD' || method === 'OPTIONS') continue
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  return routes.sort()
}

function documentedRoutes(): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()
}

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  )
}

test('GET /api/openapi.json is a JSON OpenAPI 3.1 document about the Forecourt API', () => {
  expect(contentType).toBe('application/json; charset=utf-8')
  expect(() => JSON.parse(rawBody)).not.toThrow()
  expect(document.openapi).toBe('3.1.0')
  expect(document.info.title).toBe('Forecourt API')
  expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/)
})

test('the document lists every /api route the app answers, and nothing else', () => {
  const routes = apiRoutes(testApp.app)
  // The calls of docs/requirements.md#calls and the project's own, so a route lost from both lists is noticed.
  expect(routes).toEqual(
    expect.arrayContaining([
      'GET /api/address',
      'GET /api/csrf',
      'GET /api/health',
      'GET /api/ip',
      'GET /api/openapi.json',
      'GET /api/ready',
      'GET /api/stock/{vehicleId}',
      'POST /api/application/{applicationKey}',
      'POST /api/events',
      'POST /api/submission/{submissionKey}',
    ]),
  )
  expect(documentedRoutes()).toEqual(routes)
})

test('every operation answers with described responses, a success among them', () => {
  for (const [route, operation] of operations()) {
    const statuses = Object.keys(operation.responses)
    expect(statuses.length, route).toBeGreaterThan(0)
    expect(
      statuses.some((status) => /^2\d\d$/.test(status)),
      route,
    ).toBe(true)
    for (const [status, response] of Object.entries(operation.responses)) {
      expect(status, route).toMatch(/^[1-5]\d\d$/)
      expect(typeof response.description, `${route} ${status}`).toBe('string')
      // Declared by the route, not made up by the generator: a body's shape, or no body at all.
      if (status !== '204') {
        expect(response.content?.['application/json'], `${route} ${status}`).toMatchObject({
          schema: expect.any(Object),
        })
      }
    }
  }
})

test('every path parameter is declared, required and constrained by a schema', () => {
  for (const [route, operation] of operations()) {
    const inPath = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
    expect(declared.map((parameter) => parameter.name).sort(), route).toEqual(inPath.sort())
    for (const parameter of declared) {
      expect(parameter.required, `${route} ${parameter.name}`).toBe(true)
      expect(parameter.schema, `${route} ${parameter.name}`).toMatchObject({ type: 'string' })
    }
  }
})

test('every write declares its body, the anti-forgery pair and its refusals', () => {
  // The lenders' decisions are signed server to server instead (decision 1656).
  const signed = 'POST /api/lender-decisions/{lenderId}'
  const writes = operations().filter(([route]) => route.startsWith('POST ') && route !== signed)
  // Submission, partial save, telemetry, evidence; save and return (5), the joint applicant's (5,
  // decision 2127); the applicant's own page (4, decision 2113).
  expect(writes.length).toBe(18)
  const decisions = operations().find(([route]) => route === signed)?.[1]
  expect(decisions?.security).toBeUndefined()
  expect(Object.keys(decisions?.responses ?? {})).toEqual(
    expect.arrayContaining(['202', '400', '401', '404', '409', '429']),
  )
  for (const [route, operation] of writes) {
    expect(operation.requestBody?.content['application/json']?.schema, route).toBeDefined()
    expect(operation.security, route).toEqual([{ csrfHeader: [], csrfCookie: [] }])
    expect(Object.keys(operation.responses), route).toEqual(
      expect.arrayContaining(['400', '403', '429']),
    )
  }
  expect(document.components.securitySchemes).toEqual({
    csrfHeader: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    csrfCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'forecourt-csrf',
      description: '__Host-forecourt-csrf when the request is HTTPS',
    },
  })
})

test('the telemetry sink says it takes the beacon’s text/plain too', () => {
  const content = document.paths['/api/events']?.post?.requestBody?.content ?? {}
  expect(Object.keys(content).sort()).toEqual(['application/json', 'text/plain'])
})

test('lookups may be rate limited; the probes may not', () => {
  const responses = (route: string) =>
    Object.keys(operations().find(([name]) => name === route)?.[1].responses ?? {})
  expect(responses('GET /api/stock/{vehicleId}')).toContain('429')
  expect(responses('GET /api/address')).toContain('429')
  expect(responses('GET /api/health')).not.toContain('429')
  expect(responses('GET /api/ready')).not.toContain('429')
})

test('the front end’s files and pages are not in the API document', () => {
  expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true)
})
