// The applicant contract's runtime check (decision 2166): every answer a public route of the contract sends
// in a test, as the client receives it (after serialisation), is parsed with the schema of its route and
// status. The test apps (test-app.ts, submission-test-helpers.ts) install it, and their close() fails the
// test file with every mismatch seen, so a route whose answers leave the contract fails the tests that
// exercise it. Statuses the contract does not declare for a route (a plugin's 403, 413, 429, 503, a fault's
// 500) are not checked, except a success: a route answering a 2xx the contract lacks is a mismatch too.

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { APPLICANT_ROUTES, type ApplicantRoute } from '@forecourt/domain/contract/applicant'

/** What is wrong with one answer of `route`, or undefined when it is what the contract declares. */
export function applicantContractProblem(
  route: ApplicantRoute,
  status: number,
  payload: unknown,
): string | undefined {
  const statuses: Partial<Record<number, z.ZodType | null>> = APPLICANT_ROUTES[route]
  const schema = statuses[status]
  if (schema === undefined) {
    return status >= 200 && status < 300
      ? `${route} answered ${status}, a success the contract does not declare`
      : undefined
  }
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : ''
  if (schema === null) {
    return text === '' ? undefined : `${route} ${status}: a body where the contract declares none`
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${route} ${status}: not JSON`
  }
  const parsed = schema.safeParse(body)
  return parsed.success ? undefined : `${route} ${status}: ${z.prettifyError(parsed.error)}`
}

/** Checks every contract route's answers of `app` from now on; the mismatches seen so far. */
export function checkApplicantAnswers(app: FastifyInstance): () => string[] {
  const mismatches: string[] = []
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`
    if (route in APPLICANT_ROUTES) {
      const problem = applicantContractProblem(route as ApplicantRoute, reply.statusCode, payload)
      if (problem !== undefined) mismatches.push(problem)
    }
    return payload
  })
  return () => [...mismatches]
}

/** Throws with every mismatch seen, if any: called by the test apps' close(). */
export function assertApplicantAnswers(mismatches: string[]): void {
  if (mismatches.length > 0) {
    throw new Error(`Answers outside the applicant contract:\n${mismatches.join('\n')}`)
  }
}

/** The OpenAPI plugin writes a `const` as a one-value `enum`. */
export function asDocumented(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asDocumented)
  if (typeof schema !== 'object' || schema === null) return schema
  const entries = Object.entries(schema).map(([key, value]) =>
    key === 'const' ? ['enum', [value]] : [key, asDocumented(value)],
  )
  return Object.fromEntries(entries)
}
