// Operator command, the second half of a data key rotation (docs/operations.md, "Data key rotation"):
//   node_modules/.bin/node apps/server/dist/reseal.js   (compiled by npm run build)
// Opens every stored application, and every submission kept for attention, not sealed with
// FORECOURT_DATA_KEY (sealed with an old key, or stored in clear before encryption was switched on) and
// seals it with the current key. Safe to run while the
// server runs, to stop, and to run again. Prints counts only, never a payload.

import '../runtime-check'
import { ConfigError, loadConfig } from '../config'
import { createDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { resealApplications } from '../repositories/application-repository'
import { resealNeedsAttention } from '../repositories/needs-attention-repository'

async function main(): Promise<number> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
  const current = config.dataKeys?.current
  if (config.dataKeys === undefined || current === undefined) {
    console.error(
      'FORECOURT_DATA_KEY is not set: there is no key to seal with. Set it (and FORECOURT_OLD_DATA_KEYS for the keys records are sealed with now), then run this again.',
    )
    return 1
  }
  const database = createDatabase(config)
  try {
    // The same schema the server would bring it to at start-up (a no-op when it already has).
    await migrateToLatest(database)
    const { resealed, unchanged } = await resealApplications(database.db, config.dataKeys)
    console.log(
      `Resealed ${resealed} application(s) with data key "${current.id}"; ${unchanged} already were.`,
    )
    const kept = await resealNeedsAttention(database.db, config.dataKeys)
    console.log(
      `Resealed ${kept.resealed} submission(s) kept for attention with data key "${current.id}"; ${kept.unchanged} already were.`,
    )
    console.log(
      'Old keys no longer seal anything stored here; remove them from FORECOURT_OLD_DATA_KEYS once every backup that needs them has expired.',
    )
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A DataKeyError names the missing key id; other errors keep only their type and message.
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : 'Resealing failed')
    process.exit(1)
  },
)
