// The sweep for the joint applicants' links (decision 1991) reads one template's messages of the last
// days, every minute in every process that sends emails: an index on the template and the time spares it
// reading the whole outbox. Portable DDL only.

import type { Kysely, Migration } from 'kysely'

export const addEmailsByTemplate: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('emails_template_created_at')
      .on('emails')
      .columns(['template', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('emails_template_created_at').execute()
  },
}
