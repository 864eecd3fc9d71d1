// The public API's requests against the contract: every route the OpenAPI document describes has its body
// or query generated from the contract's schema (applicant-requests.ts, and lender.ts for the lenders'
// route), so none is written by hand and a route added without a schema in the contract fails here.

import { afterAll, beforeAll, expect, test } from 'vitest'
import type { z } from 'zod'
import {
  APPLICANT_REQUESTS,
  SubmissionBodySchema,
} from '@forecourt/domain/contract/applicant-requests'
import { brands } from '@forecourt/domain/brands/brand-data'
import { LENDER_REQUESTS } from '@forecourt/domain/contract/lender'
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { createSubmissionSchema } from '@forecourt/domain/steps/submission-schema'
import { jsonSchemaOf } from '../src/routes/api/applicant-contract'
import { asDocumented } from './applicant-contract'
import { startTestApp, type TestApp } from './test-app'

interface Parameter {
  in: string
  name: string
  required?: boolean
  description?: string
  schema?: unknown
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> }
}
type JsonSchema = Record<string, unknown>

const CONTRACT: Record<string, { body?: z.ZodType; query?: z.ZodType }> = {
  ...APPLICANT_REQUESTS,
  ...LENDER_REQUESTS,
}

let testApp: TestApp
let paths: Record<string, Record<string, Operation>>

beforeAll(async () => {
  testApp = await startTestApp()
  const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(response.statusCode).toBe(200)
  paths = (response.json() as { paths: typeof paths }).paths
})
afterAll(async () => {
  await testApp.close()
})

/** Each operation as its route is registered: 'POST /api/evidence/:applicationKey'. */
function operations(): [string, Operation][] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    ]),
  )
}

/** A query's schema as the OpenAPI plugin lists it: one parameter a property, its description beside it. */
function asQueryParameters(schema: JsonSchema): Parameter[] {
  const required = (schema.required as string[] | undefined) ?? []
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(
    ([name, { description, ...property }]) => ({
      schema: asDocumented(property),
      in: 'query',
      name,
      required: required.includes(name),
      ...(description === undefined ? {} : { description: description as string }),
    }),
  )
}

test('every request body and query in the document is the one generated from the contract', () => {
  const described: string[] = []
  for (const [route, operation] of operations()) {
    const contract = CONTRACT[route]
    const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
    const content = operation.requestBody?.content ?? {}
    if (query.length > 0 || Object.keys(content).length > 0) described.push(route)

    if (contract?.body === undefined) {
      expect(operation.requestBody, `${route}: a body outside the contract`).toBeUndefined()
    } else {
      const generated = asDocumented(jsonSchemaOf(contract.body, 'input'))
      expect(Object.keys(content).length, route).toBeGreaterThan(0)
      for (const [type, { schema }] of Object.entries(content)) {
        expect(schema, `${route} ${type}`).toEqual(generated)
      }
    }
    if (contract?.query === undefined) {
      expect(query, `${route}: a query outside the contract`).toEqual([])
    } else {
      expect(query, route).toEqual(asQueryParameters(jsonSchemaOf(contract.query, 'input')))
    }
  }
  // And no schema in the contract for a route the server does not have.
  expect(described.sort()).toEqual(Object.keys(CONTRACT).sort())
})

test('every write reads a body the contract describes', () => {
  const writes = operations().filter(([route]) => !route.startsWith('GET '))
  expect(writes.length).toBe(19)
  for (const [route] of writes) {
    expect(CONTRACT[route]?.body, route).toBeDefined()
  }
})

test('the submission schema of any day and brands has the contract’s shape', () => {
  // The route checks with the schema of the day (ages) and of the brands (affiliate keys); those are
  // refinements, so the document's body, generated once, is that schema's.
  const ofToday = createSubmissionSchema({
    today: londonToday(new Date()),
    knownAffiliateKeys: Object.values(brands).map((brand) => brand.affiliateKey),
  })
  const { description, ...contract } = jsonSchemaOf(SubmissionBodySchema, 'input')
  expect(description).toBe('The full submission payload (docs/requirements.md#submission-payload)')
  expect(jsonSchemaOf(ofToday, 'input')).toEqual(contract)
})

test('the partial save describes every field of the submission and needs the brand’s key', () => {
  const partial = jsonSchemaOf(
    APPLICANT_REQUESTS['POST /api/application/:applicationKey'].body,
    'input',
  )
  const submission = jsonSchemaOf(SubmissionBodySchema, 'input')
  expect(Object.keys(partial.properties as JsonSchema)).toEqual(
    Object.keys(submission.properties as JsonSchema),
  )
  expect(partial.required).toEqual(['affiliateKey'])
})
