// What a run left behind, asked the way an operator would: from a connection of its own to the same
// database, after the load. Shared by the fault scenarios, the API benchmark and the server tests.

import { createDatabase, type Database } from '../../src/db/database'

/** Rows in each of the tables a submission writes. */
export interface StoredRows {
  submissions: number
  applications: number
  deliveries: number
}

export async function countRows(database: Database): Promise<StoredRows> {
  const count = async (table: keyof StoredRows) => {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
  return {
    submissions: await count('submissions'),
    applications: await count('applications'),
    deliveries: await count('deliveries'),
  }
}

/** Opens the database described by `config`, counts, and closes it again. */
export async function countStoredRows(config: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<StoredRows> {
  const database = createDatabase(config)
  try {
    return await countRows(database)
  } finally {
    await database.close()
  }
}

/** Whether the process is still there (signal 0 asks without sending anything). */
export function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
