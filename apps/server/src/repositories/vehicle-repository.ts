// Reading stock. Routes go through here so they never hold SQL, and the repository tests prove each query on
// both engines.

import type { Kysely } from 'kysely'
import type { Tables, VehicleRow } from '../db/tables'

export async function findVehicle(db: Kysely<Tables>, id: string): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst()
}
