// The applicant's own page of their application (decision 2113): the sessions a status link opens, and the
// applicant's choice among the lenders' offers (or their wish to be called), one per application. Portable DDL.

import type { Kysely, Migration } from 'kysely'

export const createOfferChoices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('status_sessions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('status_sessions_application')
      .on('status_sessions')
      .column('application_key')
      .execute()
    await db.schema
      .createTable('offer_choices')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('decision_id', 'text')
      .addColumn('lender_id', 'text')
      .addColumn('figures', 'text')
      .addColumn('shown', 'text', (column) => column.notNull())
      .addColumn('chosen_at', 'text', (column) => column.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('offer_choices').execute()
    await db.schema.dropTable('status_sessions').execute()
  },
}
