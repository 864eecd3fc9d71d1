// An operator changing their own authenticator app (decision 2122): the new TOTP secret waits on the
// session that asked for it, sealed like the operator's own, until a code from the new app confirms it.
// It goes with the session (signing out, expiry). Portable DDL only.

import { sql, type Kysely, type Migration } from 'kysely'

export const addPendingAuthenticator: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('operator_sessions')
      .addColumn('pending_totp_secret', 'text')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table operator_sessions drop column pending_totp_secret`.execute(db)
  },
}
