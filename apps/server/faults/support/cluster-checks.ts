// The cluster scenario's checks after the run, from the database and from what the fake lenders recorded:
// every row against what was sent, and every delivery against its outbox row. Tested on their own in
// apps/server/test/cluster-checks.test.ts.

import { openPayload, parseDataKeyring } from '../../src/crypto/field-encryption'
import type { Database } from '../../src/db/database'
import { bodyHash, canonicalJson } from '../../src/repositories/body-hash'
import { payloadAad } from '../../src/repositories/rows'
import type { FakeLender } from '../../test/fake-lender'
import {
  expectedAnswer,
  LENDERS,
  type ClusterOptions,
  type ClusterOutcome,
  type LenderId,
  type Sent,
} from './cluster-outcome'
import { deliveredAsSent, unstamped } from './stored-payload'

export type DeliveryRows = Awaited<ReturnType<typeof readDeliveries>>

function readDeliveries(checker: Database) {
  return checker.db
    .selectFrom('deliveries')
    .select(['id', 'submission_key', 'destination_id', 'status', 'locked_by', 'attempts'])
    .execute()
}

/**
 * Every row against what was sent, key by key: returns the outbox rows for checkDeliveries. `dataKey` is
 * the instances' FORECOURT_DATA_KEY, to open the stored payloads.
 */
export async function checkStored(
  checker: Database,
  dataKey: string | undefined,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  problem: (text: string) => void,
): Promise<DeliveryRows> {
  const { db } = checker
  const submissionRows = await db.selectFrom('submissions').selectAll().execute()
  const applicationRows = await db.selectFrom('applications').selectAll().execute()
  const deliveryRows = await readDeliveries(checker)
  const stored = outcome.stored
  stored.submissions = submissionRows.length
  stored.applications = applicationRows.length
  stored.deliveries = deliveryRows.length
  const keyring = parseDataKeyring({ key: dataKey, keyId: undefined, oldKeys: undefined }, [])
  const count = <T>(rows: T[], key: (row: T) => string) => {
    const map = new Map<string, T[]>()
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row])
    return map
  }
  const submissionsByKey = count(submissionRows, (row) => row.submission_key)
  const applicationsByKey = count(applicationRows, (row) => row.application_key)
  const deliveriesByKey = count(deliveryRows, (row) => row.submission_key)

  for (const key of new Set([
    ...submissionsByKey.keys(),
    ...applicationsByKey.keys(),
    ...deliveriesByKey.keys(),
  ])) {
    if (!sent.has(key)) {
      stored.strangers += 1
      problem(`${key}: stored but never sent`)
    }
  }
  for (const record of sent.values()) {
    const { key } = record
    const submissions = submissionsByKey.get(key) ?? []
    const applications = applicationsByKey.get(key) ?? []
    const deliveries = deliveriesByKey.get(key) ?? []
    const rows = submissions.length + applications.length + deliveries.length
    const shape = `${submissions.length} submission rows, ${applications.length} application rows, ${deliveries.length} outbox rows`
    if (!record.acknowledged) {
      if (!record.mayBeStored && rows > 0) {
        // Refused by the rate limit before the body was read, or never sent.
        stored.strangers += 1
        outcome.rateLimit.refusedStored += 1
        problem(`${key}: refused, yet stored (${shape})`)
      } else if (
        rows > 0 &&
        (submissions.length !== 1 || applications.length !== 1 || deliveries.length !== 2)
      ) {
        stored.damaged += 1
        problem(`${key}: never acknowledged, stored in part or twice (${shape})`)
      }
      continue
    }
    if (submissions.length === 0 || applications.length === 0) {
      stored.lost += 1
      problem(`${key}: acknowledged, missing (${shape})`)
      continue
    }
    if (submissions.length > 1 || applications.length > 1 || deliveries.length > LENDERS.length) {
      stored.doubled += 1
      problem(`${key}: stored more than once (${shape})`)
      continue
    }
    const wrong: string[] = []
    const [row] = submissions
    const [application] = applications
    const sentBody = JSON.parse(record.body) as unknown
    if (row?.body_hash !== bodyHash(sentBody)) wrong.push('body hash')
    if (row?.response_body !== expectedAnswer(key)) wrong.push('stored answer')
    if (application?.status !== 'submitted') wrong.push(`status ${application?.status}`)
    try {
      const opened = openPayload(
        JSON.parse(application?.payload ?? 'null') as Record<string, unknown>,
        keyring,
        payloadAad(key),
      )
      // Rows stored through the API carry the server's stamps; the comparison is with what was sent.
      if (canonicalJson(unstamped(opened).asSent) !== canonicalJson(sentBody))
        wrong.push('payload differs')
    } catch (error) {
      wrong.push(`payload unreadable (${error instanceof Error ? error.message : 'error'})`)
    }
    const destinations = deliveries.map((delivery) => delivery.destination_id).sort()
    if (destinations.join() !== [...LENDERS].join()) {
      wrong.push(`outbox rows for ${destinations.join(', ') || 'no lender'}`)
    }
    if (wrong.length > 0) {
      stored.damaged += 1
      problem(`${key}: ${wrong.join(', ')}`)
    }
  }
  return deliveryRows
}

/**
 * Every outbox row against what the lenders accepted, and every request they received against the rows: a
 * repeat is allowed only for a row a killed worker held (`heldRows`).
 */
export function checkDeliveries(
  lenders: Record<LenderId, Pick<FakeLender, 'acceptCounts' | 'accepted' | 'received'>>,
  options: Pick<ClusterOptions, 'waitForLeases'>,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  deliveryRows: DeliveryRows,
  killedWorkerIds: Set<string>,
  heldRows: Map<string, number>,
  problem: (text: string) => void,
): void {
  const result = outcome.deliveries
  result.rows = deliveryRows.length
  const rowByLenderKey = new Map<string, (typeof deliveryRows)[number]>()
  for (const row of deliveryRows) {
    rowByLenderKey.set(`${row.destination_id} ${row.submission_key}`, row)
    const lender = (LENDERS as readonly string[]).includes(row.destination_id)
      ? lenders[row.destination_id as LenderId]
      : undefined
    if (lender === undefined) {
      result.other += 1
      problem(`${row.id}: to an unknown lender ${row.destination_id}`)
      continue
    }
    const accepted = lender.acceptCounts.get(row.submission_key) ?? 0
    const leased =
      row.status === 'in_flight' && row.locked_by !== null && killedWorkerIds.has(row.locked_by)
    if (row.status === 'delivered') {
      result.delivered += 1
      if (accepted !== 1)
        problem(`${row.id}: delivered, accepted ${accepted} times by ${row.destination_id}`)
    } else if (leased && !options.waitForLeases) {
      // Claimed by a worker that was killed: the lender may have it already; it is sent again when the
      // lease runs out, and the lender takes the repeat as a duplicate.
      result.stillLeased += 1
      if (accepted > 1) problem(`${row.id}: accepted ${accepted} times by ${row.destination_id}`)
    } else {
      result.other += 1
      problem(`${row.id}: ${row.status} after ${row.attempts} attempts`)
    }
    const delivery = lender.accepted.get(row.submission_key)
    if (delivery !== undefined) {
      const record = sent.get(row.submission_key)
      const same =
        record !== undefined &&
        canonicalJson(deliveredAsSent(delivery.body)) ===
          canonicalJson(JSON.parse(record.body) as unknown) &&
        delivery.webhookId === row.id
      if (!same) {
        result.wrongBodies += 1
        problem(
          `${row.id}: ${row.destination_id} accepted another body or webhook id than the row's`,
        )
      }
    }
  }
  for (const id of LENDERS) {
    const lender = lenders[id]
    result.received += lender.received.length
    result.accepted += lender.accepted.size
    for (const [key, times] of lender.acceptCounts) {
      if (times > 1) result.acceptedTwice += 1
      if (!rowByLenderKey.has(`${id} ${key}`))
        problem(`${id} accepted ${key}, which has no outbox row`)
    }
    const seen = new Set<string>()
    for (const request of lender.received) {
      if (request.answer === 'bad-signature') {
        result.badSignatures += 1
        problem(`${id}: a request with a bad signature (${request.signatureFailure ?? 'unknown'})`)
        continue
      }
      const key = request.idempotencyKey ?? ''
      if (!seen.has(key)) {
        seen.add(key)
        continue
      }
      result.repeats += 1
      const row = rowByLenderKey.get(`${id} ${key}`)
      if (row === undefined || !heldRows.has(row.id)) {
        result.repeatsUnexplained += 1
        problem(`${id}: ${key} sent again though no killed worker held it`)
      }
    }
  }
  if (result.acceptedTwice > 0) problem(`${result.acceptedTwice} deliveries accepted twice`)
}
