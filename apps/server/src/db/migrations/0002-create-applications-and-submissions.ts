// Applications (partial saves and submissions, one row per key) and the idempotency record of every
// accepted submission. Portable DDL only; decision record docs/decisions/0601-applications-and-submissions.md.

import { sql, type Kysely, type Migration } from 'kysely'

export const createApplicationsAndSubmissions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('applications')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('partial', 'submitted')`),
      )
      // JSON; the personal fields sealed in an envelope when a data key is configured.
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('submitted_at', 'text')
      // Microseconds since the epoch from the server's monotonic clock: 64 bits on both engines.
      .addColumn('server_sequence', 'bigint', (column) => column.notNull())
      .execute()
    // Retention asks for abandoned partials and old submissions by status and age.
    await db.schema
      .createIndex('applications_status_updated_at')
      .on('applications')
      .columns(['status', 'updated_at'])
      .execute()

    await db.schema
      .createTable('submissions')
      .addColumn('submission_key', 'text', (column) => column.primaryKey())
      .addColumn('body_hash', 'text', (column) => column.notNull())
      .addColumn('response_status', 'integer', (column) => column.notNull())
      .addColumn('response_body', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('submissions_created_at')
      .on('submissions')
      .column('created_at')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('submissions').execute()
    await db.schema.dropTable('applications').execute()
  },
}
