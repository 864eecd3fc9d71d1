// Shared by the delivery tests: a migrated database of either engine, submitted applications to deliver,
// destinations pointing at a fake lender, and a worker with waits short enough for a test.

import { randomBytes, randomUUID } from 'node:crypto'
import type { DataKeyring } from '../src/crypto/field-encryption'
import { createDatabase, type Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import type { DeliveryRow } from '../src/db/tables'
import { destinationIdsFor, type Destinations } from '../src/delivery/destinations'
import { enqueueDeliveries } from '../src/repositories/delivery-repository'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { DeliveryWorker, type DeliveryWorkerOptions } from '../src/delivery/worker'
import { storeSubmittedApplication } from '../src/repositories/application-repository'
import { TEST_POSTGRES_URL, type Engine, type TestDatabase } from './test-databases'

export const BRAND = 'carfinance'
/** A value that must reach the lender and must never reach a log line. */
export const CANARY = 'Zebedee-canary-7f3a'

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

export function destinationsFor(
  lenders: { id: string; url: string; secret: string }[],
  brand: string = BRAND,
): Destinations {
  return { [brand]: lenders }
}

export interface OpenedEngine extends TestDatabase {
  /** A second, independent connection (pool) to the same database: another process, in effect. */
  openAnother(): Database
}

export async function openMigrated(engine: Engine): Promise<OpenedEngine> {
  const testDatabase = await engine.open()
  await migrateToLatest(testDatabase.database)
  const others: Database[] = []
  return {
    ...testDatabase,
    openAnother: () => {
      const other =
        engine.dialect === 'sqlite'
          ? createDatabase({ databaseUrl: undefined, dataDir: testDatabase.location })
          : createDatabase({
              databaseUrl: withSearchPath(TEST_POSTGRES_URL, testDatabase.location),
              dataDir: '/nonexistent',
            })
      others.push(other)
      return other
    },
    cleanup: async () => {
      await Promise.all(others.map((other) => other.close()))
      await testDatabase.cleanup()
    },
  }
}

function withSearchPath(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

export function applicationPayload(submissionKey: string): Record<string, unknown> {
  return {
    submissionKey,
    affiliateKey: 'aff-cf-test',
    loanAmount: 7500,
    firstName: CANARY,
    lastName: 'Okonkwo-Smith',
    email: 'zebedee.canary@example.com',
    contactNumber: '07700900123',
    IsCompleted: true,
  }
}

/** Stores submitted applications and their outbox rows, as the submission route does. */
export async function submitApplications(
  database: Database,
  count: number,
  destinations: Destinations,
  options: { dataKeys?: DataKeyring; now?: Date } = {},
): Promise<string[]> {
  const keys: string[] = []
  const now = options.now ?? new Date()
  for (let index = 0; index < count; index += 1) {
    const key = randomUUID()
    keys.push(key)
    await database.db.transaction().execute(async (trx) => {
      await storeSubmittedApplication(
        trx,
        {
          applicationKey: key,
          brand: BRAND,
          payload: applicationPayload(key),
          now,
          serverSequence: now.getTime() * 1000 + index,
        },
        options.dataKeys,
      )
      await enqueueDeliveries(trx, {
        submissionKey: key,
        brandId: BRAND,
        now,
        destinationIds: destinationIdsFor(destinations, BRAND),
      })
    })
  }
  return keys
}

/**
 * Retries after 1 to 8 ms. A lender that hangs is given up on after 1 s: shorter timeouts fail requests
 * the lender answered when a loaded test machine starves the event loop for a few hundred ms.
 */
export const FAST: Partial<DeliveryWorkerOptions> = {
  pollIntervalMs: 5,
  concurrency: 8,
  requestTimeoutMs: 1000,
  leaseMs: 5000,
  stopGraceMs: 300,
  policy: { baseDelayMs: 1, maxDelayMs: 8, maxAttempts: 60, maxRejectedAttempts: 3 },
}

export function fastWorker(
  database: Database,
  destinations: Destinations,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  return new DeliveryWorker({
    database,
    loadPayload: submittedPayloadLoader(undefined),
    destinations: () => destinations,
    ...FAST,
    ...options,
  })
}

export async function allDeliveries(database: Database): Promise<DeliveryRow[]> {
  return database.db.selectFrom('deliveries').selectAll().orderBy('submission_key').execute()
}

/** Polls until `done` holds, failing after `timeoutMs`. */
export async function waitUntil(
  done: () => Promise<boolean>,
  timeoutMs = 15_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Log lines a test can search, in pino's shape. */
export function captureLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = []
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields: { ...fields } as Record<string, unknown>, message })
    }
  return {
    logger: { info: at('info'), warn: at('warn'), error: at('error') },
    lines,
    text: () => JSON.stringify(lines),
  }
}
