// The outcome figures on both engines, from a seeded data set whose answers are worked out by hand in the
// comments: counts per brand and London month, approval rates per lender, the time to the first decision
// (median and 90th percentile), the vulnerability split, and the CSV. Decision 1658.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../src/db/database'
import type { LenderDecision } from '../src/db/tables'
import { migrateToLatest } from '../src/db/migrate'
import {
  lenderFiguresCsv,
  londonMonth,
  median,
  monthFiguresCsv,
  nearestRank,
  outcomeFigures,
} from '../src/decisions/outcome-figures'
import { engines, type TestDatabase } from './test-databases'

const allEngines = await engines()

let sequence = 1
async function application(
  database: Database,
  key: string,
  brand: string,
  createdAt: string,
  submittedAt: string | null,
): Promise<void> {
  await database.db
    .insertInto('applications')
    .values({
      application_key: key,
      brand,
      status: submittedAt === null ? 'partial' : 'submitted',
      payload: '{}',
      created_at: createdAt,
      updated_at: submittedAt ?? createdAt,
      submitted_at: submittedAt,
      server_sequence: sequence++,
    })
    .execute()
}

async function decision(
  database: Database,
  key: string,
  lenderId: string,
  word: LenderDecision,
  receivedAt: string,
  options: { decidedAt?: string; current?: boolean; offer?: object } = {},
): Promise<void> {
  await database.db
    .insertInto('lender_decisions')
    .values({
      id: `ldc_${sequence++}`,
      webhook_id: `msg_${sequence++}`,
      lender_id: lenderId,
      brand: 'carfinance',
      submission_key: key,
      decision: word,
      lender_reference: 'R',
      decided_at: options.decidedAt ?? receivedAt,
      received_at: receivedAt,
      offer: options.offer === undefined ? null : JSON.stringify(options.offer),
      message: null,
      current: options.current === false ? 0 : 1,
      response_status: 202,
      response_body: '{}',
    })
    .execute()
}

async function flag(database: Database, key: string): Promise<void> {
  await database.db
    .insertInto('support_flags')
    .values({
      application_key: key,
      brand: 'carfinance',
      reasons: '["additional-needs"]',
      flagged_at: '2026-10-01T00:00:00.000Z',
    })
    .execute()
}

async function seed(database: Database): Promise<void> {
  // carfinance, October 2026.
  // A1 (flagged): lender-a approves after 120 min, lender-b declines.
  await application(
    database,
    'a1',
    'carfinance',
    '2026-10-01T09:00:00.000Z',
    '2026-10-01T10:00:00.000Z',
  )
  await flag(database, 'a1')
  await decision(database, 'a1', 'lender-a', 'approved', '2026-10-01T12:00:00.000Z')
  await decision(database, 'a1', 'lender-b', 'declined', '2026-10-01T13:00:00.000Z')
  // A2: both decline; first after 60 min.
  await application(
    database,
    'a2',
    'carfinance',
    '2026-10-02T08:00:00.000Z',
    '2026-10-02T09:00:00.000Z',
  )
  await decision(database, 'a2', 'lender-a', 'declined', '2026-10-02T10:00:00.000Z')
  await decision(database, 'a2', 'lender-b', 'declined', '2026-10-02T11:00:00.000Z')
  // A3: lender-a approves after 30 min, then pays out.
  await application(
    database,
    'a3',
    'carfinance',
    '2026-10-03T08:00:00.000Z',
    '2026-10-03T09:00:00.000Z',
  )
  // Its offer: £7,500 at 3.5% commission, £262.50 to the broker once paid out.
  await decision(database, 'a3', 'lender-a', 'approved', '2026-10-03T09:30:00.000Z', {
    offer: {
      amount: 7500,
      termMonths: 48,
      apr: 18.4,
      monthlyPayment: 216.45,
      commission: { kind: 'percentage', value: 3.5 },
    },
  })
  await decision(database, 'a3', 'lender-a', 'paid-out', '2026-10-10T09:00:00.000Z')
  // A4: no decision yet.
  await application(
    database,
    'a4',
    'carfinance',
    '2026-10-04T08:00:00.000Z',
    '2026-10-04T09:00:00.000Z',
  )
  // A5: started (23:30 UTC on 30 September is 00:30 on 1 October in London), never submitted.
  await application(database, 'a5', 'carfinance', '2026-09-30T23:30:00.000Z', null)
  // A6 (flagged): lender-b refers after 600 min; an earlier-dated approval arriving later is history.
  await application(
    database,
    'a6',
    'carfinance',
    '2026-10-06T08:00:00.000Z',
    '2026-10-06T09:00:00.000Z',
  )
  await flag(database, 'a6')
  await decision(database, 'a6', 'lender-b', 'referred', '2026-10-06T19:00:00.000Z')
  await decision(database, 'a6', 'lender-b', 'approved', '2026-10-06T20:00:00.000Z', {
    decidedAt: '2026-10-06T18:00:00.000Z',
    current: false,
  })
  // milebroker, November 2026: one submission, undecided.
  await application(
    database,
    'b1',
    'milebroker',
    '2026-11-02T08:00:00.000Z',
    '2026-11-02T09:00:00.000Z',
  )
}

test('medians and percentiles', () => {
  expect(median([])).toBeNull()
  expect(median([5])).toBe(5)
  expect(median([600, 30, 120, 60])).toBe(90)
  expect(nearestRank([600, 30, 120, 60], 90)).toBe(600)
  expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9)
  expect(londonMonth('2026-09-30T23:30:00.000Z')).toBe('2026-10')
  expect(londonMonth('2026-10-31T23:30:00.000Z')).toBe('2026-10')
})

describe.each(allEngines)('outcome figures on $name', (engine) => {
  let opened: TestDatabase
  beforeAll(async () => {
    if (!engine.available) return
    opened = await engine.open()
    await migrateToLatest(opened.database)
    await seed(opened.database)
  })
  afterAll(async () => opened?.cleanup())

  test.skipIf(!engine.available)(
    'the seeded data set gives the figures worked out by hand',
    async () => {
      const figures = await outcomeFigures(opened.database.db)
      expect(figures.months).toEqual([
        {
          brand: 'carfinance',
          month: '2026-10',
          started: 6,
          submitted: 5,
          decided: 4,
          approved: 2,
          declined: 1,
          paidOut: 1,
          // 30, 60, 120, 600 minutes.
          timeToFirstDecision: { count: 4, medianMinutes: 90, p90Minutes: 600 },
          byVulnerability: {
            flagged: {
              submitted: 2,
              decided: 2,
              approved: 1,
              declined: 0,
              paidOut: 0,
              timeToFirstDecision: { count: 2, medianMinutes: 360, p90Minutes: 600 },
            },
            notFlagged: {
              submitted: 3,
              decided: 2,
              approved: 1,
              declined: 1,
              paidOut: 1,
              timeToFirstDecision: { count: 2, medianMinutes: 45, p90Minutes: 60 },
            },
          },
        },
        {
          brand: 'milebroker',
          month: '2026-11',
          started: 1,
          submitted: 1,
          decided: 0,
          approved: 0,
          declined: 0,
          paidOut: 0,
          timeToFirstDecision: { count: 0, medianMinutes: null, p90Minutes: null },
          byVulnerability: {
            flagged: {
              submitted: 0,
              decided: 0,
              approved: 0,
              declined: 0,
              paidOut: 0,
              timeToFirstDecision: { count: 0, medianMinutes: null, p90Minutes: null },
            },
            notFlagged: {
              submitted: 1,
              decided: 0,
              approved: 0,
              declined: 0,
              paidOut: 0,
              timeToFirstDecision: { count: 0, medianMinutes: null, p90Minutes: null },
            },
          },
        },
      ])
      expect(figures.lenders).toEqual([
        // A1 approved, A2 declined, A3 paid out (counts as approved).
        {
          brand: 'carfinance',
          month: '2026-10',
          lenderId: 'lender-a',
          decided: 3,
          approved: 2,
          declined: 1,
          approvalRate: 0.6667,
          paidOut: 1,
          commission: 262.5,
        },
        // A1 and A2 declined, A6 referred (the later-arriving approval is history).
        {
          brand: 'carfinance',
          month: '2026-10',
          lenderId: 'lender-b',
          decided: 3,
          approved: 0,
          declined: 2,
          approvalRate: 0,
          paidOut: 0,
          commission: 0,
        },
      ])
    },
  )

  test.skipIf(!engine.available)('filters by brand and by month, and exports CSV', async () => {
    const november = await outcomeFigures(opened.database.db, { from: '2026-11' })
    expect(november.months.map((row) => [row.brand, row.month])).toEqual([
      ['milebroker', '2026-11'],
    ])
    const carfinance = await outcomeFigures(opened.database.db, {
      brand: 'carfinance',
      to: '2026-10',
    })
    expect(carfinance.months.map((row) => row.month)).toEqual(['2026-10'])

    const all = await outcomeFigures(opened.database.db)
    const csv = monthFiguresCsv(all).split('\r\n')
    expect(csv[0]).toBe(
      'brand,month,started,submitted,decided,approved,declined,paid_out,first_decision_median_minutes,first_decision_p90_minutes,flagged_submitted,flagged_decided,flagged_approved,flagged_declined,flagged_paid_out,flagged_first_decision_median_minutes,flagged_first_decision_p90_minutes,not_flagged_submitted,not_flagged_decided,not_flagged_approved,not_flagged_declined,not_flagged_paid_out,not_flagged_first_decision_median_minutes,not_flagged_first_decision_p90_minutes',
    )
    expect(csv[1]).toBe('carfinance,2026-10,6,5,4,2,1,1,90,600,2,2,1,0,0,360,600,3,2,1,1,1,45,60')
    expect(csv[2]).toBe('milebroker,2026-11,1,1,0,0,0,0,,,0,0,0,0,0,,,1,0,0,0,0,,')
    expect(lenderFiguresCsv(all).split('\r\n').slice(0, 3)).toEqual([
      'brand,month,lender,decided,approved,declined,approval_rate,paid_out,commission_gbp',
      'carfinance,2026-10,lender-a,3,2,1,0.6667,1,262.50',
      'carfinance,2026-10,lender-b,3,0,2,0,0,0.00',
    ])
    // Nothing personal can be in it: only brands, months, lender ids and numbers.
    expect(monthFiguresCsv(all) + lenderFiguresCsv(all)).toMatch(/^[a-z0-9_,.\r\n-]*$/)
  })
})
