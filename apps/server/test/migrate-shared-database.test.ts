// Migrations on a PostgreSQL database that others change at the same time (test files running side by
// side, each in a schema of its own that it drops when done): Kysely's Migrator reads the catalogue of every
// schema before it starts, and a schema dropped meanwhile must not fail our migration.

import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { migrateToLatest } from '../src/db/migrate'
import { withAdminClient } from './postgres-schema'
import { openPostgres, postgresReachable, TEST_POSTGRES_URL } from './test-databases'

const reachable = await postgresReachable()

test.skipIf(!reachable)(
  'PostgreSQL: migrations succeed while other schemas of the database are created and dropped',
  async () => {
    let churning = true
    let dropped = 0
    // Other "test files": schemas with a serial column (what the introspector asks about), made and
    // dropped every few milliseconds.
    const churn = withAdminClient(TEST_POSTGRES_URL, async (client) => {
      while (churning) {
        const schema = `forecourt_churn_${randomUUID().replaceAll('-', '')}`
        await client.query(`create schema "${schema}"`)
        await client.query(`create table "${schema}".t (id serial primary key, a text, b text)`)
        await client.query(`drop schema "${schema}" cascade`)
        dropped += 1
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })
    try {
      for (let run = 0; run < 12; run += 1) {
        const opened = await openPostgres()
        try {
          const { applied } = await migrateToLatest(opened.database)
          expect(applied.length).toBeGreaterThan(0)
        } finally {
          await opened.cleanup()
        }
      }
    } finally {
      churning = false
      await churn
    }
    expect(dropped).toBeGreaterThan(12)
  },
  60_000,
)
