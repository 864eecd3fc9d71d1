// The secret that binds an application to the browser that started it (decision 1801): one row per
// application key, holding only the SHA-256 of the secret, written by the first write that names the key.
// Portable DDL only.

import type { Kysely, Migration } from 'kysely'

export const createApplicationSecrets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('application_secrets')
      .addColumn('application_key', 'text', (column) => column.primaryKey())
      // SHA-256, hex, of the secret the browser sends; the secret itself is never stored.
      .addColumn('secret_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('application_secrets').execute()
  },
}
