// Repository, migration and SQLite writer tests, run on SQLite always and on PostgreSQL when it answers
// (TEST_DATABASE_URL, by default the local server's `test` database).

import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { Migrator, sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { createDatabase, SQLITE_FILE_NAME } from '../src/db/database'
import { migrations } from '../src/db/migrations/migrations'
import { migrateToLatest } from '../src/db/migrate'
import { seedDemoStock } from '../src/db/seed-demo-stock'
import { openSqliteConnection, PAGE_CACHE_KIB } from '../src/db/sqlite-connection'
import type { Database } from '../src/db/database'
import type { VehicleRow } from '../src/db/tables'
import { destinationIdsFor } from '../src/delivery/destinations'
import { findApplication } from '../src/repositories/application-repository'
import { bodyHash } from '../src/repositories/body-hash'
import { isUniqueViolation, type NewSubmission } from '../src/repositories/submission-repository'
import {
  createRepositoryWriter,
  createWriteStore,
  writerSubmissionStore,
  type WriteStore,
} from '../src/repositories/write-store'
import { findVehicle } from '../src/repositories/vehicle-repository'
import { validSubmission } from './submission-test-helpers'
import { engines, openSqlite, temporaryFolder, type TestDatabase } from './test-databases'

const opened: TestDatabase[] = []
const stores: WriteStore[] = []
afterEach(async () => {
  // The writer threads first: their writes in flight finish before the files close.
  await Promise.all(stores.splice(0).map((store) => store.close()))
  await Promise.all(opened.splice(0).map((testDatabase) => testDatabase.cleanup()))
})

/** The app's write store over `database`, closed after the test. */
function writeStoreOf(database: Database, lenders = {}): WriteStore {
  const store = createWriteStore(database, {
    dataKeys: undefined,
    destinationIds: (brand) => destinationIdsFor(lenders, brand),
  })
  stores.push(store)
  return store
}

const allEngines = await engines()
const postgres = allEngines.find((engine) => engine.dialect === 'postgres')!

for (const engine of allEngines) {
  const open = async () => {
    const testDatabase = await engine.open()
    opened.push(testDatabase)
    return testDatabase.database
  }

  test.skipIf(!engine.available)(
    `${engine.name}: the first migration creates the tables and a second run changes nothing`,
    async () => {
      const database = await open()
      expect(database.dialect).toBe(engine.dialect)
      expect(await migrateToLatest(database)).toEqual({ applied: Object.keys(migrations) })
      expect(await migrateToLatest(database)).toEqual({ applied: [] })
      // On PostgreSQL, only this test's own schema: the introspector reads every schema of the database,
      // and other test files create and drop theirs meanwhile.
      const tables =
        database.dialect === 'postgres'
          ? (
              await sql<{ table_name: string }>`
                select table_name from information_schema.tables where table_schema = current_schema()
              `.execute(database.db)
            ).rows.map((row) => row.table_name)
          : (await database.db.introspection.getTables()).map((table) => table.name)
      expect(tables).toEqual(
        expect.arrayContaining(['vehicles', 'applications', 'submissions', 'deliveries']),
      )
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: seeding twice leaves exactly the six demo vehicles`,
    async () => {
      const database = await open()
      await migrateToLatest(database)
      const { db } = database
      await seedDemoStock(db)
      await seedDemoStock(db)
      const rows = await db.selectFrom('vehicles').select('id').orderBy('id').execute()
      expect(rows.map((row) => row.id)).toEqual([
        'demo-car-1',
        'demo-caravan-1',
        'demo-horsebox-1',
        'demo-motorcycle-1',
        'demo-motorhome-1',
        'demo-van-1',
      ])
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: reseeding restores edited demo values and keeps the first created_at`,
    async () => {
      const database = await open()
      await migrateToLatest(database)
      await seedDemoStock(database.db, new Date('2026-01-02T03:04:05.678Z'))
      await database.db
        .updateTable('vehicles')
        .set({ price: 1, make: 'Edited' })
        .where('id', '=', 'demo-van-1')
        .execute()
      await seedDemoStock(database.db, new Date('2026-06-01T00:00:00.000Z'))
      const van = await findVehicle(database.db, 'demo-van-1')
      expect(van?.price).toBe(21495)
      expect(van?.make).toBe('Volkswagen')
      expect(van?.created_at).toBe('2026-01-02T03:04:05.678Z')
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: findVehicle returns the stored row, with integers as numbers and nulls as null`,
    async () => {
      const database = await open()
      await migrateToLatest(database)
      await seedDemoStock(database.db, new Date('2026-11-21T09:30:00.000Z'))
      expect(await findVehicle(database.db, 'demo-car-1')).toEqual<VehicleRow>({
        id: 'demo-car-1',
        vehicle_type: 'Car',
        make: 'Ford',
        model: 'Focus 1.0 EcoBoost Titanium 5dr',
        price: 14995,
        mileage: 28450,
        colour: 'Magnetic Grey',
        fuel_type: 'Petrol',
        transmission: 'Manual',
        registration_year: 2021,
        vrm: 'LB21 KXT',
        primary_image: '/vehicles/demo-car-1.svg',
        created_at: '2026-11-21T09:30:00.000Z',
      })
      const caravan = await findVehicle(database.db, 'demo-caravan-1')
      expect(caravan).toMatchObject({ mileage: null, fuel_type: null, transmission: null })
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: findVehicle returns undefined for an id not in stock, and ids are case-sensitive`,
    async () => {
      const database = await open()
      await migrateToLatest(database)
      await seedDemoStock(database.db)
      expect(await findVehicle(database.db, 'demo-car-99')).toBeUndefined()
      expect(await findVehicle(database.db, 'DEMO-CAR-1')).toBeUndefined()
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: the funnel's counts go through the write store, adding to what is stored, beside a submission`,
    async () => {
      const database = await open()
      await migrateToLatest(database)
      const store = writeStoreOf(database, LENDERS)
      const counter = (kind: string, count: number) => ({
        day: '2026-11-29',
        brand: 'carfinance',
        source: 'google',
        campaign: '(none)',
        step: 'deposit',
        kind,
        message_key: '',
        count,
      })
      await store.addFunnelCounts([counter('viewed', 2), counter('continued', 1)])
      // Sent in one turn with a submission: on SQLite they share its batch (one transaction, one sync).
      const body = validSubmission()
      const [, stored] = await Promise.all([
        store.addFunnelCounts([counter('viewed', 3)]),
        store.submit(checked(body)),
        store.addFunnelCounts([]),
      ])
      expect(stored).toEqual({ stored: true, bodyHash: bodyHash(body) })
      const rows = await database.db
        .selectFrom('funnel_counters')
        .select(['kind', 'count'])
        .orderBy('kind')
        .execute()
      expect(rows.map((row) => [row.kind, Number(row.count)])).toEqual([
        ['continued', 1],
        ['viewed', 5],
      ])
    },
  )
}

test.skipIf(!postgres.available)(
  'PostgreSQL: each test database lives in its own schema, and the migration table with it',
  async () => {
    const [first, second] = await Promise.all([postgres.open(), postgres.open()])
    opened.push(first, second)
    await Promise.all([migrateToLatest(first.database), migrateToLatest(second.database)])
    const { rows } = await sql<{ table_schema: string; table_name: string }>`
      select table_schema, table_name from information_schema.tables
      where table_schema in (${first.location}, ${second.location})
      order by table_schema, table_name`.execute(first.database.db)
    const tablesIn = (schema: string) =>
      rows.filter((row) => row.table_schema === schema).map((row) => row.table_name)
    const expected = [
      'application_cases',
      'application_index',
      'application_secrets',
      'applications',
      'audit_head',
      'audit_log',
      'back_office_settings',
      'deliveries',
      'delivery_attempts',
      'emails',
      'enrolments',
      'erasures',
      'evidence',
      'follow_ups',
      'funnel_counters',
      'joint_confirmations',
      'kysely_migration',
      'kysely_migration_lock',
      'legal_holds',
      'lender_decisions',
      'link_requests',
      'needs_attention',
      'notes',
      'offer_choices',
      'operator_sessions',
      'operators',
      'resume_links',
      'saved_answers',
      'status_changes',
      'status_sessions',
      'submissions',
      'support_flags',
      'support_notes',
      'vehicles',
    ]
    expect(tablesIn(first.location)).toEqual(expected)
    expect(tablesIn(second.location)).toEqual(expected)
  },
)

test('SQLite: the connection runs in WAL mode with full sync, a busy timeout and foreign keys', async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  const pragma = async (name: string) => {
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
      testDatabase.database.db,
    )
    return rows[0]
  }
  expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' })
  // 2 is FULL.
  expect(await pragma('synchronous')).toEqual({ synchronous: 2 })
  expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 })
  expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 })
  // SQLite's own 2 MB page cache, not better-sqlite3's 16 MB (decision 2001).
  expect(await pragma('cache_size')).toEqual({ cache_size: -2000 })
})

test('closing a database twice is harmless', async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  await testDatabase.database.close()
  await expect(testDatabase.database.close()).resolves.toBeUndefined()
})

// --- The SQLite writer thread (decision 1461) ---

test('SQLite: the writer thread opens the file with the same settings as the server connection', async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  const connection = openSqliteConnection(join(testDatabase.location, SQLITE_FILE_NAME))
  try {
    expect(connection.pragma('journal_mode', { simple: true })).toBe('wal')
    // 2 is FULL: every commit waits for the disk.
    expect(connection.pragma('synchronous', { simple: true })).toBe(2)
    expect(connection.pragma('busy_timeout', { simple: true })).toBe(5000)
  } finally {
    connection.close()
  }
})

test("SQLite: the writer thread's connection has a 2 MB page cache (decisions 1961, 2001)", async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  const file = join(testDatabase.location, SQLITE_FILE_NAME)
  const connection = openSqliteConnection(file)
  try {
    expect(PAGE_CACHE_KIB).toBe(2000)
    // Negative: a bound in KiB rather than in pages.
    expect(connection.pragma('cache_size', { simple: true })).toBe(-2000)
    expect(connection.pragma('synchronous', { simple: true })).toBe(2)
  } finally {
    connection.close()
  }
})

const LENDERS = {
  carfinance: [
    { id: 'lender-a', url: 'https://lender-a.example/', secret: 'whsec_a' },
    { id: 'lender-b', url: 'https://lender-b.example/', secret: 'whsec_b' },
  ],
}
const NOW = new Date('2026-11-22T10:00:00.000Z')

/** What the route hands the store for a checked body (here the body stands for its own payload). */
function checked(body: { submissionKey: string }): NewSubmission {
  return {
    submissionKey: body.submissionKey,
    body,
    brand: 'carfinance',
    payload: body,
    answer: { status: 201, body: JSON.stringify({ submissionKey: body.submissionKey }) },
    reference: applicationReference(body.submissionKey),
    now: NOW,
    serverSequence: 1_000_000,
  }
}

async function migratedSqlite(): Promise<TestDatabase> {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  await migrateToLatest(testDatabase.database)
  return testDatabase
}

test.for([
  ['while the thread starts (on the server connection)', false],
  ['once the thread is ready', true],
] as const)(
  'SQLite writer: a submission resolves after its commit: a new connection sees its rows at once, %s',
  async ([, threadReady]) => {
    const { database, location } = await migratedSqlite()
    const store = writeStoreOf(database, LENDERS)
    if (threadReady) await store.start()
    const bodies = Array.from({ length: 5 }, () => validSubmission())
    const outcomes = await Promise.all(bodies.map((body) => store.submit(checked(body))))
    expect(outcomes).toEqual(bodies.map((body) => ({ stored: true, bodyHash: bodyHash(body) })))
    const reader = new BetterSqlite3(join(location, SQLITE_FILE_NAME), { readonly: true })
    try {
      const count = (table: string) =>
        reader.prepare(`select count(*) as count from ${table}`).pluck().get()
      expect([count('submissions'), count('applications'), count('deliveries')]).toEqual([5, 5, 10])
    } finally {
      reader.close()
    }
    // The rows the in-process path writes: the body's hash, the answer, the payload, the outbox.
    const first = bodies[0]!
    expect(
      await database.db
        .selectFrom('submissions')
        .selectAll()
        .where('submission_key', '=', first.submissionKey)
        .executeTakeFirst(),
    ).toEqual({
      submission_key: first.submissionKey,
      body_hash: bodyHash(first),
      response_status: 201,
      response_body: checked(first).answer.body,
      created_at: NOW.toISOString(),
      reference: applicationReference(first.submissionKey),
    })
    expect(await findApplication(database.db, first.submissionKey, undefined)).toMatchObject({
      brand: 'carfinance',
      status: 'submitted',
      payload: first,
      submittedAt: NOW.toISOString(),
    })
    expect(
      await database.db
        .selectFrom('deliveries')
        .select(['destination_id', 'status', 'next_attempt_at'])
        .where('submission_key', '=', first.submissionKey)
        .orderBy('destination_id')
        .execute(),
    ).toEqual(
      ['lender-a', 'lender-b'].map((id) => ({
        destination_id: id,
        status: 'pending',
        next_attempt_at: NOW.toISOString(),
      })),
    )
  },
)

test('SQLite writer: a key sent twice in one batch is stored once; the second finds the first', async () => {
  const { database } = await migratedSqlite()
  const store = writeStoreOf(database)
  await store.start()
  const first = validSubmission()
  // The same content with its keys in another order is the same body.
  const again = Object.fromEntries(Object.entries(first).reverse()) as typeof first
  const other = { ...first, firstName: 'Grace' }
  // Sent in one turn of the event loop, so the three share one batch.
  const outcomes = await Promise.all(
    [first, again, other].map((body) => store.submit(checked(body))),
  )
  const existing = expect.objectContaining({ body_hash: bodyHash(first) })
  expect(outcomes).toEqual([
    { stored: true, bodyHash: bodyHash(first) },
    { stored: false, existing, bodyHash: bodyHash(first) },
    { stored: false, existing, bodyHash: bodyHash(other) },
  ])
  expect((await findApplication(database.db, first.submissionKey, undefined))?.payload).toEqual(
    first,
  )
})

test('SQLite writer: a thread that cannot open the file fails its writes with the database code, and the next write gets a new thread', async () => {
  const dataDir = await temporaryFolder()
  const file = join(dataDir, SQLITE_FILE_NAME)
  // A folder where the file should be: SQLite cannot open it.
  await mkdir(file)
  const writer = createRepositoryWriter(file)
  try {
    await expect(writer.start()).rejects.toMatchObject({ code: 'SQLITE_CANTOPEN' })
    await expect(writer.write({ kind: 'check' })).rejects.toMatchObject({ code: 'SQLITE_CANTOPEN' })
    await rm(file, { recursive: true })
    const database = createDatabase({ databaseUrl: undefined, dataDir })
    await migrateToLatest(database)
    await database.close()
    await expect(writer.write({ kind: 'check' })).resolves.toBe(true)
    const body = validSubmission()
    const store = writerSubmissionStore(writer, { dataKeys: undefined, destinationIds: () => [] })
    await expect(store(checked(body))).resolves.toEqual({
      stored: true,
      bodyHash: bodyHash(body),
    })
  } finally {
    await writer.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})

test('SQLite writer: closing lets the writes already sent finish, then refuses new ones', async () => {
  const { database, location } = await migratedSqlite()
  const store = writeStoreOf(database)
  await store.start()
  const submit = () => store.submit(checked(validSubmission()))
  const sent = Array.from({ length: 20 }, submit)
  const closed = store.close()
  await expect(Promise.all(sent)).resolves.toHaveLength(20)
  await closed
  await expect(submit()).rejects.toThrow('The database is closed')
  const reopened = createDatabase({ databaseUrl: undefined, dataDir: location })
  try {
    const row = await reopened.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(row.count).toBe(20)
  } finally {
    await reopened.close()
  }
})

test('SQLite: migration 0010 gives a submission stored before it its reference', async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  const { database } = testDatabase
  // The schema as it was, with a submission stored then.
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  expect((await migrator.migrateTo('0003-create-deliveries')).error).toBeUndefined()
  const key = '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b'
  await sql`insert into submissions (submission_key, body_hash, response_status, response_body, created_at)
    values (${key}, 'h', 201, '{}', '2026-11-01T00:00:00.000Z')`.execute(database.db)
  expect((await migrateToLatest(database)).applied).toContain('0010-submission-reference')
  const row = await database.db
    .selectFrom('submissions')
    .select('reference')
    .where('submission_key', '=', key)
    .executeTakeFirstOrThrow()
  expect(row.reference).toBe('FC-NN07-T1T4-FN9J')
})

for (const engine of allEngines) {
  test.skipIf(!engine.available)(
    `${engine.name}: a reference is stored once only: another key under it is refused by the database`,
    async () => {
      const testDatabase = await engine.open()
      opened.push(testDatabase)
      const { database } = testDatabase
      await migrateToLatest(database)
      const row = (submissionKey: string) => ({
        submission_key: submissionKey,
        body_hash: 'h',
        response_status: 201,
        response_body: '{}',
        created_at: '2026-11-02T00:00:00.000Z',
        reference: 'FC-NN07-T1T4-FN9J',
      })
      await database.db.insertInto('submissions').values(row(randomUUID())).execute()
      const error = await database.db
        .insertInto('submissions')
        .values(row(randomUUID()))
        .execute()
        .then(
          () => undefined,
          (failure: unknown) => failure,
        )
      expect(isUniqueViolation(error)).toBe(true)
    },
  )
}

for (const engine of allEngines) {
  test.skipIf(!engine.available)(
    `${engine.name}: the read of a binding sees what is committed, never a transaction still open`,
    async () => {
      const testDatabase = await engine.open()
      opened.push(testDatabase)
      const { database } = testDatabase
      await migrateToLatest(database)
      const store = writeStoreOf(database)
      const [bound, other] = [randomUUID(), randomUUID()]
      const hash = 'ab'.repeat(32)
      expect(await store.bindSecret(bound, hash, new Date())).toBe(hash)
      expect(await store.boundSecret(bound)).toBe(hash)
      expect(await store.boundSecret(other)).toBeUndefined()
      // A transaction on the server's connection binds `other`, then waits: the read waits its turn
      // instead of answering the row it may still undo.
      let undo!: () => void
      const held = new Promise<void>((resolve) => (undo = resolve))
      let written!: () => void
      const inside = new Promise<void>((resolve) => (written = resolve))
      const transaction = database.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('application_secrets')
            .values({
              application_key: other,
              secret_hash: hash,
              created_at: '2026-11-29T00:00:00Z',
            })
            .execute()
          written()
          await held
          throw new Error('undone')
        })
        .catch((error: unknown) => (error as Error).message)
      await inside
      const read = store.boundSecret(other)
      undo()
      expect(await transaction).toBe('undone')
      expect(await read).toBeUndefined()
    },
  )
}
