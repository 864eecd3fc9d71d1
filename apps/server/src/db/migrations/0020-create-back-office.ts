// The back office: operators and their sign-in, the search index beside the sealed payloads, the
// broker's own records about an application (status, notes, legal holds, erasure tombstones), each
// delivery attempt, and the hash-chained audit log. Portable DDL only: ids and times come from the
// application. Decision records: docs/decisions/1601-* to 1612-*.

import { sql, type Kysely, type Migration } from 'kysely'

export const GENESIS_HASH = '0'.repeat(64)

export const createBackOffice: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operators')
      .addColumn('id', 'text', (column) => column.primaryKey())
      // Lower case: one operator per address, however it is typed.
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('role', 'text', (column) =>
        column.notNull().check(sql`role in ('admin', 'caseworker', 'viewer')`),
      )
      // 'all', or brand ids separated by commas.
      .addColumn('brands', 'text', (column) => column.notNull())
      .addColumn('password_hash', 'text')
      // Sealed with the data key when one is configured.
      .addColumn('totp_secret', 'text')
      // The last 30-second step a code was accepted for: a code is never accepted twice.
      .addColumn('totp_last_step', 'bigint')
      .addColumn('enrolled_at', 'text')
      .addColumn('disabled_at', 'text')
      .addColumn('failed_attempts', 'integer', (column) => column.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('last_sign_in_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute()

    await db.schema
      .createTable('operator_sessions')
      // SHA-256 of the cookie's value: a copy of the table signs nobody in.
      .addColumn('id_hash', 'text', (column) => column.primaryKey())
      .addColumn('operator_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_seen_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('operator_sessions_operator')
      .on('operator_sessions')
      .column('operator_id')
      .execute()

    await db.schema
      .createTable('enrolments')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('operator_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      // Chosen during enrolment, moved to the operator when the first code is confirmed.
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret', 'text')
      .execute()
    await db.schema
      .createIndex('enrolments_operator')
      .on('enrolments')
      .column('operator_id')
      .execute()

    // Keyed hashes of the searchable fields (blind index): equality search without opening payloads.
    await db.schema
      .createTable('application_index')
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('field', 'text', (column) => column.notNull())
      .addColumn('hash', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('application_index_pk', ['application_key', 'field', 'hash'])
      .execute()
    await db.schema
      .createIndex('application_index_hash')
      .on('application_index')
      .columns(['hash', 'application_key'])
      .execute()

    await db.schema
      .createTable('back_office_settings')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute()

    // The list is newest activity first, by keyset, with or without a brand.
    await db.schema
      .createIndex('applications_updated_at_key')
      .on('applications')
      .columns(['updated_at', 'application_key'])
      .execute()
    await db.schema
      .createIndex('applications_brand_updated_at_key')
      .on('applications')
      .columns(['brand', 'updated_at', 'application_key'])
      .execute()

    // The broker's current status of an application; none means "new".
    await db.schema
      .createTable('application_cases')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('broker_status', 'text', (column) => column.notNull())
      .addColumn('status_changed_at', 'text', (column) => column.notNull())
      .addColumn('status_changed_by', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('application_cases_status')
      .on('application_cases')
      .columns(['broker_status', 'application_key'])
      .execute()

    await db.schema
      .createTable('status_changes')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('broker_status', 'text', (column) => column.notNull())
      .addColumn('operator_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('status_changes_application')
      .on('status_changes')
      .columns(['application_key', 'created_at'])
      .execute()

    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('application_key', 'text', (column) => column.notNull())
      // Sealed with the data key when one is configured: a note may say anything about the applicant.
      .addColumn('text', 'text', (column) => column.notNull())
      .addColumn('operator_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('notes_application')
      .on('notes')
      .columns(['application_key', 'created_at'])
      .execute()

    await db.schema
      .createTable('legal_holds')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('application_key', 'text', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('set_by', 'text', (column) => column.notNull())
      .addColumn('set_at', 'text', (column) => column.notNull())
      .addColumn('lifted_by', 'text')
      .addColumn('lifted_at', 'text')
      .execute()
    await db.schema
      .createIndex('legal_holds_application')
      .on('legal_holds')
      .columns(['application_key', 'lifted_at'])
      .execute()

    // What is left of an erased application: no personal field.
    await db.schema
      .createTable('erasures')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      .addColumn('reference', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('erased_at', 'text', (column) => column.notNull())
      .addColumn('erased_by', 'text', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .execute()

    // Each delivery attempt and the lender's answer, for the application's timeline.
    await db.schema
      .createTable('delivery_attempts')
      .addColumn('delivery_id', 'text', (column) => column.notNull())
      .addColumn('attempt', 'integer', (column) => column.notNull())
      .addColumn('submission_key', 'text', (column) => column.notNull())
      .addColumn('destination_id', 'text', (column) => column.notNull())
      .addColumn('outcome', 'text', (column) => column.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('delivery_attempts_pk', ['delivery_id', 'attempt'])
      .execute()
    await db.schema
      .createIndex('delivery_attempts_submission')
      .on('delivery_attempts')
      .column('submission_key')
      .execute()

    // Append-only; each row carries the hash of the one before (audit/audit-log.ts).
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', 'bigint', (column) => column.primaryKey())
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('operator_id', 'text')
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('application_key', 'text')
      .addColumn('target_operator_id', 'text')
      .addColumn('detail', 'text', (column) => column.notNull())
      .addColumn('prev_hash', 'text', (column) => column.notNull())
      .addColumn('hash', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('audit_log_application')
      .on('audit_log')
      .columns(['application_key', 'seq'])
      .execute()
    await db.schema
      .createIndex('audit_log_operator')
      .on('audit_log')
      .columns(['operator_id', 'seq'])
      .execute()
    await db.schema
      .createIndex('audit_log_action')
      .on('audit_log')
      .columns(['action', 'seq'])
      .execute()
    // The chain's head: appending updates it first, which serialises appenders on both engines, and a
    // deleted last row shows as a head the log does not reach.
    await db.schema
      .createTable('audit_head')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('seq', 'bigint', (column) => column.notNull())
      .addColumn('hash', 'text', (column) => column.notNull())
      .execute()
    await db
      .insertInto('audit_head' as never)
      .values({ id: 1, seq: 0, hash: GENESIS_HASH } as never)
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'audit_head',
      'audit_log',
      'delivery_attempts',
      'erasures',
      'legal_holds',
      'notes',
      'status_changes',
      'application_cases',
      'back_office_settings',
      'application_index',
      'enrolments',
      'operator_sessions',
      'operators',
    ]) {
      await db.schema.dropTable(table).execute()
    }
    await db.schema.dropIndex('applications_brand_updated_at_key').execute()
    await db.schema.dropIndex('applications_updated_at_key').execute()
  },
}
