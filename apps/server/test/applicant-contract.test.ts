// The applicant contract against the server (decision 2166): the server registers every route the contract
// names, the OpenAPI document describes each answer with the schema generated from the contract, and the
// check every test app's answers go through refuses what the contract does not describe.

import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { APPLICANT_ROUTES, type ApplicantRoute } from '@forecourt/domain/contract/applicant'
import { jsonSchemaOf } from '../src/routes/api/applicant-contract'
import {
  applicantContractProblem,
  asDocumented,
  assertApplicantAnswers,
  checkApplicantAnswers,
} from './applicant-contract'
import { startTestApp } from './test-app'

const ROUTES = Object.keys(APPLICANT_ROUTES) as ApplicantRoute[]

test('the server registers every route of the contract, and the document describes its answers from it', async () => {
  const testApp = await startTestApp()
  try {
    await testApp.app.ready()
    const missing = ROUTES.filter((route) => {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string]
      return !testApp.app.hasRoute({ method, url })
    })
    expect(missing).toEqual([])

    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    const paths = (
      response.json() as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
      }
    ).paths
    for (const route of ROUTES) {
      const [method = '', url = ''] = route.split(' ')
      const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]
      const statuses: Record<string, unknown> = APPLICANT_ROUTES[route]
      for (const [status, schema] of Object.entries(statuses)) {
        // A write's 403 is described once by the OpenAPI plugin (the anti-forgery pair's), as is every 429.
        if (status === '403' || status === '429') continue
        const documented = (
          operation?.responses[status] as { content?: Record<string, { schema: unknown }> }
        )?.content?.['application/json']?.schema
        if (schema === null) {
          expect(documented, `${route} ${status}`).toBeUndefined()
          continue
        }
        expect(documented, `${route} ${status}`).toEqual(
          asDocumented(jsonSchemaOf(schema as Parameters<typeof jsonSchemaOf>[0])),
        )
      }
    }
  } finally {
    await testApp.close()
  }
})

test('the generated schemas take the plain form the serialiser reads cheaply', () => {
  expect(jsonSchemaOf(APPLICANT_ROUTES['GET /api/stock/:vehicleId'][200])).toMatchObject({
    type: 'object',
    additionalProperties: false,
    properties: {
      price: { type: 'integer' },
      mileage: { type: ['integer', 'null'] },
      colour: { type: ['string', 'null'] },
    },
  })
  expect(jsonSchemaOf(APPLICANT_ROUTES['POST /api/application/:applicationKey'][202])).toEqual({
    type: 'object',
    properties: { status: { type: 'string', const: 'saved' } },
    required: ['status'],
    additionalProperties: false,
  })
  expect(jsonSchemaOf(APPLICANT_ROUTES['POST /api/continue/check'][200]).properties).toMatchObject({
    state: { type: 'object', additionalProperties: true },
  })
})

test('an answer with a field the contract lacks, without one it declares, or at a success it does not declare breaks the contract', () => {
  const route = 'GET /api/csrf'
  expect(applicantContractProblem(route, 200, JSON.stringify({ token: 't' }))).toBeUndefined()
  expect(applicantContractProblem(route, 200, JSON.stringify({ token: 't', extra: 1 }))).toBe(
    'GET /api/csrf 200: ✖ Unrecognized key: "extra"',
  )
  expect(applicantContractProblem(route, 200, JSON.stringify({}))).toBe(
    'GET /api/csrf 200: ✖ Invalid input: expected string, received undefined\n  → at token',
  )
  expect(applicantContractProblem(route, 201, JSON.stringify({ token: 't' }))).toBe(
    'GET /api/csrf answered 201, a success the contract does not declare',
  )
  // A plugin's refusal (the rate limit's 429) is not the route's to declare.
  expect(applicantContractProblem(route, 429, JSON.stringify({ error: 'Slow down' }))).toBe(
    undefined,
  )
  expect(applicantContractProblem('POST /api/events', 204, '')).toBeUndefined()
  expect(applicantContractProblem('POST /api/events', 204, '{}')).toBe(
    'POST /api/events 204: a body where the contract declares none',
  )
})

test('a route answering outside the contract is caught by the test apps’ check, which fails their close', async () => {
  const app = Fastify()
  const mismatches = checkApplicantAnswers(app)
  // No response schema, so nothing is dropped on the way out: the check sees the field the contract lacks.
  app.get('/api/csrf', async () => ({ token: 't', expiresAt: 'soon' }))
  app.get('/api/health', async () => ({ status: 'ok' }))
  expect((await app.inject({ method: 'GET', url: '/api/csrf' })).statusCode).toBe(200)
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  await app.close()
  expect(mismatches()).toEqual(['GET /api/csrf 200: ✖ Unrecognized key: "expiresAt"'])
  expect(() => assertApplicantAnswers(mismatches())).toThrow(
    'Answers outside the applicant contract:\nGET /api/csrf 200: ✖ Unrecognized key: "expiresAt"',
  )
  expect(() => assertApplicantAnswers([])).not.toThrow()
})
