// Lenders' decisions about submissions, as they post them (decision 1656): every decision is kept, the
// ones that arrive out of order as history. Portable DDL only.

import type { Kysely, Migration } from 'kysely'

export const createLenderDecisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lender_decisions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('webhook_id', 'text', (column) => column.notNull())
      .addColumn('lender_id', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('submission_key', 'text', (column) => column.notNull())
      .addColumn('decision', 'text', (column) => column.notNull())
      .addColumn('lender_reference', 'text', (column) => column.notNull())
      .addColumn('decided_at', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .addColumn('offer', 'text')
      .addColumn('message', 'text')
      .addColumn('current', 'integer', (column) => column.notNull())
      .addColumn('response_status', 'integer', (column) => column.notNull())
      .addColumn('response_body', 'text', (column) => column.notNull())
      // A lender's retry of one webhook is answered from the first, never stored twice.
      .addUniqueConstraint('lender_decisions_lender_webhook_unique', ['lender_id', 'webhook_id'])
      .execute()
    await db.schema
      .createIndex('lender_decisions_submission_key')
      .on('lender_decisions')
      .columns(['submission_key', 'lender_id', 'decided_at'])
      .execute()
    // The outcome figures read decisions by brand and time.
    await db.schema
      .createIndex('lender_decisions_brand_received_at')
      .on('lender_decisions')
      .columns(['brand', 'received_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lender_decisions').execute()
  },
}
