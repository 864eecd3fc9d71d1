// POST /api/application/{key}, the partial save, on SQLite and on PostgreSQL: loose checks, later wins,
// a submitted application is never reopened, and replays leave one row.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  findApplication,
  nextServerSequence,
  savePartialApplication,
  type PartialSave,
  type PartialSaveOutcome,
} from '../src/repositories/application-repository'
import { PARTIAL_LIMITS, checkPartialPayload } from '../src/routes/api/application'
import {
  applicationUrl,
  countRows,
  partialPayload,
  startEngineApp,
  asReceived,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const SAVED = { status: 'saved' }
const INVALID = 'Invalid application'
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

    const stored = (key: string) => findApplication(app.database.db, key, undefined)
    // The write the route uses (the app's write store: SQLite's writer thread, decision 1461) and the
    // Kysely one it stands for.
    const savePaths: [string, (save: PartialSave) => Promise<PartialSaveOutcome>][] = [
      ['Kysely', (save) => savePartialApplication(app.database.db, save, undefined)],
      ...(engine.dialect === 'sqlite'
        ? ([['the writer thread', (save) => app.app.writeStore.savePartial(save)]] satisfies [
            string,
            (save: PartialSave) => Promise<PartialSaveOutcome>,
          ][])
        : []),
    ]

    test(`${engine.name}: a partial save is stored as partial and answered 202 saved`, async () => {
      const body = partialPayload()
      const response = await app.post(applicationUrl(body.submissionKey), body)
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual(SAVED)
      const row = await stored(body.submissionKey)
      expect(row).toMatchObject({ brand: 'carfinance', status: 'partial', submittedAt: null })
      expect(row?.payload).toEqual(asReceived(body))
    })

    test(`${engine.name}: an incomplete payload is saved: answers are checked on submission`, async () => {
      const key = randomUUID()
      const body = {
        submissionKey: key,
        affiliateKey: 'aff-cfdx-1f6b38',
        firstName: 'Ada',
        lastName: "O'Neill",
        email: 'not yet an email',
        contactNumber: '07',
      }
      const response = await app.post(applicationUrl(key), body)
      expect(response.statusCode).toBe(202)
      expect((await stored(key))?.payload).toEqual(asReceived(body))
    })

    test(`${engine.name}: the later save replaces the earlier one; created_at stays`, async () => {
      const key = randomUUID()
      const first = { ...partialPayload(key), firstName: 'First' }
      const second = { ...partialPayload(key), firstName: 'Second', lastName: 'Save' }
      await app.post(applicationUrl(key), first)
      const afterFirst = await stored(key)
      await app.post(applicationUrl(key), second)
      const afterSecond = await stored(key)
      expect(afterSecond?.payload).toEqual(asReceived(second))
      expect(afterSecond?.createdAt).toBe(afterFirst?.createdAt)
      expect(afterSecond!.serverSequence).toBeGreaterThan(afterFirst!.serverSequence)
    })

    test.for(savePaths)(
      `${engine.name}: of two racing saves, the one that arrived later wins whichever writes last (%s)`,
      async ([, savePartial]) => {
        const key = randomUUID()
        const now = new Date()
        const earlier = nextServerSequence()
        const later = nextServerSequence()
        const save = (firstName: string, serverSequence: number) =>
          savePartial({
            applicationKey: key,
            brand: 'carfinance',
            payload: { ...partialPayload(key), firstName },
            now,
            serverSequence,
          })
        // The later request's write lands first; the earlier one's, delayed, must not undo it.
        expect(await save('Later', later)).toBe('saved')
        expect(await save('Earlier', earlier)).toBe('superseded')
        expect((await stored(key))?.payload.firstName).toBe('Later')
        expect((await stored(key))?.serverSequence).toBe(later)
      },
    )

    test(`${engine.name}: a partial save after the submission leaves the submission as it was`, async () => {
      const submission = validSubmission()
      const key = submission.submissionKey
      expect((await app.post(submissionUrl(key), submission)).statusCode).toBe(201)
      const before = await stored(key)

      const late = { ...partialPayload(key), firstName: 'Changed' }
      const response = await app.post(applicationUrl(key), late)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ status: 'already-submitted' })
      expect(await stored(key)).toEqual(before)
      expect(before).toMatchObject({ status: 'submitted', payload: asReceived(submission) })
    })

    test.for(savePaths)(
      `${engine.name}: a partial save with a later sequence still cannot reopen a submission (%s)`,
      async ([, savePartial]) => {
        const submission = validSubmission()
        const key = submission.submissionKey
        await app.post(submissionUrl(key), submission)
        const outcome = await savePartial({
          applicationKey: key,
          brand: 'carfinance',
          payload: partialPayload(key),
          now: new Date(),
          serverSequence: Number.MAX_SAFE_INTEGER,
        })
        expect(outcome).toBe('already-submitted')
        expect((await stored(key))?.status).toBe('submitted')
      },
    )

    test(`${engine.name}: the submission replaces the partial save under the same key`, async () => {
      const key = randomUUID()
      await app.post(applicationUrl(key), partialPayload(key))
      const partial = await stored(key)
      const submission = validSubmission(key)
      expect((await app.post(submissionUrl(key), submission)).statusCode).toBe(201)
      const row = await stored(key)
      expect(row).toMatchObject({ status: 'submitted', payload: asReceived(submission) })
      expect(row?.createdAt).toBe(partial?.createdAt)
      expect(row?.submittedAt).not.toBeNull()
    })

    test(`${engine.name}: 1,000 replays of ten partial saves leave exactly one row each`, async () => {
      const before = await countRows(app.database)
      const bodies = Array.from({ length: 10 }, () => partialPayload())
      // Fifty at a time: more in flight at once would meet load shedding (decision 1431).
      for (let round = 0; round < 20; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const body = bodies[i % bodies.length]!
            return app.post(applicationUrl(body.submissionKey), body)
          }),
        )
        expect(new Set(answers.map((response) => response.statusCode))).toEqual(new Set([202]))
      }
      const after = await countRows(app.database)
      expect(after.applications).toBe(before.applications + 10)
      expect(after.submissions).toBe(before.submissions)
      // A thousand durable writes: on SQLite each one waits for the disk.
    }, 60_000)

    test(`${engine.name}: fields the payload does not have are dropped`, async () => {
      const key = randomUUID()
      const body = { ...partialPayload(key), isAdmin: true, $encrypted: 'forged' }
      expect((await app.post(applicationUrl(key), body)).statusCode).toBe(202)
      const payload = (await stored(key))?.payload
      expect(payload).not.toHaveProperty('isAdmin')
      expect(payload).toEqual(asReceived(partialPayload(key)))
    })

    describe('refused partial saves', () => {
      let before: Awaited<ReturnType<typeof countRows>>
      beforeAll(async () => {
        before = await countRows(app.database)
      })

      const cases: {
        name: string
        body: (key: string) => unknown
        errors: { field: string; message: string }[]
      }[] = [
        {
          name: 'an unknown brand',
          body: (key) => ({ ...partialPayload(key), affiliateKey: 'aff-nobody' }),
          errors: [{ field: 'affiliateKey', message: 'is not the affiliate key of a known brand' }],
        },
        {
          name: 'no brand',
          body: (key) => ({ submissionKey: key, firstName: 'Ada' }),
          errors: [{ field: 'affiliateKey', message: 'is required' }],
        },
        {
          name: 'another key in the payload',
          body: () => partialPayload(randomUUID()),
          errors: [
            { field: 'submissionKey', message: 'must equal the application key in the address' },
          ],
        },
        {
          name: 'a first name of 10,000 characters',
          body: (key) => ({ ...partialPayload(key), firstName: 'A'.repeat(10_000) }),
          errors: [{ field: 'firstName', message: 'must be 500 characters or fewer' }],
        },
        {
          name: 'a long string deep in a list',
          body: (key) => {
            const body = partialPayload(key)
            return { ...body, addresses: [{ ...body.addresses![0], street: 'x'.repeat(501) }] }
          },
          errors: [{ field: 'addresses.0.street', message: 'must be 500 characters or fewer' }],
        },
        {
          name: '37 addresses',
          body: (key) => ({
            ...partialPayload(key),
            addresses: Array.from({ length: 37 }, (_, i) => ({ addressIndex: i + 1 })),
          }),
          errors: [{ field: 'addresses', message: 'must hold at most 36 entries' }],
        },
        {
          name: 'objects nested deeper than a payload has them',
          body: (key) => ({
            ...partialPayload(key),
            addresses: [{ addressIndex: 1, street: { line: { text: 'x' } } }],
          }),
          errors: [{ field: 'addresses.0.street.line', message: 'is nested too deeply' }],
        },
        {
          name: 'a list',
          body: (key) => [partialPayload(key)],
          errors: [{ field: '', message: 'must be an object' }],
        },
        {
          name: 'a string',
          body: () => JSON.stringify('Ada'),
          errors: [{ field: '', message: 'must be an object' }],
        },
      ]

      test.each(cases)(`${engine.name}: $name → 400 naming the field`, async (refused) => {
        const key = randomUUID()
        const response = await app.post(applicationUrl(key), refused.body(key))
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ error: INVALID, errors: refused.errors })
      })

      test(`${engine.name}: not JSON → 415, too big → 413, malformed → 400, bad key → 400, all JSON`, async () => {
        const key = randomUUID()
        const checks: [number, unknown][] = [
          [
            (
              await app.post(applicationUrl(key), 'firstName=Ada', {
                'content-type': 'application/x-www-form-urlencoded',
              })
            ).statusCode,
            415,
          ],
          [
            (
              await app.post(applicationUrl(key), {
                ...partialPayload(key),
                notes: 'x'.repeat(65 * 1024),
              })
            ).statusCode,
            413,
          ],
          [(await app.post(applicationUrl(key), '{"firstName":')).statusCode, 400],
          [(await app.post(applicationUrl('abc'), partialPayload(key))).statusCode, 400],
        ]
        expect(checks.map(([status]) => status)).toEqual(checks.map(([, expected]) => expected))
        const badKey = await app.post(applicationUrl('abc'), partialPayload(key))
        expect(badKey.json()).toEqual({
          error: 'The application key in the address must be a UUID',
        })
      })

      test(`${engine.name}: nothing refused was stored`, async () => {
        expect(await countRows(app.database)).toEqual(before)
      })
    })
  })
}

test('the loose check keeps the payload fields and applies the documented limits', () => {
  const key = randomUUID()
  const body = partialPayload(key)
  expect(checkPartialPayload(body, key)).toEqual({ ok: true, payload: body, brand: 'carfinance' })
  expect(PARTIAL_LIMITS).toEqual({
    stringLength: 500,
    listLength: 36,
    depth: 4,
    fieldsPerObject: 80,
    fieldNameLength: 64,
  })
  const atTheLimit = { ...body, userAgent: 'u'.repeat(500) }
  expect(checkPartialPayload(atTheLimit, key).ok).toBe(true)
})

test('the joint applicant’s own addresses, in the extension object, pass the loose check', () => {
  const key = randomUUID()
  const jointAddresses = Array.from({ length: 36 }, (_, i) => ({
    addressIndex: i + 1,
    town: 'Otley',
    postcode: 'LS21 3AB',
    monthsAtAddress: 1,
  }))
  const body = {
    ...partialPayload(key),
    isJointApplication: true,
    forecourt: { version: 1, jointLivesAtApplicantAddress: false, jointAddresses },
  }
  expect(checkPartialPayload(body, key)).toEqual({ ok: true, payload: body, brand: 'carfinance' })
  const deeper = {
    ...body,
    forecourt: { ...body.forecourt, jointAddresses: [{ addressIndex: 1, town: { name: 'x' } }] },
  }
  expect(checkPartialPayload(deeper, key)).toEqual({
    ok: false,
    errors: [{ field: 'forecourt.jointAddresses.0.town', message: 'is nested too deeply' }],
  })
})

test('the server sequence only goes up, even when the clock goes back', () => {
  const first = nextServerSequence(Date.parse('2025-06-02T10:00:00Z'))
  const second = nextServerSequence(Date.parse('2025-06-02T09:00:00Z'))
  const third = nextServerSequence(Date.parse('2025-06-02T09:00:00Z'))
  expect(second).toBe(first + 1)
  expect(third).toBe(first + 2)
  const later = nextServerSequence(Date.parse('2030-01-01T00:00:00Z'))
  expect(later).toBe(Date.parse('2030-01-01T00:00:00Z') * 1000)
})
