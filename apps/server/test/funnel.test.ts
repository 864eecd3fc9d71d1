// The funnel (decision 2112) through the real app on both engines: events from the page become counters by
// day, brand, source, step and kind, never anything that could single a person out; junk adds nothing; the
// submission, the first offer and the payout join the same counters; admins and analysts read the funnel of
// their brands, analysts nothing else; the CSV is the table. Two instances on one PostgreSQL add up.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { createDatabase } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { londonDay } from '../src/funnel/funnel-events'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { createSchema, dropSchema } from './postgres-schema'
import { postSignedDecision, TEST_ENV, TEST_LENDERS, writeHeaders } from './submission-test-helpers'
import { engines, TEST_POSTGRES_URL } from './test-databases'

const allEngines = await engines()
const LENDER = TEST_LENDERS.carfinance[0]!

interface PageEvent {
  event: string
  step?: string
  messageKey?: string
  source?: string
  campaign?: string
  first?: boolean
  label?: string
  category?: string
}

async function sendEvent(bo: BackOfficeApp, brand: string, body: PageEvent) {
  return bo.applicantPost('/api/events', body, brand)
}

/** One person's walk: started, then each step seen and answered, the last one only seen. */
async function walk(
  bo: BackOfficeApp,
  brand: string,
  source: string | undefined,
  stepsAnswered: string[],
  lastSeen?: string,
) {
  const base = source === undefined ? {} : { source, campaign: 'winter-sale' }
  expect(
    (
      await sendEvent(bo, brand, {
        event: 'Started',
        category: 'Application form',
        first: true,
        ...base,
      })
    ).statusCode,
  ).toBe(204)
  for (const step of stepsAnswered) {
    await sendEvent(bo, brand, { event: 'Step Viewed', step, first: true, ...base })
    await sendEvent(bo, brand, { event: 'Page View', step, ...base })
    await sendEvent(bo, brand, { event: 'Submit', step, first: true, ...base })
  }
  if (lastSeen !== undefined) {
    await sendEvent(bo, brand, { event: 'Step Viewed', step: lastSeen, first: true, ...base })
    await sendEvent(bo, brand, { event: 'Submit Error', step: lastSeen, ...base })
    await sendEvent(bo, brand, {
      event: 'Validation Error',
      step: lastSeen,
      messageKey: 'email.invalid',
      label: 'Please enter a valid email address.',
      ...base,
    })
  }
}

describe.each(allEngines)('the funnel on $name', (engine) => {
  let bo: BackOfficeApp
  let admin: Operator
  let analyst: Operator
  let carfinanceAnalyst: Operator
  let viewer: Operator

  beforeAll(async () => {
    if (!engine.available) return
    bo = await startBackOffice(engine, {
      FUNNEL_CAMPAIGNS: 'winter-sale',
      LENDER_DESTINATIONS: JSON.stringify(TEST_LENDERS),
    })
    admin = await bo.operator('admin@broker.example', 'admin')
    analyst = await bo.operator('analyst@broker.example', 'analyst')
    carfinanceAnalyst = await bo.operator('cf-analyst@broker.example', 'analyst', ['carfinance'])
    viewer = await bo.operator('viewer@broker.example', 'viewer')
  })
  afterAll(async () => bo?.close())

  test.skipIf(!engine.available)(
    'walked journeys on two brands show at each step, with drop-off, errors per 100 viewers and conversion by source',
    async () => {
      // Car Finance Direct from Google: two people answer three questions, one gives up at the fourth.
      await walk(bo, 'carfinance', 'Google', ['looking-to-buy', 'deposit', 'marital-status'])
      await walk(bo, 'carfinance', 'google', ['looking-to-buy', 'deposit'], 'marital-status')
      // Mile Broker from a Facebook advert: one person leaves at the first question.
      await walk(bo, 'milebroker', 'facebook', [], 'looking-to-buy')
      // A revisit in the same tab (first: false) is not another person.
      await sendEvent(bo, 'carfinance', {
        event: 'Step Viewed',
        step: 'looking-to-buy',
        first: false,
        source: 'google',
      })
      // One Car Finance Direct application submitted from Google, then offered and paid out by a lender.
      const key = randomUUID()
      await bo.submit(key, (payload) => {
        payload.Attribution = { evsrc: 'google', evcmp: 'winter-sale' }
      })
      for (const [decision, at] of [
        ['approved', '2026-11-24T10:00:00Z'],
        ['paid-out', '2026-11-25T10:00:00Z'],
      ] as const) {
        const body = JSON.stringify({
          submissionKey: key,
          decision,
          lenderReference: 'L-1',
          decidedAt: at,
          ...(decision === 'approved'
            ? {
                offer: {
                  amount: 7500,
                  termMonths: 48,
                  apr: 18.4,
                  monthlyPayment: 216.45,
                  commission: { kind: 'amount', value: 300 },
                },
              }
            : {}),
        })
        const stored = await postSignedDecision(bo.app, LENDER, body)
        expect(stored.statusCode).toBe(202)
      }

      const today = londonDay(new Date())
      const answer = await bo.request({
        method: 'GET',
        url: `/api/back-office/funnel?from=${today}&to=${today}`,
        as: analyst,
      })
      expect(answer.statusCode).toBe(200)
      const report = answer.json() as {
        steps: Array<{
          step: string
          viewed: number
          completed: number
          dropOff: number
          errors: number
        }>
        topErrors: Array<{
          step: string
          messageKey: string
          message: string
          count: number
          per100Viewers: number
        }>
        conversion: Record<string, number>
        bySource: Array<Record<string, number | string>>
        sources: string[]
        campaigns: string[]
      }
      const stepOf = (id: string) => report.steps.find((step) => step.step === id)
      expect(stepOf('looking-to-buy')).toMatchObject({
        viewed: 3,
        completed: 2,
        dropOff: 1,
        errors: 1,
      })
      expect(stepOf('deposit')).toMatchObject({ viewed: 2, completed: 2, dropOff: 0 })
      expect(stepOf('marital-status')).toMatchObject({
        viewed: 2,
        completed: 1,
        dropOff: 1,
        errors: 1,
      })
      expect(report.steps.map((step) => step.step).slice(0, 3)).toEqual(
        report.steps.map((step) => step.step).slice(0, 3),
      )
      expect(report.topErrors).toEqual([
        {
          step: 'marital-status',
          title: expect.any(String) as string,
          messageKey: 'email.invalid',
          message: expect.any(String) as string,
          count: 1,
          per100Viewers: 50,
        },
        {
          step: 'looking-to-buy',
          title: expect.any(String) as string,
          messageKey: 'email.invalid',
          message: expect.any(String) as string,
          count: 1,
          per100Viewers: 33.3,
        },
      ])
      expect(report.conversion).toEqual({ started: 3, submitted: 1, offers: 1, paidOut: 1 })
      expect(report.bySource).toEqual([
        { source: 'facebook', started: 1, submitted: 0, offers: 0, paidOut: 0 },
        { source: 'google', started: 2, submitted: 1, offers: 1, paidOut: 1 },
      ])
      expect(report.campaigns).toEqual(['winter-sale'])

      // Filtered to one source, and brand-scoped for an analyst of one brand.
      const facebook = (
        await bo.request({
          method: 'GET',
          url: `/api/back-office/funnel?from=${today}&to=${today}&source=facebook`,
          as: analyst,
        })
      ).json() as typeof report
      expect(facebook.conversion).toEqual({ started: 1, submitted: 0, offers: 0, paidOut: 0 })
      const scoped = (
        await bo.request({
          method: 'GET',
          url: `/api/back-office/funnel?from=${today}&to=${today}`,
          as: carfinanceAnalyst,
        })
      ).json() as typeof report
      expect(scoped.conversion).toEqual({ started: 2, submitted: 1, offers: 1, paidOut: 1 })
      const otherBrand = await bo.request({
        method: 'GET',
        url: `/api/back-office/funnel?brand=milebroker`,
        as: carfinanceAnalyst,
      })
      expect(otherBrand.statusCode).toBe(400)
      expect(otherBrand.json()).toEqual({
        error: 'Invalid funnel filter',
        errors: [{ field: 'brand', message: 'is not one of your brands' }],
      })

      // The CSV is the table.
      const csv = await bo.request({
        method: 'POST',
        url: '/api/back-office/funnel/export',
        as: admin,
        body: { from: today, to: today, table: 'sources' },
      })
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(csv.body).toBe(
        'source,started,submitted,offers,paid out\r\nfacebook,1,0,0,0\r\ngoogle,2,1,1,1\r\n',
      )
      const steps = await bo.request({
        method: 'POST',
        url: '/api/back-office/funnel/export',
        as: analyst,
        body: { from: today, to: today, table: 'steps' },
      })
      const loanAmountLine = steps.body
        .split('\r\n')
        .find((line) => line.startsWith('looking-to-buy,'))
      expect(loanAmountLine).toMatch(/,3,2,1,1$/)
    },
  )

  test.skipIf(!engine.available)(
    'analysts read the funnel and nothing else; viewers and caseworkers do not read it',
    async () => {
      for (const url of [
        '/api/back-office/applications',
        '/api/back-office/commission-requests',
        '/api/back-office/figures',
      ]) {
        expect((await bo.request({ method: 'GET', url, as: analyst })).statusCode, url).toBe(403)
      }
      expect(
        (await bo.request({ method: 'GET', url: '/api/back-office/funnel', as: viewer }))
          .statusCode,
      ).toBe(403)
      expect(
        (await bo.request({ method: 'GET', url: '/api/back-office/applications', as: viewer }))
          .statusCode,
      ).toBe(200)
      expect(
        (await bo.request({ method: 'GET', url: '/api/back-office/funnel', as: admin })).statusCode,
      ).toBe(200)
      const bad = await bo.request({
        method: 'GET',
        url: '/api/back-office/funnel?from=2026-13-01&to=yesterday&source=%3Cscript%3E',
        as: admin,
      })
      expect(bad.json()).toEqual({
        error: 'Invalid funnel filter',
        errors: [
          { field: 'from', message: 'must be a date written YYYY-MM-DD' },
          { field: 'to', message: 'must be a date written YYYY-MM-DD' },
          { field: 'source', message: 'must be a source or campaign label' },
        ],
      })
    },
  )

  test.skipIf(!engine.available)(
    'nothing that could single a person out is stored: canaries in every field of events and an application',
    async () => {
      const canaries = [
        'Zebedee-canary',
        'zeb.canary@example.com',
        '07700900461',
        'ZZ9 9ZZ',
        '203.0.113.77',
      ]
      const key = randomUUID()
      for (const canary of canaries) {
        for (const body of [
          {
            event: 'Started',
            first: true,
            source: canary,
            campaign: canary,
            label: canary,
            category: canary,
          },
          {
            event: 'Step Viewed',
            first: true,
            step: 'looking-to-buy',
            source: canary,
            label: canary,
          },
          {
            event: 'Validation Error',
            step: 'deposit',
            messageKey: 'email.invalid',
            label: canary,
            source: canary,
          },
          { event: 'Submission Error', label: key, source: canary },
        ]) {
          const answer = await bo.applicantPost('/api/events', body, 'carfinance')
          expect(answer.statusCode).toBeLessThan(500)
        }
      }
      await bo.submit(key, (payload) => {
        payload.firstName = 'Zebedee-canary'
        payload.email = 'zeb.canary@example.com'
        payload.Attribution = {
          evsrc: 'Zebedee-canary',
          evcmp: 'zeb.canary@example.com',
          evrfd: 'https://x.example/?e=zeb.canary@example.com',
        }
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      const rows = await bo.database.db.selectFrom('funnel_counters').selectAll().execute()
      expect(rows.length).toBeGreaterThan(0)
      const stored = JSON.stringify(rows).toLowerCase()
      for (const canary of [...canaries, key, '127.0.0.1']) {
        expect(stored, canary).not.toContain(canary.toLowerCase())
      }
      expect(Object.keys(rows[0]!).sort()).toEqual([
        'brand',
        'campaign',
        'count',
        'day',
        'kind',
        'message_key',
        'source',
        'step',
      ])
    },
  )

  test.skipIf(!engine.available)('a flood of junk events stores nothing new', async () => {
    const before = await bo.database.db
      .selectFrom('funnel_counters')
      .select(['day', 'brand', 'source', 'campaign', 'step', 'kind', 'message_key', 'count'])
      .execute()
    const junk: PageEvent[] = [
      { event: 'Hacked' },
      { event: 'Started' }, // not a person's first: a reload
      { event: 'Step Viewed', step: 'not-a-step', first: true },
      { event: 'Step Viewed', step: "'; drop table funnel_counters; --", first: true },
      { event: 'Submit', first: true },
      { event: 'Validation Error', step: 'deposit', messageKey: 'text.nope' },
      { event: 'Validation Error', step: 'deposit' },
      { event: 'Load Error', step: 'looking-to-buy' },
    ]
    for (let round = 0; round < 40; round++) {
      for (const body of junk)
        expect((await bo.applicantPost('/api/events', body, 'carfinance')).statusCode).toBe(204)
    }
    const oversized = await bo.applicantPost(
      '/api/events',
      { event: 'Started', first: true, source: 'x'.repeat(101) },
      'carfinance',
    )
    expect(oversized.statusCode).toBe(400)
    const after = await bo.database.db
      .selectFrom('funnel_counters')
      .select(['day', 'brand', 'source', 'campaign', 'step', 'kind', 'message_key', 'count'])
      .execute()
    expect(after).toEqual(before)
  })
})

const postgres = allEngines.find((engine) => engine.name === 'PostgreSQL')!
test.skipIf(!postgres.available)(
  'two instances on one PostgreSQL count the same events once each, adding up',
  async () => {
    const { schema, url } = await createSchema(TEST_POSTGRES_URL, 'forecourt_test')
    const databases = [0, 1].map(() =>
      createDatabase({ databaseUrl: url, dataDir: '/nonexistent' }),
    )
    try {
      await migrateToLatest(databases[0]!)
      const apps = await Promise.all(
        databases.map((db) =>
          buildApp(loadConfig({ ...TEST_ENV, DATABASE_URL: url }), { db, logger: false }),
        ),
      )
      const headers = await Promise.all(apps.map((app) => writeHeaders(app)))
      await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          apps[index % 2]!.inject({
            method: 'POST',
            url: '/api/events',
            payload: JSON.stringify({
              event: 'Step Viewed',
              step: 'looking-to-buy',
              first: true,
              source: 'tv',
            }),
            headers: {
              'content-type': 'application/json',
              host: 'carfinance.localhost',
              ...headers[index % 2],
            },
          }),
        ),
      )
      await Promise.all(apps.map((app) => app.close()))
      const rows = await databases[0]!.db.selectFrom('funnel_counters').selectAll().execute()
      expect(
        rows.map((row) => [row.brand, row.source, row.step, row.kind, Number(row.count)]),
      ).toEqual([['carfinance', 'tv', 'looking-to-buy', 'viewed', 60]])
    } finally {
      for (const database of databases) await database.close().catch(() => {})
      await dropSchema(TEST_POSTGRES_URL, schema)
    }
  },
)
