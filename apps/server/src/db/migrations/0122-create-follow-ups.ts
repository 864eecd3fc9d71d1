// A caseworker's follow-up on an application (decision 2115): the day it is due and a note, one per
// application (a new one replaces it). The note is sealed like the notes when a data key is configured.
// Portable DDL.

import type { Kysely, Migration } from 'kysely'

export const createFollowUps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('follow_ups')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('due_on', 'text', (column) => column.notNull())
      .addColumn('note', 'text', (column) => column.notNull())
      .addColumn('set_by', 'text', (column) => column.notNull())
      .addColumn('set_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema.createIndex('follow_ups_due_on').on('follow_ups').column('due_on').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('follow_ups').execute()
  },
}
