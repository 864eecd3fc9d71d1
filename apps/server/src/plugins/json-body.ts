// JSON bodies as Fastify parses them (prototype poisoning refused), but no deeper than an application can
// be. Code that walks a body (its hash, the schema) recurses: a body of a few kilobytes nested thousands
// of levels deep ran out of stack and answered 500. Counted on the text before parsing, outside strings,
// so the refusal costs one pass and no allocation. Decision record: docs/decisions/1433-malformed-input.md.

import type { FastifyInstance } from 'fastify'

/** An application nests four levels (payload → list → entry → field); anything near this is not one. */
export const MAX_JSON_DEPTH = 32
export const TOO_DEEP_MESSAGE = `Body is nested more than ${MAX_JSON_DEPTH} levels deep`

/** The deepest nesting of arrays and objects in JSON text; strings are skipped, escapes included. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92)
        i += 1 // backslash: the next character is escaped
      else if (code === 34) inString = false
    } else if (code === 34) {
      inString = true
    } else if (code === 91 || code === 123) {
      depth += 1
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAbove) return deepest
      }
    } else if (code === 93 || code === 125) {
      depth -= 1
    }
  }
  return deepest
}

/** Replaces the root's JSON parser; registered before the routes, so every route inherits it. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      const error = Object.assign(new Error(TOO_DEEP_MESSAGE), {
        statusCode: 400,
        code: 'FORECOURT_JSON_TOO_DEEP',
      })
      done(error, undefined)
      return
    }
    parse(request, body as string, done)
  })
}
