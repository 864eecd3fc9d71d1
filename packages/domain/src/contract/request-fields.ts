// Reading a request with its contract schema, field by field: each field of the object schema parses on
// its own, so a refusal names every field at fault (with the first thing its schema says of it) and the
// fields that did parse are there for the checks only the server can make (is this brand yours, is this
// cursor one of ours), whose problems join the others in the schema's order of fields.

import type { z } from 'zod'

export interface FieldProblem {
  field: string
  message: string
}

type Shape = z.ZodObject['shape']

export type FieldsRead<S extends z.ZodObject> =
  | { ok: true; values: z.output<S>; errors: FieldProblem[] }
  | { ok: false; values: Partial<z.output<S>>; errors: FieldProblem[] }

/** A body or query read with `schema`; a body that is not an object reads as one with no fields. */
export function readFields<S extends z.ZodObject>(schema: S, input: unknown): FieldsRead<S> {
  const source =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {}
  const values: Record<string, unknown> = {}
  const errors: FieldProblem[] = []
  for (const [field, fieldSchema] of Object.entries(schema.shape as Shape)) {
    const read = fieldSchema.safeParse(source[field])
    if (read.success) {
      if (read.data !== undefined) values[field] = read.data
    } else {
      errors.push({ field, message: read.error.issues[0]?.message ?? 'is not valid' })
    }
  }
  return { ok: errors.length === 0, values, errors } as FieldsRead<S>
}

/** `errors` in the order the schema declares its fields (a stable sort: one field's keep theirs). */
export function inFieldOrder(schema: z.ZodObject, errors: readonly FieldProblem[]): FieldProblem[] {
  const order = Object.keys(schema.shape as Shape)
  const rank = (problem: FieldProblem) => {
    const at = order.indexOf(problem.field)
    return at === -1 ? order.length : at
  }
  return [...errors].sort((a, b) => rank(a) - rank(b))
}
