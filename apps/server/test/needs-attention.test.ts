// A submission the server refuses is still kept, as needing the broker's attention, under the key and the
// reference the applicant is given (decision 1504): through the real app over HTTP (inject), on SQLite and
// on PostgreSQL. What is not a submission body, and what the anti-forgery check or the rate limit refuses,
// is not kept.

import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../src/config'
import { migrateToLatest } from '../src/db/migrate'
import { findApplication } from '../src/repositories/application-repository'
import {
  findNeedsAttention,
  listNeedsAttention,
  recordNeedsAttention,
  resealNeedsAttention,
} from '../src/repositories/needs-attention-repository'
import { deleteExpired } from '../src/retention/delete-expired'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  postJson,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines, type TestDatabase } from './test-databases'

const INVALID = 'Invalid submission'
const EMAIL_INVALID = 'Please try again. That email address doesn’t look right.'

/** A body the browser could send after a rule changed under it: one field the schema refuses. */
function refusedBody(key: string = randomUUID()) {
  return { ...validSubmission(key), email: 'ada.oneill@' }
}

async function keptRows(app: EngineApp): Promise<number> {
  const row = await app.database.db
    .selectFrom('needs_attention')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

function reversed(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).reverse())
}

const KEY_1 = randomBytes(32)
const KEY_2 = randomBytes(32)
const KEY_ENV = { FORECOURT_DATA_KEY: KEY_1.toString('base64'), FORECOURT_DATA_KEY_ID: 'k1' }
const CANARY_EMAIL = 'zebedee.needs-attention-canary@'

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    test(`${engine.name}: a refused submission is answered 400 with its reference and kept with the errors`, async () => {
      const key = randomUUID()
      const body = refusedBody(key)
      const response = await app.post(submissionUrl(key), body)

      expect(response.statusCode).toBe(400)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.json()).toEqual({
        error: INVALID,
        errors: [{ field: 'email', message: EMAIL_INVALID }],
        submissionKey: key,
        reference: applicationReference(key),
        status: 'needs-attention',
      })
      const kept = await findNeedsAttention(app.database.db, key, undefined)
      expect(kept).toEqual([
        {
          id: expect.stringMatching(/^att_[0-9a-f]{32}$/),
          submissionKey: key,
          reference: applicationReference(key),
          reason: 'refused',
          statusCode: 400,
          brand: 'carfinance',
          body,
          errors: [{ field: 'email', message: EMAIL_INVALID }],
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ])
      // Refused, so not an application: nothing is delivered to a lender.
      expect(await findApplication(app.database.db, key, undefined)).toBeUndefined()
    })

    test(`${engine.name}: the same refused body again, in any key order, gets the same answer and is kept once`, async () => {
      const key = randomUUID()
      const body = refusedBody(key)
      const first = await app.post(submissionUrl(key), body)
      const again = await app.post(submissionUrl(key.toUpperCase()), reversed(body))
      expect(again.statusCode).toBe(400)
      expect(again.body).toBe(first.body)
      expect(await findNeedsAttention(app.database.db, key, undefined)).toHaveLength(1)
    })

    test(`${engine.name}: requests racing with one refused body keep one record`, async () => {
      const key = randomUUID()
      const body = refusedBody(key)
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => app.post(submissionUrl(key), body)),
      )
      expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1)
      expect(await findNeedsAttention(app.database.db, key, undefined)).toHaveLength(1)
    })

    test(`${engine.name}: another refused body under the same key is kept as well, with its own errors`, async () => {
      const key = randomUUID()
      await app.post(submissionUrl(key), refusedBody(key))
      const second = { ...validSubmission(key), contactNumber: '028 9649 6000' }
      const response = await app.post(submissionUrl(key), second)
      expect(response.json()).toMatchObject({
        errors: [
          { field: 'contactNumber', message: 'Please try again, Your phone number looks invalid.' },
        ],
        reference: applicationReference(key),
        status: 'needs-attention',
      })
      const kept = await findNeedsAttention(app.database.db, key, undefined)
      expect(kept.map((item) => item.errors[0]?.field)).toEqual(['email', 'contactNumber'])
    })

    test(`${engine.name}: the brand is the host's, whatever affiliate key the body claims`, async () => {
      const cases: [affiliateKey: string, host: string, brand: string][] = [
        // Another brand's key on this site: filed under this site, not the brand it claims.
        ['aff-hrbl-5c81e2', 'carfinance.localhost:3000', 'carfinance'],
        ['aff-cfdx-1f6b38', 'milebroker.localhost', 'milebroker'],
        ['aff-nobody-000000', 'harbourlend.localhost:3000', 'harbourlend'],
        ['aff-nobody-000000', 'milebroker.localhost', 'milebroker'],
        ['aff-nobody-000000', 'localhost:3000', 'carfinance'],
      ]
      for (const [affiliateKey, host, brand] of cases) {
        const key = randomUUID()
        const response = await app.post(
          submissionUrl(key),
          { ...refusedBody(key), affiliateKey },
          { host },
        )
        expect(response.statusCode, `${affiliateKey} on ${host}`).toBe(400)
        const [kept] = await findNeedsAttention(app.database.db, key, undefined)
        expect(kept?.brand, `${affiliateKey} on ${host}`).toBe(brand)
      }
    })

    test(`${engine.name}: what is not a submission body is refused as before and not kept`, async () => {
      const before = await keptRows(app)
      const key = randomUUID()
      for (const body of [[refusedBody(key)], null, 'a string', 42]) {
        const response = await app.post(submissionUrl(key), JSON.stringify(body))
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          error: INVALID,
          errors: [{ field: '', message: 'must be an object' }],
        })
      }
      const plain = await app.post(submissionUrl(key), JSON.stringify(refusedBody(key)), {
        'content-type': 'text/plain',
      })
      expect(plain.statusCode).toBe(415)
      const huge = await app.post(submissionUrl(key), {
        ...refusedBody(key),
        userAgent: 'x'.repeat(70 * 1024),
      })
      expect(huge.statusCode).toBe(413)
      expect(huge.json()).not.toHaveProperty('reference')
      const malformed = await app.post(submissionUrl(key), '{"firstName": ')
      expect(malformed.statusCode).toBe(400)
      expect(await keptRows(app)).toBe(before)
    })

    test(`${engine.name}: a refusal by the anti-forgery check is not kept`, async () => {
      const before = await keptRows(app)
      const key = randomUUID()
      const response = await postJson(app.app, submissionUrl(key), refusedBody(key))
      expect(response.statusCode).toBe(403)
      expect(await keptRows(app)).toBe(before)
    })

    test(`${engine.name}: a refused body under a key already accepted is kept as a conflict`, async () => {
      const key = randomUUID()
      expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
      const response = await app.post(submissionUrl(key), refusedBody(key))
      expect(response.statusCode).toBe(409)
      expect(await findNeedsAttention(app.database.db, key, undefined)).toEqual([
        expect.objectContaining({ reason: 'conflict', statusCode: 409, body: refusedBody(key) }),
      ])
    })

    test(`${engine.name}: a conflicting body claiming another brand's affiliate key is kept under the host's brand`, async () => {
      const key = randomUUID()
      expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
      const claimed = { ...validSubmission(key), affiliateKey: 'aff-hrbl-5c81e2' }
      const response = await app.post(submissionUrl(key), claimed, {
        host: 'carfinance.localhost:3000',
      })
      expect(response.statusCode).toBe(409)
      expect(await findNeedsAttention(app.database.db, key, undefined)).toEqual([
        expect.objectContaining({ reason: 'conflict', brand: 'carfinance', body: claimed }),
      ])
    })

    test(`${engine.name}: a conflicting submission is kept beside the first under the same reference, and the answer says so`, async () => {
      const key = randomUUID()
      const first = validSubmission(key)
      const accepted = await app.post(submissionUrl(key), first)
      expect(accepted.statusCode).toBe(201)
      const { reference } = accepted.json() as { reference: string }
      // A duplicated tab whose copy was changed, then sent: same key, same browser, another body.
      const changed = { ...first, lastName: 'Lovelace-Byron', loanAmount: 9000 }
      const conflict = await app.post(submissionUrl(key), changed)
      expect(conflict.statusCode).toBe(409)
      expect(conflict.json()).toEqual({
        error: 'This submission key was already used with a different application',
        submissionKey: key,
        reference,
        status: 'needs-attention',
      })
      // Sent again, it is the same record: one row, and the same answer.
      const again = await app.post(submissionUrl(key), changed)
      expect([again.statusCode, again.json()]).toEqual([409, conflict.json()])
      const kept = await findNeedsAttention(app.database.db, key, undefined)
      expect(kept).toEqual([
        expect.objectContaining({
          submissionKey: key,
          reference,
          reason: 'conflict',
          statusCode: 409,
          brand: 'carfinance',
          body: changed,
          errors: [],
        }),
      ])
      // The first stays the application; nothing was overwritten.
      const stored = await findApplication(app.database.db, key, undefined)
      expect(stored?.payload).toMatchObject({
        lastName: first.lastName,
        loanAmount: first.loanAmount,
      })
    })
  })

  test.skipIf(!engine.available)(
    `${engine.name}: a refusal by the rate limit is not kept`,
    async () => {
      const limited = await startEngineApp(engine, { RATE_LIMIT_WRITES_PER_MINUTE: '1' })
      try {
        const first = randomUUID()
        expect((await limited.post(submissionUrl(first), refusedBody(first))).statusCode).toBe(400)
        const second = randomUUID()
        expect((await limited.post(submissionUrl(second), refusedBody(second))).statusCode).toBe(
          429,
        )
        expect(await keptRows(limited)).toBe(1)
      } finally {
        await limited.close()
      }
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: with a data key the body is sealed whole, opens with the key, and moves to a new key`,
    async () => {
      const sealed = await startEngineApp(engine, KEY_ENV)
      try {
        const key = randomUUID()
        const body = { ...refusedBody(key), email: CANARY_EMAIL }
        expect((await sealed.post(submissionUrl(key), body)).statusCode).toBe(400)

        const { rows } = await sql<{ row: string }>`
          select body || ' ' || errors as row from needs_attention`.execute(sealed.database.db)
        const raw = rows.map((row) => row.row).join('\n')
        expect(raw).toContain('$encrypted')
        // Not even the fields an application keeps in clear: a refused body was never validated.
        expect(raw).not.toContain(CANARY_EMAIL)
        expect(raw).not.toContain(body.affiliateKey)
        expect(raw).not.toContain(body.lastName)

        const ring = loadConfig(KEY_ENV).dataKeys
        const [kept] = await findNeedsAttention(sealed.database.db, key, ring)
        expect(kept?.body).toEqual(body)
        await expect(findNeedsAttention(sealed.database.db, key, undefined)).rejects.toThrow(
          'no data key is configured',
        )

        const rotated = loadConfig({
          FORECOURT_DATA_KEY: KEY_2.toString('base64'),
          FORECOURT_DATA_KEY_ID: 'k2',
          FORECOURT_OLD_DATA_KEYS: `k1:${KEY_1.toString('base64')}`,
        }).dataKeys!
        expect(await resealNeedsAttention(sealed.database.db, rotated)).toEqual({
          resealed: 1,
          unchanged: 0,
        })
        const onlyNew = loadConfig({
          FORECOURT_DATA_KEY: KEY_2.toString('base64'),
          FORECOURT_DATA_KEY_ID: 'k2',
        }).dataKeys
        const [moved] = await findNeedsAttention(sealed.database.db, key, onlyNew)
        expect(moved?.body).toEqual(body)
      } finally {
        await sealed.close()
      }
    },
  )

  describe.skipIf(!engine.available)(`${engine.name}: the records`, () => {
    let testDatabase: TestDatabase
    beforeAll(async () => {
      testDatabase = await engine.open()
      await migrateToLatest(testDatabase.database)
    })
    afterAll(async () => {
      await testDatabase?.cleanup()
    })

    const record = (brand: string, at: string, reason: 'refused' | 'conflict' = 'refused') => {
      const key = randomUUID()
      return recordNeedsAttention(
        testDatabase.database.db,
        {
          submissionKey: key,
          reference: applicationReference(key),
          reason,
          statusCode: reason === 'refused' ? 400 : 409,
          brand,
          body: { submissionKey: key, firstName: brand },
          errors: reason === 'refused' ? [{ field: 'email', message: EMAIL_INVALID }] : [],
          now: new Date(at),
        },
        undefined,
      )
    }

    test(`${engine.name}: a back office lists them newest first, by brand and reason, a page at a time`, async () => {
      const { db } = testDatabase.database
      await db.deleteFrom('needs_attention').execute()
      await record('harbourlend', '2026-11-20T09:00:00.000Z')
      await record('carfinance', '2026-11-21T09:00:00.000Z')
      await record('harbourlend', '2026-11-22T09:00:00.000Z', 'conflict')
      await record('harbourlend', '2026-11-23T09:00:00.000Z')

      const all = await listNeedsAttention(db, undefined)
      expect(all.map((item) => [item.brand, item.createdAt.slice(0, 10), item.reason])).toEqual([
        ['harbourlend', '2026-11-23', 'refused'],
        ['harbourlend', '2026-11-22', 'conflict'],
        ['carfinance', '2026-11-21', 'refused'],
        ['harbourlend', '2026-11-20', 'refused'],
      ])
      const page = await listNeedsAttention(db, undefined, { brands: ['harbourlend'], limit: 2 })
      expect(page.map((item) => item.createdAt.slice(0, 10))).toEqual(['2026-11-23', '2026-11-22'])
      const next = await listNeedsAttention(db, undefined, {
        brands: ['harbourlend'],
        before: page.at(-1)!.createdAt,
      })
      expect(next.map((item) => item.createdAt.slice(0, 10))).toEqual(['2026-11-20'])
      const refused = await listNeedsAttention(db, undefined, { reasons: ['conflict'] })
      expect(refused.map((item) => item.statusCode)).toEqual([409])
      expect(await listNeedsAttention(db, undefined, { brands: [] })).toEqual([])
    })

    test(`${engine.name}: retention deletes them when a submitted application of that age would go`, async () => {
      const { db } = testDatabase.database
      await db.deleteFrom('needs_attention').execute()
      const now = new Date('2031-06-14T12:00:00.000Z')
      const daysAgo = (days: number) =>
        new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString()
      await record('carfinance', daysAgo(2193))
      await record('carfinance', daysAgo(2192))
      await record('carfinance', daysAgo(40))

      const summary = await deleteExpired(db, { submittedDays: 2192, partialDays: 30 }, now, 1)
      expect(summary.needsAttention).toBe(1)
      const left = await listNeedsAttention(db, undefined)
      expect(left.map((item) => item.createdAt)).toEqual([daysAgo(40), daysAgo(2192)])
    })
  })
}
