// The evidence record: what each applicant was shown and agreed to, append-only. Portable DDL only;
// decision 1654.

import { sql, type Kysely, type Migration } from 'kysely'

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
    // An application's records are found through the unique index above (its first column). Every index
    // costs each submission a dozen writes, so the only other one holds the few commission rows: the
    // back office's list of requests waiting for an answer.
    await db.schema
      .createIndex('evidence_commission_at')
      .on('evidence')
      .column('at')
      .where(sql.ref('disclosure_id'), '=', 'commission')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('evidence').execute()
  },
}
