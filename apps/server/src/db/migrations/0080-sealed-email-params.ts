// The email outbox's sealed parameters (decision 1951): what a message needs that must not be readable in
// the database (a link's token, its code, the address it goes to), encrypted, and set to null once the
// message is sent or can no longer be. Portable DDL only.

import { sql, type Kysely, type Migration } from 'kysely'

export const addSealedEmailParams: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('emails').addColumn('sealed', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table emails drop column sealed`.execute(db)
  },
}
