// Repository and migration tests, run on SQLite always and on PostgreSQL when it answers
// (TEST_DATABASE_URL, by default the local server's `test` database).

import { sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import { migrations } from '../src/db/migrations/migrations'
import { migrateToLatest } from '../src/db/migrate'
import { seedDemoStock } from '../src/db/seed-demo-stock'
import type { VehicleRow } from '../src/db/tables'
import { findVehicle } from '../src/repositories/vehicle-repository'
import { engines, openSqlite, type TestDatabase } from './test-databases'

const opened: TestDatabase[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((testDatabase) => testDatabase.cleanup()))
})

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
      const tables = (await database.db.introspection.getTables()).map((table) => table.name)
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
      'applications',
      'deliveries',
      'kysely_migration',
      'kysely_migration_lock',
      'submissions',
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
})

test('closing a database twice is harmless', async () => {
  const testDatabase = await openSqlite()
  opened.push(testDatabase)
  await testDatabase.database.close()
  await expect(testDatabase.database.close()).resolves.toBeUndefined()
})
