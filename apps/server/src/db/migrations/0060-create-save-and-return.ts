// Save and come back later, and the joint applicant's own confirmation (decisions 1821 to 1824): the
// links (only a hash of each token), the answers a link restores (sealed like a payload), the requests
// counted for the rate limits, and the joint applicant's confirmations. Portable DDL only.

import type { Kysely, Migration } from 'kysely'

export const createSaveAndReturn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('resume_links')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('check_kind', 'text', (column) => column.notNull())
      .addColumn('code_hash', 'text')
      .addColumn('email_hash', 'text')
      .addColumn('screen', 'text')
      .addColumn('failed_attempts', 'integer', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .execute()
    await db.schema
      .createIndex('resume_links_application_key')
      .on('resume_links')
      .columns(['application_key', 'purpose', 'status'])
      .execute()
    await db.schema
      .createTable('saved_answers')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createTable('link_requests')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('subject_hash', 'text', (column) => column.notNull())
      .addColumn('at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('link_requests_subject_at')
      .on('link_requests')
      .columns(['subject_hash', 'at'])
      .execute()
    await db.schema
      .createTable('joint_confirmations')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('corrections', 'text')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('joint_confirmations').execute()
    await db.schema.dropTable('link_requests').execute()
    await db.schema.dropTable('saved_answers').execute()
    await db.schema.dropTable('resume_links').execute()
  },
}
