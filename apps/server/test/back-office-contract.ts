// The back-office contract checked at run time: every answer a back-office test receives through
// startBackOffice's `request` is parsed with the schema its route and status have in BACK_OFFICE_ROUTES
// (the 4xx with the one error shape), and a mismatch fails that test with the route and zod's words.

import { z } from 'zod'
import {
  BACK_OFFICE_ROUTES,
  ErrorAnswerSchema,
  type BackOfficeRoute,
} from '@forecourt/domain/contract/back-office'

interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  body: string
}

// Paths without parameters first, so /applications/search is not read as /applications/:applicationKey.
const patterns = (Object.keys(BACK_OFFICE_ROUTES) as BackOfficeRoute[])
  .map((route) => {
    const [method, path] = route.split(' ') as [string, string]
    const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`)
    return { route, method, pattern, parameters: path.split(':').length - 1 }
  })
  .sort((a, b) => a.parameters - b.parameters)

/** The contract's route that answers `method` `url` (its query string aside), if any. */
export function contractRoute(method: string, url: string): BackOfficeRoute | undefined {
  const path = url.split('?')[0] ?? url
  return patterns.find((each) => each.method === method && each.pattern.test(path))?.route
}

/** Which route answered with which status, and passed, in this test file. */
export const answersChecked = new Set<string>()

/** Undefined when `answer` is what the contract says `route` answers with its status, else what is wrong. */
export function contractProblem(route: BackOfficeRoute, answer: Answer): string | undefined {
  const { statusCode } = answer
  if (statusCode >= 500) return undefined
  const label = `${route} ${statusCode}`
  let problem: string | undefined
  if (statusCode >= 400) {
    problem = parseProblem(ErrorAnswerSchema, answer.body)
  } else {
    const schemas: Partial<Record<number, z.ZodType | null>> = BACK_OFFICE_ROUTES[route]
    const schema = schemas[statusCode]
    if (schema === undefined) problem = `status ${statusCode} is not in the contract`
    else if (schema === null) problem = answer.body === '' ? undefined : 'a body on a 204'
    else if (schema instanceof z.ZodString) {
      problem = String(answer.headers['content-type']).startsWith('text/csv')
        ? undefined
        : `a ${String(answer.headers['content-type'])} answer where a CSV file was declared`
    } else problem = parseProblem(schema, answer.body)
  }
  if (problem === undefined) answersChecked.add(label)
  return problem === undefined ? undefined : `${label}: ${problem}`
}

function parseProblem(schema: z.ZodType, body: string): string | undefined {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return `not JSON: ${body.slice(0, 80)}`
  }
  const parsed = schema.safeParse(json)
  return parsed.success ? undefined : z.prettifyError(parsed.error)
}

/** Throws when a back-office answer breaks the contract; other URLs pass unread. */
export function assertContract(method: string, url: string, answer: Answer): void {
  if (!url.startsWith('/api/back-office/')) return
  const route = contractRoute(method, url)
  if (route === undefined) throw new Error(`${method} ${url} is not in BACK_OFFICE_ROUTES`)
  const problem = contractProblem(route, answer)
  if (problem !== undefined) throw new Error(`back-office contract broken by ${problem}`)
}
