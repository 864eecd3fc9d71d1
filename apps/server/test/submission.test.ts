// POST /api/submission/{key} through the real app, on SQLite and on PostgreSQL: what is accepted, what is
// refused and in which words, and that nothing is stored for a refused body.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { FILLED_GUID } from '@forecourt/domain/test-support/test-fixtures'
import { findApplication } from '../src/repositories/application-repository'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  countRows,
  startEngineApp,
  asReceived,
  submissionUrl,
  TEST_LENDERS,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

/** 'YYYY-MM-DDT00:00:00.000' for someone `years` old today in London, plus `days` days later. */
function bornYearsAgo(years: number, days = 0): string {
  const today = londonToday(new Date())
  const date = new Date(Date.UTC(today.year - years, today.month - 1, today.day + days))
  return `${date.toISOString().slice(0, 10)}T00:00:00.000`
}

const INVALID = 'Invalid submission'
const TEN_KB = 'A'.repeat(10_000)

type Body = Record<string, unknown>
const change = (changes: Body) => (body: Body) => ({ ...body, ...changes })
const without = (field: string) => (body: Body) => {
  const { [field]: _removed, ...rest } = body
  return rest
}
const inFirstAddress = (changes: Body) => (body: Body) => {
  const [first, ...rest] = body.addresses as Body[]
  return { ...body, addresses: [{ ...first, ...changes }, ...rest] }
}

interface RefusedCase {
  name: string
  edit: (body: Body) => unknown
  errors: { field: string; message: string }[]
}

// Each case breaks one rule of a valid body, so the answer must name exactly that one field.
const REFUSED: RefusedCase[] = [
  {
    name: 'an unknown brand',
    edit: change({ affiliateKey: 'aff-nobody-000000' }),
    errors: [{ field: 'affiliateKey', message: 'is not the affiliate key of a known brand' }],
  },
  {
    name: 'terms not agreed',
    edit: change({ termsAndConditionsAgreed: false }),
    errors: [{ field: 'termsAndConditionsAgreed', message: 'Please check this box.' }],
  },
  {
    name: 'IsCompleted false',
    edit: change({ IsCompleted: false }),
    errors: [
      { field: 'IsCompleted', message: 'must be true: only a completed application is submitted' },
    ],
  },
  {
    name: 'an applicant of 17 (18 tomorrow)',
    edit: change({ dateOfBirth: bornYearsAgo(18, 1) }),
    errors: [
      {
        field: 'dateOfBirth',
        message: 'You must be at least 18 years old to apply for finance with us.',
      },
    ],
  },
  {
    name: 'an applicant of 80 today',
    edit: change({ dateOfBirth: bornYearsAgo(80) }),
    errors: [
      {
        field: 'dateOfBirth',
        message: 'You must be under 80 years old to apply for finance with us.',
      },
    ],
  },
  {
    name: 'a date of birth in another format',
    edit: change({ dateOfBirth: '07/03/1985' }),
    errors: [{ field: 'dateOfBirth', message: 'must be written YYYY-MM-DDT00:00:00.000' }],
  },
  {
    name: 'a phone number with too few digits',
    edit: change({ contactNumber: '0791112' }),
    errors: [
      {
        field: 'contactNumber',
        message: 'Please try again, UK phone numbers should contain 11 digits.',
      },
    ],
  },
  {
    name: 'an email address without a domain',
    edit: change({ email: 'ada.oneill@' }),
    errors: [
      { field: 'email', message: 'Please try again. That email address doesn’t look right.' },
    ],
  },
  {
    name: 'a postcode that is not a UK postcode',
    edit: inFirstAddress({ postcode: 'ZZ9 9ZZZ' }),
    errors: [{ field: 'addresses.0.postcode', message: 'Please enter a valid UK postcode.' }],
  },
  {
    name: 'no first name',
    edit: without('firstName'),
    errors: [{ field: 'firstName', message: 'Please enter your first name.' }],
  },
  {
    name: 'a last name of spaces',
    edit: change({ lastName: '   ' }),
    errors: [{ field: 'lastName', message: 'Please enter your last name.' }],
  },
  {
    name: 'a first name of 10,000 characters',
    edit: change({ firstName: TEN_KB }),
    errors: [{ field: 'firstName', message: 'Your first name must be 50 characters or fewer.' }],
  },
  {
    name: 'a user agent of 10,000 characters',
    edit: change({ userAgent: TEN_KB }),
    errors: [{ field: 'userAgent', message: 'must be 500 characters or fewer' }],
  },
  {
    name: 'a loan amount sent as text',
    edit: change({ loanAmount: '12500' }),
    errors: [{ field: 'loanAmount', message: 'Please enter your loan amount.' }],
  },
  {
    name: 'a yes/no answer sent as text',
    edit: change({ isJointApplication: 'no' }),
    errors: [{ field: 'isJointApplication', message: 'must be true or false' }],
  },
  {
    name: 'addresses sent as text',
    edit: change({ addresses: '14 Elm Grove, Leeds' }),
    errors: [{ field: 'addresses', message: 'must be a list' }],
  },
  {
    name: 'a number where a name goes',
    edit: change({ firstName: 42 }),
    errors: [{ field: 'firstName', message: 'Please enter your first name.' }],
  },
  {
    name: 'a payload key other than the key in the address',
    edit: change({ submissionKey: randomUUID() }),
    errors: [{ field: 'submissionKey', message: 'must equal the submission key in the address' }],
  },
  {
    name: 'a list instead of an object',
    edit: (body) => [body],
    errors: [{ field: '', message: 'must be an object' }],
  },
  {
    name: 'null',
    edit: () => null,
    errors: [{ field: '', message: 'must be an object' }],
  },
]

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

    test(`${engine.name}: a valid submission is stored and answered 201 with its key, reference and status`, async () => {
      const body = validSubmission()
      const response = await app.post(submissionUrl(body.submissionKey), body)
      expect(response.statusCode).toBe(201)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.json()).toEqual({
        submissionKey: body.submissionKey,
        reference: applicationReference(body.submissionKey),
        status: 'received',
      })
      const stored = await findApplication(app.database.db, body.submissionKey, undefined)
      expect(stored).toMatchObject({ brand: 'carfinance', status: 'submitted' })
      expect(stored?.payload).toEqual(asReceived(body))
      expect(stored?.submittedAt).toBe(stored?.updatedAt)
    })

    test(`${engine.name}: the submission and its outbox rows, one per lender of the brand, are stored together`, async () => {
      const body = validSubmission()
      expect((await app.post(submissionUrl(body.submissionKey), body)).statusCode).toBe(201)
      const deliveries = await app.database.db
        .selectFrom('deliveries')
        .select(['destination_id', 'brand', 'status'])
        .where('submission_key', '=', body.submissionKey)
        .orderBy('destination_id')
        .execute()
      expect(deliveries).toEqual(
        TEST_LENDERS.carfinance.map((lender) => ({
          destination_id: lender.id,
          brand: 'carfinance',
          status: 'pending',
        })),
      )
    })

    test(`${engine.name}: an upper-case key is the same key, stored in lower case`, async () => {
      const key = randomUUID()
      const body = { ...validSubmission(key), submissionKey: key.toUpperCase() }
      const first = await app.post(submissionUrl(key.toUpperCase()), body)
      expect(first.statusCode).toBe(201)
      expect(first.json()).toMatchObject({ submissionKey: key })
      const again = await app.post(submissionUrl(key), body)
      expect(again.body).toBe(first.body)
      expect(again.headers['idempotent-replayed']).toBe('true')
    })

    test(`${engine.name}: the youngest and oldest applicants allowed are accepted`, async () => {
      for (const dateOfBirth of [bornYearsAgo(18), bornYearsAgo(80, 1)]) {
        const body = { ...validSubmission(), dateOfBirth }
        const response = await app.post(submissionUrl(body.submissionKey), body)
        expect(response.statusCode, dateOfBirth).toBe(201)
      }
    })

    test(`${engine.name}: names in any script, and text that looks like SQL, are stored exactly as sent`, async () => {
      const names = [
        { firstName: 'Zoë', lastName: 'Ó Briain-Łukasiewicz' },
        { firstName: 'Siân', lastName: '王秀英' },
        { firstName: 'Bobby', lastName: "Tables'); DROP TABLE applications;--" },
        { firstName: "' OR '1'='1", lastName: 'Smith"; DELETE FROM submissions; --' },
      ]
      for (const name of names) {
        const body = { ...validSubmission(), ...name }
        const response = await app.post(submissionUrl(body.submissionKey), body)
        expect(response.statusCode, name.lastName).toBe(201)
        const stored = await findApplication(app.database.db, body.submissionKey, undefined)
        expect(stored?.payload).toMatchObject(name)
      }
      const counts = await countRows(app.database)
      expect(counts.submissions).toBeGreaterThanOrEqual(names.length)
      expect(counts.applications).toBe(counts.submissions)
    })

    test(`${engine.name}: fields the payload does not have are dropped before storing`, async () => {
      const body = { ...validSubmission(), isAdmin: true, notes: 'x'.repeat(5000) }
      expect((await app.post(submissionUrl(body.submissionKey), body)).statusCode).toBe(201)
      const stored = await findApplication(app.database.db, body.submissionKey, undefined)
      expect(stored?.payload).not.toHaveProperty('isAdmin')
      expect(stored?.payload).not.toHaveProperty('notes')
    })

    describe('refused bodies', () => {
      let before: Awaited<ReturnType<typeof countRows>>
      beforeAll(async () => {
        before = await countRows(app.database)
      })

      test.each(REFUSED)(
        `${engine.name}: $name → 400 naming the field`,
        async ({ edit, errors }) => {
          const key = randomUUID()
          const body = edit({ ...validSubmission(key) })
          const response = await app.post(submissionUrl(key), body)
          expect(response.statusCode).toBe(400)
          // A refused object is kept for the broker under the applicant's reference (decision 1504).
          const kept = typeof body === 'object' && body !== null && !Array.isArray(body)
          expect(response.json()).toEqual(
            kept
              ? {
                  error: INVALID,
                  errors,
                  submissionKey: key,
                  reference: applicationReference(key),
                  status: 'needs-attention',
                }
              : { error: INVALID, errors },
          )
        },
      )

      test(`${engine.name}: a key that is not a UUID → 400`, async () => {
        for (const key of ['12345', 'not-a-uuid', `${randomUUID()}x`, "1' OR '1'='1"]) {
          const response = await app.post(submissionUrl(encodeURIComponent(key)), validSubmission())
          expect(response.statusCode, key).toBe(400)
          expect(response.json()).toEqual({
            error: 'The submission key in the address must be a UUID',
          })
        }
      })

      test(`${engine.name}: a body that is not JSON → 415, whatever it holds`, async () => {
        const key = randomUUID()
        const body = JSON.stringify(validSubmission(key))
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/json']) {
          const response = await app.post(submissionUrl(key), body, { 'content-type': type })
          expect(response.statusCode, type).toBe(415)
          expect(response.json()).toEqual({ error: 'Content-Type must be application/json' })
        }
        const untyped = await app.app.inject({
          method: 'POST',
          url: submissionUrl(key),
          payload: Buffer.from(body),
        })
        expect(untyped.statusCode).toBe(415)
      })

      test(`${engine.name}: JSON with a charset is JSON`, async () => {
        const body = validSubmission()
        const response = await app.post(submissionUrl(body.submissionKey), body, {
          'content-type': 'application/json; charset=utf-8',
        })
        expect(response.statusCode).toBe(201)
        before.submissions += 1
        before.applications += 1
        before.deliveries += TEST_LENDERS.carfinance.length
      })

      test(`${engine.name}: a body over 64 KiB → 413 with a JSON answer`, async () => {
        const key = randomUUID()
        const body = { ...validSubmission(key), padding: 'x'.repeat(64 * 1024) }
        const response = await app.post(submissionUrl(key), body)
        expect(response.statusCode).toBe(413)
        expect(response.headers['content-type']).toContain('application/json')
        expect(response.json()).toEqual({ error: 'Request body is too large' })
      })

      test(`${engine.name}: malformed or empty JSON → 400 with a JSON answer`, async () => {
        const key = randomUUID()
        for (const text of ['{"firstName": "Ada"', "{'a': 1}", 'undefined', '{"a":1}}']) {
          const response = await app.post(submissionUrl(key), text)
          expect(response.statusCode, text).toBe(400)
          expect(response.json()).toEqual({
            error: "Body is not valid JSON but content-type is set to 'application/json'",
          })
        }
        const empty = await app.post(submissionUrl(key), '')
        expect(empty.statusCode).toBe(400)
        expect(empty.json()).toEqual({
          error: "Body cannot be empty when content-type is set to 'application/json'",
        })
      })

      test(`${engine.name}: a prototype-polluting body → 400`, async () => {
        const key = randomUUID()
        const text = `{"__proto__": {"isAdmin": true}, "submissionKey": "${key}"}`
        const response = await app.post(submissionUrl(key), text)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          error: "Body is not valid JSON but content-type is set to 'application/json'",
        })
      })

      test(`${engine.name}: nothing refused was stored as an application`, async () => {
        expect(await countRows(app.database)).toEqual(before)
      })
    })
  })
}

test('the reference is FC- and three groups of four unambiguous characters, fixed by the key', () => {
  expect(applicationReference(FILLED_GUID)).toBe('FC-NN07-T1T4-FN9J')
  expect(applicationReference(FILLED_GUID.toUpperCase())).toBe('FC-NN07-T1T4-FN9J')
  const references = new Set<string>()
  for (let i = 0; i < 2000; i += 1) {
    const reference = applicationReference(randomUUID())
    expect(reference).toMatch(
      /^FC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    )
    references.add(reference)
  }
  // 60 bits: two thousand keys never share one.
  expect(references.size).toBe(2000)
})
