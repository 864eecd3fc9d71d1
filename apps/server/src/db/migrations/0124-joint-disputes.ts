// The joint applicant's "This is not right" (decision 2127): when they said it, and what they wrote,
// sealed like the corrections. A dispute does not confirm: `confirmed_at` stays as it was. Portable DDL
// only.

import { sql, type Kysely, type Migration } from 'kysely'

export const addJointDisputes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('joint_confirmations').addColumn('disputed_at', 'text').execute()
    await db.schema.alterTable('joint_confirmations').addColumn('dispute', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table joint_confirmations drop column dispute`.execute(db)
    await sql`alter table joint_confirmations drop column disputed_at`.execute(db)
  },
}
