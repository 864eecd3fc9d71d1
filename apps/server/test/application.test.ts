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
import { brands } from '@forecourt/domain/brands/brand-data'
import { MAX_HISTORY_ENTRIES } from '@forecourt/domain/histories/histories'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { withBrowserSecret } from '../faults/support/browser-secret'
import {
  PARTIAL_BODY_LIMIT_BYTES,
  PARTIAL_LIMITS,
  checkPartialPayload,
} from '../src/routes/api/application'
import {
  applicationUrl,
  countRows,
  partialPayload,
  startEngineApp,
  asReceived,
  submissionUrl,
  validSubmission,
  writeHeaders,
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

    test(`${engine.name}: controls, bidirectional overrides and hidden characters are removed from what a partial save stores`, async () => {
      const key = randomUUID()
      const clean = partialPayload(key)
      const addresses = (clean as unknown as { addresses: Record<string, unknown>[] }).addresses
      const body = {
        ...clean,
        // A name that would read "Ada lliehN'O" to an operator, with a bell and an escape sequence.
        firstName: 'Ada\u202E\u0007',
        lastName: "O'\u200BNe\u2066ill\u001B[2J",
        additionalNeedsRequirements: 'Large print\r\nplease\u2069\u{E0041}',
        addresses: addresses.map((address, index) =>
          index === 0 ? { ...address, street: `${String(address.street)}\u202D\u0085` } : address,
        ),
      }
      expect((await app.post(applicationUrl(key), body)).statusCode).toBe(202)
      const payload = (await stored(key))?.payload as Record<string, unknown>
      expect(payload.firstName).toBe('Ada')
      expect(payload.lastName).toBe("O'Neill[2J")
      // The additional-needs statement keeps its lines (decision 1803).
      expect(payload.additionalNeedsRequirements).toBe('Large print\r\nplease')
      expect(payload.addresses).toEqual(addresses)
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

test('the loose check strips unsafe characters at every depth, keeps every field as a field, and names a deep error by its whole path', () => {
  const key = randomUUID()
  const body = partialPayload(key)
  // As JSON.parse gives it: "__proto__" an own field, not the object's prototype.
  const address = JSON.parse(
    '{"__proto__": {"polluted": true}, "street": "1 High\u202e Street"}',
  ) as object
  const checked = checkPartialPayload({ ...body, addresses: [address] }, key)
  expect(checked.ok).toBe(true)
  const [kept] = (checked as unknown as { payload: { addresses: Record<string, unknown>[] } })
    .payload.addresses
  expect(Object.keys(kept!)).toEqual(['__proto__', 'street'])
  expect(kept!.street).toBe('1 High Street')
  expect(Object.getPrototypeOf(kept)).toBe(Object.prototype)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  const tooLong = {
    ...body,
    forecourt: { version: 1, jointAddresses: [{ addressIndex: 1, town: 't'.repeat(501) }] },
  }
  expect(checkPartialPayload(tooLong, key)).toEqual({
    ok: false,
    errors: [
      { field: 'forecourt.jointAddresses.0.town', message: 'must be 500 characters or fewer' },
    ],
  })
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

describe('bounds on the partial save (decision 1803)', () => {
  const sqlite = allEngines.find((engine) => engine.dialect === 'sqlite')!

  /** The largest partial save a real application makes: joint, every history full, every text longest. */
  function largestPartial(key: string): Record<string, unknown> {
    const state = filledJointState()
    state.GUID = key
    state.applicationKey = key
    /** Every text of `entry` at the longest an input takes. */
    const longest = <T extends object>(entry: T): T => {
      const copy = structuredClone(entry) as Record<string, unknown>
      for (const field of Object.keys(copy)) {
        if (typeof copy[field] === 'string') copy[field] = 'x'.repeat(50)
      }
      return copy as T
    }
    const [address, employment] = [state.form.addresses[0]!, state.form.employments[0]!]
    state.form = longest(state.form)
    state.form.addresses = Array.from({ length: MAX_HISTORY_ENTRIES }, () => longest(address))
    state.form.employments = Array.from({ length: MAX_HISTORY_ENTRIES }, () => longest(employment))
    state.additionalNeedsRequirementsStatement = 'x'.repeat(500)
    return toPartialPayload(state, { brand: brands.harbourlend, now: new Date() }) as never
  }

  test('the largest real application is saved; a body beyond the limit is refused 413', async () => {
    const app = await startEngineApp(sqlite)
    try {
      const key = randomUUID()
      const largest = largestPartial(key)
      const size = Buffer.byteLength(JSON.stringify(largest))
      expect(size).toBeGreaterThan(30_000)
      expect(size).toBeLessThan(PARTIAL_BODY_LIMIT_BYTES)
      const host = { host: 'harbourlend.localhost' }
      expect((await app.post(applicationUrl(key), largest, host)).statusCode).toBe(202)
      const padded = { ...largest, padding: 'x'.repeat(PARTIAL_BODY_LIMIT_BYTES - size) }
      expect((await app.post(applicationUrl(key), padded, host)).statusCode).toBe(413)
    } finally {
      await app.close()
    }
  })

  test('a client over its hourly quota of partial saves is answered 429 with when to try again', async () => {
    const app = await startEngineApp(sqlite, { RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '3' })
    try {
      const key = randomUUID()
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        statuses.push((await app.post(applicationUrl(key), partialPayload(key))).statusCode)
      }
      expect(statuses).toEqual([202, 202, 202, 429])
      const refused = await app.post(applicationUrl(key), partialPayload(key))
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500)
      expect(refused.json()).toEqual({
        error:
          'Too many saves from this address this hour: the answers are kept in the page and sent with the application',
      })
      // Another client is not held back by the first.
      const other = await app.app.inject({
        method: 'POST',
        url: applicationUrl(key),
        remoteAddress: '198.51.100.7',
        headers: withBrowserSecret(applicationUrl(key), {
          ...(await writeHeaders(app.app)),
          'content-type': 'application/json',
        }),
        payload: JSON.stringify(partialPayload(key)),
      })
      expect(other.statusCode).toBe(202)
      // A submission is not a partial save: never held back by this quota.
      expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
    } finally {
      await app.close()
    }
  })
})
