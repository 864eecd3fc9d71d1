// Vulnerability: the flag a submission raises from its answers, and the operator's adjustment and
// outcome notes (append-only). Portable DDL only; decision 1659.

import type { Kysely, Migration } from 'kysely'

export const createSupport: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('support_flags')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('reasons', 'text', (column) => column.notNull())
      .addColumn('flagged_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createTable('support_notes')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('step', 'text', (column) => column.notNull())
      .addColumn('note', 'text', (column) => column.notNull())
      .addColumn('operator_id', 'text', (column) => column.notNull())
      .addColumn('at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('support_notes_application_key')
      .on('support_notes')
      .column('application_key')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('support_notes').execute()
    await db.schema.dropTable('support_flags').execute()
  },
}
