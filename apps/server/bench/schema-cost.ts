// What the domain's submission schema costs a request, beside parsing the same body and cloning it: the
// valid submissions of the benchmarks (about 2.3 KB each), each check timed after a warm-up, on this
// process alone. Bounds what a faster validator could save a durable submission (docs/benchmarks.md,
// "The CPU bars against a lean durable write").
// `node --import tsx apps/server/bench/schema-cost.ts [--calls 20000]`

import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { validateSubmission } from '@forecourt/domain/steps/submission-schema'
import { submissionTemplate } from '../faults/support/submission-load'
import { submissionRules } from '../src/routes/api/submission-rules'

const WARM_UP = 3000
const BODIES = 200

const at = process.argv.indexOf('--calls')
const calls = at === -1 ? 20_000 : Number(process.argv[at + 1])
const template = submissionTemplate()
const texts = Array.from({ length: BODIES }, () => template(randomUUID()))
const parsed = texts.map((text) => JSON.parse(text) as unknown)
const rules = submissionRules(new Date())

/** Microseconds a call, after a warm-up, over the bodies in turn. */
function timed(work: (index: number) => void): number {
  for (let index = 0; index < WARM_UP; index += 1) work(index % BODIES)
  const started = performance.now()
  for (let index = 0; index < calls; index += 1) work(index % BODIES)
  return ((performance.now() - started) * 1000) / calls
}

const figures = {
  'JSON.parse of the body': timed((index) => JSON.parse(texts[index]!)),
  "the domain's schema (validateSubmission)": timed((index) => {
    const result = validateSubmission(parsed[index], rules)
    if (!result.ok) throw new Error(`a valid body refused: ${JSON.stringify(result.errors)}`)
  }),
  'structuredClone of the parsed body': timed((index) => structuredClone(parsed[index])),
}
console.log(`${calls} calls each, ${texts[0]!.length} bytes a body:`)
for (const [what, micros] of Object.entries(figures))
  console.log(`  ${what}: ${micros.toFixed(1)} µs`)
