// The evidence record: what each applicant was shown and agreed to, append-only. Portable DDL only;
// decision 1654.

import type { Kysely, Migration } from 'kysely'

export const createEvidence: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('evidence')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('applicant', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('disclosure_id', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('text_hash', 'text', (column) => column.notNull())
      .addColumn('channel', 'text')
      .addColumn('screen', 'text')
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('operator_id', 'text')
      .addColumn('detail', 'text')
      .addColumn('client_item_id', 'text')
      // A browser's retried report, or a replayed submission, records nothing twice.
      .addUniqueConstraint('evidence_application_client_item_unique', [
        'application_key',
        'client_item_id',
      ])
      .execute()
    await db.schema
      .createIndex('evidence_application_key_at')
      .on('evidence')
      .columns(['application_key', 'at'])
      .execute()
    // The back office's list of commission requests waiting for an answer.
    await db.schema.createIndex('evidence_kind_at').on('evidence').columns(['kind', 'at']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('evidence').execute()
  },
}
