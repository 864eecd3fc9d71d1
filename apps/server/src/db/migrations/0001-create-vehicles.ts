// Portable DDL only: the column types both SQLite and PostgreSQL understand, no defaults computed by the
// database (ids and timestamps come from the application).

import type { Kysely, Migration } from 'kysely'

export const createVehicles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vehicles')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('vehicle_type', 'text', (column) => column.notNull())
      .addColumn('make', 'text', (column) => column.notNull())
      .addColumn('model', 'text', (column) => column.notNull())
      .addColumn('price', 'integer', (column) => column.notNull())
      .addColumn('mileage', 'integer')
      .addColumn('colour', 'text')
      .addColumn('fuel_type', 'text')
      .addColumn('transmission', 'text')
      .addColumn('registration_year', 'integer')
      .addColumn('vrm', 'text')
      .addColumn('primary_image', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('vehicles').execute()
  },
}
