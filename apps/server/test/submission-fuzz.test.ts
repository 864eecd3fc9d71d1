// Generated bad input (docs/requirements.md#reliability: thousands of malformed bodies → no 5xx, nothing stored, the process
// alive): random JSON, valid bodies with one field replaced by anything, and raw text, sent to both write
// routes on SQLite and PostgreSQL. Every answer is a 2xx or a 4xx with a JSON error. Then every kind of
// malformed request of apps/server/faults/support/malformed-cases.ts, to every write route it knows (the
// thousands over real HTTP are `apps/server/faults/malformed.ts`), and deep nesting (decision 1433).

import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { APPLICATION_SECRET_REFUSED } from '@forecourt/domain/application-secret/application-secret'
import { ANSWER_SAVING_ROUTES, malformedCases } from '../faults/support/malformed-cases'
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/plugins/json-body'
import {
  applicationUrl,
  countRows,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  writeHeaders,
  type Answer,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'
import { PARTIAL_BODY_LIMIT_BYTES } from '../src/routes/api/application'
import { EVENTS_BODY_LIMIT_BYTES } from '../src/routes/api/events'

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

// The kinds of malformed request `apps/server/faults/malformed.ts` sends over real HTTP, a few of each
// for every write route, through `inject` (requests whose framing only a socket can break are left to
// that script).
const CASES_PER_KIND = 4

for (const engine of allEngines) {
  describe.skipIf(!engine.available)(`${engine.name}, generated malformed requests`, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    test(`${engine.name}: every kind of malformed request to every write route gets a 4xx or is stored as answered, never a 5xx`, async () => {
      const antiForgery = await writeHeaders(app.app)
      const cases = malformedCases(
        { host: 'localhost', antiForgery },
        { perCategory: CASES_PER_KIND, seed: 7 },
      ).filter((item) => item.framing === 'exact')
      const before = await countRows(app.database)
      const accepted = { submissions: 0, applications: 0 }
      const faults: string[] = []
      // Each case carries its browser's secret, so its body is read rather than refused unread.
      const refusedForTheSecret: string[] = []
      for (const item of cases) {
        let statusCode: number
        let reason: unknown
        try {
          const answer = await app.app.inject({
            method: 'POST',
            url: item.path,
            headers: item.headers,
            payload: item.body,
          })
          statusCode = answer.statusCode
          if (statusCode === 403) reason = (answer.json() as { reason?: unknown }).reason
        } catch {
          // A header Node will not even send (a name with a space): only a socket can carry it.
          continue
        }
        if (statusCode >= 500) faults.push(`${item.category}: ${item.label} → ${statusCode}`)
        if (reason === APPLICATION_SECRET_REFUSED) {
          refusedForTheSecret.push(`${item.route} ${item.category}: ${item.label}`)
        }
        if (statusCode >= 200 && statusCode < 300) {
          if (item.route === 'POST /api/submission/{submissionKey}') accepted.submissions += 1
          if (ANSWER_SAVING_ROUTES.has(item.route)) accepted.applications += 1
        }
      }
      expect(faults).toEqual([])
      expect(refusedForTheSecret).toEqual([])
      expect(await countRows(app.database)).toEqual({
        submissions: before.submissions + accepted.submissions,
        applications: before.applications + accepted.submissions + accepted.applications,
        deliveries: before.deliveries + 2 * accepted.submissions,
      })
    }, 120_000)

    test.each([33, 1_000, 5_000, 30_000])(
      `${engine.name}: a body nested %i levels deep is refused with 400, on every write route`,
      async (depth) => {
        const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`
        const key = randomUUID()
        const inValid = JSON.stringify({ ...validSubmission(key), deep: 0 }).replace(
          '"deep":0',
          `"deep":${nested}`,
        )
        for (const [url, body] of [
          [submissionUrl(key), inValid],
          [applicationUrl(key), `{"a":${nested}}`],
          ['/api/events', `{"event":"Started","deep":${nested}}`],
        ] as const) {
          const response = await app.post(url, body)
          // The telemetry sink's 4 KiB limit and the partial save's 48 KiB (decision 1803) come first
          // for the deepest ones.
          const limit =
            url === '/api/events'
              ? EVENTS_BODY_LIMIT_BYTES
              : url === applicationUrl(key)
                ? PARTIAL_BODY_LIMIT_BYTES
                : Number.POSITIVE_INFINITY
          expect(response.statusCode).toBe(body.length > limit ? 413 : 400)
          if (body.length <= limit) {
            expect(response.json()).toMatchObject({ error: TOO_DEEP_MESSAGE })
          }
        }
      },
    )

    test(`${engine.name}: a body nested as deep as an application is accepted`, async () => {
      const key = randomUUID()
      const body = JSON.stringify({ ...validSubmission(key), extra: 0 }).replace(
        '"extra":0',
        `"extra":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`,
      )
      expect((await app.post(submissionUrl(key), body)).statusCode).toBe(201)
    })
  })
}
