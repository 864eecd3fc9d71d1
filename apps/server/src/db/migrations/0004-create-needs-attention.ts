// Submissions the server could not accept, kept so the broker can contact the applicant: one row per
// distinct body refused under a key (decision 1504). Portable DDL only.

import { sql, type Kysely, type Migration } from 'kysely'

export const createNeedsAttention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('needs_attention')
      // Made by the application (`att_` + 32 hex): sealed bodies are bound to it.
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('submission_key', 'text', (column) => column.notNull())
      // What the applicant was told to quote (FC-XXXX-XXXX), derived from the key.
      .addColumn('reference', 'text', (column) => column.notNull())
      .addColumn('reason', 'text', (column) =>
        column.notNull().check(sql`reason in ('refused', 'conflict')`),
      )
      // The answer the applicant's browser was given (400 refused, 409 conflict).
      .addColumn('status_code', 'integer', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      // SHA-256 of the body's canonical JSON: the same body again is the same record.
      .addColumn('body_hash', 'text', (column) => column.notNull())
      // JSON of the body as received; sealed whole when a data key is configured.
      .addColumn('body', 'text', (column) => column.notNull())
      // JSON list of { field, message }: why it was refused, without the values sent.
      .addColumn('errors', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('needs_attention_key_reason_body_unique', [
        'submission_key',
        'reason',
        'body_hash',
      ])
      .execute()
    // Retention deletes by age; a back office lists a brand's newest first.
    await db.schema
      .createIndex('needs_attention_created_at')
      .on('needs_attention')
      .column('created_at')
      .execute()
    await db.schema
      .createIndex('needs_attention_brand_created_at')
      .on('needs_attention')
      .columns(['brand', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('needs_attention').execute()
  },
}
