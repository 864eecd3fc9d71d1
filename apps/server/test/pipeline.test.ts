// The broker's pipeline (decision 2115) through the real API on both engines: submitted applications by
// stage from the lenders' words, the applicant's choice and the broker's status; the age in the stage; a
// caseworker's follow-up, due today or overdue; and the signed stage a lender's later word does not undo.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stageOf, type CaseFacts } from '../src/back-office/pipeline'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { postSignedDecision, TEST_LENDERS } from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const [LENDER_A, LENDER_B] = TEST_LENDERS.carfinance
const DAY_MS = 24 * 60 * 60 * 1000

const facts = (change: Partial<CaseFacts>): CaseFacts => ({
  brokerStatus: 'new',
  latest: [],
  lenders: 2,
  chosenOffer: false,
  ...change,
})

test.each<[string, Partial<CaseFacts>, string]>([
  ['nothing sent yet', { lenders: 0 }, 'new'],
  ['sent, no word yet', {}, 'with-lenders'],
  ['an open offer', { latest: [{ decision: 'approved', offerOpen: true }] }, 'offers-in'],
  [
    'only an expired offer',
    { latest: [{ decision: 'approved', offerOpen: false }] },
    'with-lenders',
  ],
  [
    'documents asked',
    {
      latest: [
        { decision: 'more-information-needed', offerOpen: false },
        { decision: 'approved', offerOpen: true },
      ],
    },
    'documents',
  ],
  [
    'every lender declined',
    {
      latest: [
        { decision: 'declined', offerOpen: false },
        { decision: 'declined', offerOpen: false },
      ],
    },
    'declined-by-all',
  ],
  ['one of two declined', { latest: [{ decision: 'declined', offerOpen: false }] }, 'with-lenders'],
  [
    'the applicant chose an offer',
    { chosenOffer: true, latest: [{ decision: 'approved', offerOpen: true }] },
    'offer-chosen',
  ],
  ['the agreement signed', { brokerStatus: 'signed', chosenOffer: true }, 'signed'],
  [
    'paid out',
    { brokerStatus: 'signed', latest: [{ decision: 'paid-out', offerOpen: false }] },
    'paid-out',
  ],
  [
    'closed by the broker',
    { brokerStatus: 'closed', latest: [{ decision: 'approved', offerOpen: true }] },
    'not-taken-up',
  ],
])('%s is the stage %s', (_name, change, stage) => {
  expect(stageOf(facts(change))).toBe(stage)
})

describe.each(allEngines)('the pipeline on $name', (engine) => {
  let bo: BackOfficeApp
  let caseworker: Operator
  let viewer: Operator

  beforeAll(async () => {
    if (!engine.available) return
    bo = await startBackOffice(engine, { LENDER_DESTINATIONS: JSON.stringify(TEST_LENDERS) })
    caseworker = await bo.operator('case@broker.example', 'caseworker')
    viewer = await bo.operator('view@broker.example', 'viewer')
  })
  afterAll(async () => bo?.close())

  async function decide(lender: { id: string; secret: string }, key: string, decision: string) {
    const body = JSON.stringify({
      submissionKey: key,
      decision,
      lenderReference: `${lender.id}-${key.slice(0, 6)}`,
      decidedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      ...(decision.startsWith('approved')
        ? {
            offer: {
              amount: 5000,
              termMonths: 36,
              apr: 12,
              monthlyPayment: 165.2,
              commission: { kind: 'amount', value: 250 },
            },
          }
        : {}),
    })
    const answer = await postSignedDecision(bo.app, lender, body)
    expect(answer.statusCode, answer.body).toBe(202)
  }

  const read = async () =>
    (
      await bo.request({ method: 'GET', url: '/api/back-office/pipeline', as: caseworker })
    ).json() as {
      today: string
      stages: {
        id: string
        count: number
        cases: {
          applicationKey: string
          ageDays: number
          followUp: { dueOn: string; note: string; overdue: boolean; dueToday: boolean } | null
        }[]
      }[]
      dueToday: number
      overdue: number
    }
  const stageOfKey = (answer: Awaited<ReturnType<typeof read>>, key: string) =>
    answer.stages.find((stage) => stage.cases.some((each) => each.applicationKey === key))?.id

  test.skipIf(!engine.available)(
    'cases by stage with counts, follow-ups due today and overdue, and the signed stage',
    async () => {
      const [offered, declined, documents, signed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ]
      for (const key of [offered, declined, documents, signed]) await bo.submit(key)
      await decide(LENDER_A!, offered, 'approved')
      await decide(LENDER_A!, declined, 'declined')
      await decide(LENDER_B!, declined, 'declined')
      await decide(LENDER_A!, documents, 'more-information-needed')
      await decide(LENDER_A!, signed, 'approved')

      const setStatus = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${signed}/status`,
        as: caseworker,
        body: { status: 'signed' },
      })
      expect(setStatus.statusCode, setStatus.body).toBeLessThan(300)
      // A lender's later approval does not undo a signed agreement; its payout does move it on.
      await decide(LENDER_B!, signed, 'approved')

      const first = await read()
      expect(stageOfKey(first, offered)).toBe('offers-in')
      expect(stageOfKey(first, declined)).toBe('declined-by-all')
      expect(stageOfKey(first, documents)).toBe('documents')
      expect(stageOfKey(first, signed)).toBe('signed')
      expect(
        Object.fromEntries(first.stages.map((stage) => [stage.id, stage.count])),
      ).toMatchObject({
        'offers-in': 1,
        'declined-by-all': 1,
        documents: 1,
        signed: 1,
      })

      // Follow-ups: refused when wrong; one due today, one that becomes overdue.
      const wrong = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${documents}/follow-up`,
        as: caseworker,
        body: { dueOn: '2020-01-01', note: '' },
      })
      expect(wrong.json()).toEqual({
        error: 'Invalid follow-up',
        errors: [
          { field: 'dueOn', message: 'Enter the day to follow up as a date, today or later' },
          { field: 'note', message: 'Enter a note of up to 500 characters' },
        ],
      })
      expect(
        (
          await bo.request({
            method: 'POST',
            url: `/api/back-office/applications/${documents}/follow-up`,
            as: viewer,
            body: { dueOn: first.today, note: 'x' },
          })
        ).statusCode,
      ).toBe(403)
      for (const [key, note] of [
        [documents, 'Chase the payslips'],
        [offered, 'Call about the offer'],
      ] as const) {
        const set = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/follow-up`,
          as: caseworker,
          body: { dueOn: first.today, note },
        })
        expect(set.statusCode, set.body).toBe(201)
      }
      const dueToday = await read()
      expect([dueToday.dueToday, dueToday.overdue]).toEqual([2, 0])
      const followed = dueToday.stages
        .flatMap((stage) => stage.cases)
        .find((each) => each.applicationKey === documents)
      expect(followed?.followUp).toEqual({
        dueOn: dueToday.today,
        note: 'Chase the payslips',
        overdue: false,
        dueToday: true,
      })

      // Two days on (the follow-ups' day moved back, since a session lasts only 30 idle minutes): overdue.
      const twoDaysAgo = new Date(Date.parse(`${first.today}T12:00:00Z`) - 2 * DAY_MS)
        .toISOString()
        .slice(0, 10)
      await bo.database.db.updateTable('follow_ups').set({ due_on: twoDaysAgo }).execute()
      const later = await read()
      expect([later.dueToday, later.overdue]).toEqual([0, 2])
      const cases = later.stages.flatMap((stage) => stage.cases)
      expect(cases.find((each) => each.applicationKey === documents)?.followUp?.overdue).toBe(true)

      await decide(LENDER_B!, signed, 'paid-out')
      expect(stageOfKey(await read(), signed)).toBe('paid-out')
      // Each read is audited: the pipeline lists the operator's cases.
      const audited = await bo.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'pipeline.viewed')
        .execute()
      expect(audited.length).toBeGreaterThanOrEqual(4)
    },
  )
})
