// `npm run audit -- verify`: walks the audit log's hash chain from the first row to the last and says
// whether every row is as it was written. A changed row, a removed row (in the middle or at the end)
// or an inserted one is reported with its number. Exit status: 0 intact, 1 broken or the database could
// not be used, 2 wrong usage.

import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig } from '../config'
import { createDatabase, type Database } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { verifyAuditChain } from '../back-office/audit-log'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliOptions } from './deliveries'

export const AUDIT_USAGE = `Usage: npm run audit -- verify

Commands:
  verify   Checks that no row of the audit log was changed, removed or inserted.
  help     This text.

Uses the server's configuration: DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR.
Exit status: 0 intact, 1 broken or the database could not be used, 2 wrong usage.
`

export async function runAuditCli(argv: string[], options: CliOptions = {}): Promise<number> {
  const out = options.stdout ?? ((text: string) => process.stdout.write(text))
  const err = options.stderr ?? ((text: string) => process.stderr.write(text))
  const [name, ...rest] = argv
  if (name === 'help' || name === '--help' || name === '-h') {
    out(AUDIT_USAGE)
    return EXIT_OK
  }
  if (name !== 'verify' || rest.length > 0) {
    err(
      `${name === undefined ? 'Say what to do: verify.' : `Unknown command "${argv.join(' ')}".`}\n\n${AUDIT_USAGE}`,
    )
    return EXIT_USAGE
  }
  let database: Database
  try {
    database = createDatabase(loadConfig(options.env ?? process.env))
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`${error.message}\n`)
      return EXIT_FAILED
    }
    throw error
  }
  try {
    await migrateToLatest(database)
    const outcome = await verifyAuditChain(database.db)
    if (outcome.ok) {
      out(
        `The audit log is intact: ${outcome.rows} row${outcome.rows === 1 ? '' : 's'}, every hash checked.\n`,
      )
      return EXIT_OK
    }
    err(
      `The audit log is BROKEN at row ${outcome.seq}: ${outcome.problem}. The ${outcome.rows} rows before it are intact.\n`,
    )
    return EXIT_FAILED
  } catch (error) {
    const code = (error as { code?: unknown }).code
    err(
      `The database could not be used: ${typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error'}\n`,
    )
    return EXIT_FAILED
  } finally {
    await database.close()
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAuditCli(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = EXIT_FAILED
    },
  )
}
