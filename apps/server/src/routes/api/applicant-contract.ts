// The public routes' `response` schemas, generated from the applicant API's contract (decision 2166) instead
// of written a second time: the OpenAPI document and the serialiser read the same shapes the routes' types
// and the web app's come from. Generated once per route at start-up. Their requests' bodies and queries too
// (`applicantBody`, `applicantQuery`): what Fastify checks is what the document says.

import { z } from 'zod'
import {
  APPLICANT_ROUTES,
  InvalidSchema,
  type ApplicantRoute,
} from '@forecourt/domain/contract/applicant'
import {
  APPLICANT_REQUESTS,
  type ApplicantRequestRoute,
} from '@forecourt/domain/contract/applicant-requests'

type JsonSchema = Record<string, unknown>

const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }

/**
 * One zod schema as the JSON schema (draft-07), of what it answers (`output`) or what it reads (`input`, a
 * request's body), the serialiser and the OpenAPI plugin read, in the plain
 * form a hand-written one would take: no `$schema`, no safe-integer bounds on every integer, a nullable
 * scalar as `type: [T, 'null']` (fast-json-stringify's cheap path, not `anyOf`), an open object's
 * `additionalProperties: true`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io,
  }) as JsonSchema
  return plain(generated) as JsonSchema
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value !== 'object' || value === null) return value
  const node = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, plain(item)]),
  ) as JsonSchema
  if (
    node.type === 'integer' &&
    node.minimum === SAFE_INTEGER_BOUNDS.minimum &&
    node.maximum === SAFE_INTEGER_BOUNDS.maximum
  ) {
    delete node.minimum
    delete node.maximum
  }
  const anyOf = node.anyOf
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(node).length === 1) {
    const [first, second] = anyOf as JsonSchema[]
    const scalar = (part: JsonSchema | undefined) =>
      part !== undefined && Object.keys(part).length === 1 && typeof part.type === 'string'
    if (scalar(first) && scalar(second) && second?.type === 'null') {
      return { type: [first?.type, 'null'] }
    }
  }
  if (
    typeof node.additionalProperties === 'object' &&
    node.additionalProperties !== null &&
    Object.keys(node.additionalProperties).length === 0
  ) {
    node.additionalProperties = true
  }
  return node
}

/** A refusal of a body, `{ error, errors? }`, for the routes outside the applicant contract. */
export const invalidBody = jsonSchemaOf(InvalidSchema)

/** A route's `response` schemas, by status, from its contract; a 204 is declared as no body. */
export function applicantResponses(route: ApplicantRoute): Record<number, JsonSchema> {
  const statuses: Record<string, z.ZodType | null> = APPLICANT_ROUTES[route]
  return Object.fromEntries(
    Object.entries(statuses).map(([status, schema]) => [
      Number(status),
      schema === null ? { type: 'null', description: 'No body' } : jsonSchemaOf(schema),
    ]),
  )
}

/** A route's body, as the JSON schema Fastify checks it with and the OpenAPI document describes. */
export function applicantBody(route: RouteWithPart<'body'>): JsonSchema {
  return jsonSchemaOf((APPLICANT_REQUESTS[route] as { body: z.ZodType }).body, 'input')
}

/** A route's query, as the JSON schema Fastify checks it with and the OpenAPI document describes. */
export function applicantQuery(route: RouteWithPart<'query'>): JsonSchema {
  return jsonSchemaOf((APPLICANT_REQUESTS[route] as { query: z.ZodType }).query, 'input')
}

type RouteWithPart<P extends 'body' | 'query'> = {
  [R in ApplicantRequestRoute]: (typeof APPLICANT_REQUESTS)[R] extends Record<P, z.ZodType>
    ? R
    : never
}[ApplicantRequestRoute]
