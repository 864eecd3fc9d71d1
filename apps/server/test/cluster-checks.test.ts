// The cluster scenario's checks catch what they are there to catch: rows stored wrongly (on a real SQLite
// database, written by the submission repository and then spoiled) and deliveries made wrongly (what fake
// lenders would have recorded).

import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { parseDataKeyring } from '../src/crypto/field-encryption'
import { migrateToLatest } from '../src/db/migrate'
import type { Payload } from '../src/repositories/application-repository'
import { storeSubmission } from '../src/repositories/submission-repository'
import { checkDeliveries, checkStored, type DeliveryRows } from '../faults/support/cluster-checks'
import {
  emptyOutcome,
  expectedAnswer,
  LENDERS,
  QUICK,
  type Sent,
} from '../faults/support/cluster-outcome'
import { crashBody } from '../faults/crash'
import type { FakeLender } from './fake-lender'
import { openSqlite } from './test-databases'
import { applicationReference } from '@forecourt/domain/reference/application-reference'

test('the check of the stored rows reports a lost, three damaged, a refused-yet-stored and a stranger key', async () => {
  const opened = await openSqlite()
  try {
    const { database } = opened
    await migrateToLatest(database)
    const dataKey = randomBytes(32).toString('base64')
    const keyring = parseDataKeyring({ key: dataKey, keyId: undefined, oldKeys: undefined }, [])
    const sent = new Map<string, Sent>()
    const keys: string[] = []
    for (let n = 0; n < 7; n += 1) {
      const key = randomUUID()
      const body = crashBody(key, n)
      keys.push(key)
      await storeSubmission(
        database.db,
        {
          submissionKey: key,
          body: JSON.parse(body) as unknown,
          brand: 'carfinance',
          payload: JSON.parse(body) as Payload,
          answer: { status: 201, body: expectedAnswer(key) },
          reference: applicationReference(key),
          now: new Date(),
          serverSequence: n,
        },
        { dataKeys: keyring, destinationIds: () => LENDERS },
      )
      // The last one was refused by the rate limit, as far as the client knows.
      sent.set(key, { key, body, acknowledged: n < 6, mayBeStored: n < 6 })
    }
    const [lost, swappedA, swappedB, oneLender, answer, intact, refused] = keys as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const { db } = database
    await db.deleteFrom('applications').where('application_key', '=', lost).execute()
    const payloadOf = async (key: string) =>
      (
        await db
          .selectFrom('applications')
          .select('payload')
          .where('application_key', '=', key)
          .executeTakeFirstOrThrow()
      ).payload
    const [payloadA, payloadB] = [await payloadOf(swappedA), await payloadOf(swappedB)]
    await db
      .updateTable('applications')
      .set({ payload: payloadB })
      .where('application_key', '=', swappedA)
      .execute()
    await db
      .updateTable('applications')
      .set({ payload: payloadA })
      .where('application_key', '=', swappedB)
      .execute()
    await db
      .deleteFrom('deliveries')
      .where('submission_key', '=', oneLender)
      .where('destination_id', '=', 'lender-b')
      .execute()
    await db
      .updateTable('submissions')
      .set({ response_body: '{}' })
      .where('submission_key', '=', answer)
      .execute()
    const stranger = randomUUID()
    await db
      .insertInto('submissions')
      .values({
        submission_key: stranger,
        body_hash: 'hash',
        response_status: 201,
        response_body: '{}',
        created_at: new Date().toISOString(),
      })
      .execute()

    const outcome = emptyOutcome(QUICK)
    const problems: string[] = []
    const rows = await checkStored(database, dataKey, outcome, sent, (text) => problems.push(text))

    const unreadable =
      'payload unreadable (The stored record does not open with data key "1": it was altered or belongs to another row)'
    expect([...problems].sort()).toEqual(
      [
        `${lost}: acknowledged, missing (1 submission rows, 0 application rows, 2 outbox rows)`,
        `${swappedA}: ${unreadable}`,
        `${swappedB}: ${unreadable}`,
        `${oneLender}: outbox rows for lender-a`,
        `${answer}: stored answer`,
        `${refused}: refused, yet stored (1 submission rows, 1 application rows, 2 outbox rows)`,
        `${stranger}: stored but never sent`,
      ].sort(),
    )
    expect(problems.join()).not.toContain(intact)
    expect(outcome.stored).toMatchObject({ lost: 1, doubled: 0, damaged: 4, strangers: 2 })
    expect(outcome.rateLimit.refusedStored).toBe(1)
    expect(rows).toHaveLength(2 * 7 - 1)
  } finally {
    await opened.cleanup()
  }
})

test('the check of the deliveries reports a double acceptance, a lost row, an unexplained repeat, a bad signature and a wrong body', () => {
  const [k1, k2, k3] = [randomUUID(), randomUUID(), randomUUID()]
  const body = (key: string, n: number) => crashBody(key, n)
  const sent = new Map<string, Sent>(
    [k1, k2, k3].map((key, n) => [
      key,
      { key, body: body(key, n), acknowledged: true, mayBeStored: true },
    ]),
  )
  const row = (
    id: string,
    key: string,
    lender: string,
    status: DeliveryRows[number]['status'],
    lockedBy: string | null = null,
  ): DeliveryRows[number] => ({
    id,
    submission_key: key,
    destination_id: lender,
    status,
    locked_by: lockedBy,
    attempts: 1,
  })
  const rows: DeliveryRows = [
    row('dlv_1', k1, 'lender-a', 'delivered'),
    row('dlv_2', k1, 'lender-b', 'delivered'),
    row('dlv_3', k2, 'lender-a', 'delivered'),
    // Held by a killed worker, its lease not run out: allowed when the run does not wait for leases.
    row('dlv_4', k2, 'lender-b', 'in_flight', 'host:123:dead'),
    row('dlv_5', k3, 'lender-a', 'pending'),
    row('dlv_6', k3, 'lender-b', 'delivered'),
  ]
  type Lender = Pick<FakeLender, 'acceptCounts' | 'accepted' | 'received'>
  const lender = (
    accepted: [string, string, unknown][],
    received: FakeLender['received'],
    twice: string[] = [],
  ): Lender => ({
    accepted: new Map(
      accepted.map(([key, webhookId, json]) => [key, { webhookId, body: json, headers: {} }]),
    ),
    acceptCounts: new Map(accepted.map(([key]) => [key, twice.includes(key) ? 2 : 1])),
    received,
  })
  const request = (key: string, answer: FakeLender['received'][number]['answer'] = 'accepted') => ({
    webhookId: undefined,
    attempt: '1',
    idempotencyKey: key,
    answer,
  })
  const lenders = {
    'lender-a': lender(
      [
        [k1, 'dlv_1', JSON.parse(body(k1, 0))],
        [k2, 'dlv_3', JSON.parse(body(k2, 1))],
      ],
      // k1 twice though no killed worker held it; k2 accepted twice.
      [request(k1), request(k1, 'duplicate'), request(k2), request(k2)],
      [k2],
    ),
    'lender-b': lender(
      [
        [k1, 'dlv_2', JSON.parse(body(k1, 0))],
        [k2, 'dlv_4', JSON.parse(body(k2, 1))],
        // Not the body acknowledged under k3.
        [k3, 'dlv_6', JSON.parse(body(k3, 99))],
      ],
      [
        request(k1),
        request(k2),
        request(k3),
        {
          ...request(k3),
          answer: 'bad-signature' as const,
          signatureFailure: 'bad-signature' as const,
        },
      ],
    ),
  }
  const outcome = emptyOutcome(QUICK)
  const problems: string[] = []
  checkDeliveries(
    lenders,
    { waitForLeases: false },
    outcome,
    sent,
    rows,
    new Set(['host:123:dead']),
    new Map([['dlv_4', 0]]),
    (text) => problems.push(text),
  )
  expect(problems).toEqual([
    'dlv_3: delivered, accepted 2 times by lender-a',
    'dlv_5: pending after 1 attempts',
    "dlv_6: lender-b accepted another body or webhook id than the row's",
    `lender-a: ${k1} sent again though no killed worker held it`,
    `lender-a: ${k2} sent again though no killed worker held it`,
    'lender-b: a request with a bad signature (bad-signature)',
    '1 deliveries accepted twice',
  ])
  expect(outcome.deliveries).toMatchObject({
    rows: 6,
    delivered: 4,
    stillLeased: 1,
    other: 1,
    acceptedTwice: 1,
    repeats: 2,
    repeatsUnexplained: 2,
    badSignatures: 1,
    wrongBodies: 1,
  })

  // Waiting for leases, a row still held at the end is a failure too.
  const waited: string[] = []
  checkDeliveries(
    lenders,
    { waitForLeases: true },
    emptyOutcome(QUICK),
    sent,
    rows,
    new Set(['host:123:dead']),
    new Map([['dlv_4', 0]]),
    (text) => waited.push(text),
  )
  expect(waited).toContain('dlv_4: in_flight after 1 attempts')
})
