// The delivery outbox: one row per (submission, lender destination), written in the submission's own
// transaction so an acknowledged submission always has its deliveries. Portable DDL only.

import type { Kysely, Migration } from 'kysely'

export const createDeliveries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('submission_key', 'text', (column) => column.notNull())
      .addColumn('destination_id', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull())
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('delivered_at', 'text')
      // A replayed enqueue (a retried submission transaction) must not make a second delivery.
      .addUniqueConstraint('deliveries_submission_destination_unique', [
        'submission_key',
        'destination_id',
      ])
      .execute()
    // The worker's poll: due rows of one status, oldest first.
    await db.schema
      .createIndex('deliveries_status_next_attempt_at_index')
      .on('deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deliveries').execute()
  },
}
