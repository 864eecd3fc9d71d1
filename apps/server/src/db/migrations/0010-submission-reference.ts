// The applicant's reference stored with each submission, unique: two applications can never be quoted
// under one reference. Rows stored before get theirs from their key, as new ones do. Portable DDL only;
// decision record docs/decisions/1576-application-reference.md.

import { sql, type Kysely, type Migration } from 'kysely'
import { applicationReference } from '@forecourt/domain/reference/application-reference'

/** Rows updated per statement while filling in the references of earlier submissions. */
const BACKFILL_BATCH = 500

export const addSubmissionReference: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('reference', 'text').execute()
    const typed = db as unknown as Kysely<{
      submissions: { submission_key: string; reference: string | null }
    }>
    for (;;) {
      const rows = await typed
        .selectFrom('submissions')
        .select('submission_key')
        .where('reference', 'is', null)
        .limit(BACKFILL_BATCH)
        .execute()
      if (rows.length === 0) break
      for (const { submission_key } of rows) {
        await typed
          .updateTable('submissions')
          .set({ reference: applicationReference(submission_key) })
          .where('submission_key', '=', submission_key)
          .execute()
      }
    }
    await db.schema
      .createIndex('submissions_reference_unique')
      .on('submissions')
      .column('reference')
      .unique()
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('submissions_reference_unique').execute()
    await sql`alter table submissions drop column reference`.execute(db)
  },
}
