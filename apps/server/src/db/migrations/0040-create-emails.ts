// The email outbox: one row per message, written in the same transaction as what causes it (a submission,
// a lender's decision), sent by the worker, marked sent once. Holds no address and no name: they are
// read from the stored application when the message is sent. Portable DDL only; decision 1652.

import type { Kysely, Migration } from 'kysely'

export const createEmails: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('emails')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('template', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('application_key', 'text')
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('params', 'text', (column) => column.notNull())
      .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull())
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('sent_at', 'text')
      .execute()
    // The sender's poll, as the deliveries'.
    await db.schema
      .createIndex('emails_status_next_attempt_at')
      .on('emails')
      .columns(['status', 'next_attempt_at'])
      .execute()
    // Retention and the back office find an application's messages.
    await db.schema
      .createIndex('emails_application_key')
      .on('emails')
      .column('application_key')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('emails').execute()
  },
}
