// Generated bad input (quality.md: thousands of malformed bodies → no 5xx, nothing stored, the process
// alive): random JSON, valid bodies with one field replaced by anything, and raw text, sent to both write
// routes on SQLite and PostgreSQL. Every answer is a 2xx or a 4xx with a JSON error.

import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  applicationUrl,
  countRows,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type Answer,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const RUNS = 200

/** A 4xx answers `{ "error": "<text>" }`; a refused body also lists `errors`. */
function expectClearRefusal(response: Answer): void {
  expect(response.statusCode).toBeGreaterThanOrEqual(400)
  expect(response.statusCode).toBeLessThan(500)
  const body = response.json() as { error?: unknown; errors?: unknown }
  expect(typeof body.error).toBe('string')
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true)
  }
}

const anyJson = fc.jsonValue({ maxDepth: 4 })
const fieldOfSubmission = fc.constantFrom(...Object.keys(validSubmission()))

const allEngines = await engines()

for (const engine of allEngines) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    test(`${engine.name}: random JSON to either route is refused clearly and stores nothing`, async () => {
      const before = await countRows(app.database)
      await fc.assert(
        fc.asyncProperty(anyJson, fc.boolean(), async (body, toSubmission) => {
          const key = randomUUID()
          const url = toSubmission ? submissionUrl(key) : applicationUrl(key)
          expectClearRefusal(await app.post(url, JSON.stringify(body)))
        }),
        { numRuns: RUNS },
      )
      expect(await countRows(app.database)).toEqual(before)
    }, 120_000)

    test(`${engine.name}: a valid submission with one field replaced by anything is stored or refused, never a fault`, async () => {
      const before = await countRows(app.database)
      let stored = 0
      await fc.assert(
        fc.asyncProperty(fieldOfSubmission, anyJson, async (field, value) => {
          const body: Record<string, unknown> = { ...validSubmission(), [field]: value }
          const key = typeof body.submissionKey === 'string' ? body.submissionKey : randomUUID()
          const response = await app.post(submissionUrl(encodeURIComponent(key)), body)
          if (response.statusCode === 201) stored += 1
          else expectClearRefusal(response)
        }),
        { numRuns: RUNS },
      )
      const after = await countRows(app.database)
      expect(after.submissions - before.submissions).toBe(stored)
      expect(after.applications - before.applications).toBe(stored)
    }, 120_000)

    test(`${engine.name}: a partial save with one field replaced by anything is saved or refused, never a fault`, async () => {
      await fc.assert(
        fc.asyncProperty(fieldOfSubmission, anyJson, async (field, value) => {
          const key = randomUUID()
          const body = { ...partialPayload(key), [field]: value }
          const response = await app.post(applicationUrl(key), body)
          if (response.statusCode !== 202) expectClearRefusal(response)
        }),
        { numRuns: RUNS },
      )
    }, 120_000)

    test(`${engine.name}: raw text that may not be JSON is refused clearly`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
          expectClearRefusal(await app.post(submissionUrl(randomUUID()), text))
        }),
        { numRuns: RUNS },
      )
      // Still answering after all of that.
      const body = validSubmission()
      expect((await app.post(submissionUrl(body.submissionKey), body)).statusCode).toBe(201)
    }, 120_000)
  })
}
