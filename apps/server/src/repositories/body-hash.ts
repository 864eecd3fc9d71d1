// The hash that tells a replayed submission from a conflicting one (decision 0602): the same content
// gives the same hash, whatever the order of its keys or its spacing.

import { createHash } from 'node:crypto'

/** SHA-256 (hex) of the canonical JSON of a body: the same content gives the same hash. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

/**
 * JSON with object keys sorted at every depth, so two bodies that differ only in key order or spacing
 * are one body. Numbers are written as JSON writes them (1.0 and 1 are one number once parsed).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i])
    return `${out}]`
  }
  const record = value as Record<string, unknown>
  let out = '{'
  for (const key of Object.keys(record).sort()) {
    const item = record[key]
    if (item === undefined) continue
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`
  }
  return `${out}}`
}
