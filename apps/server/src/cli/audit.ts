// `npm run audit -- verify`: walks the audit log's hash chain from the first row to the last and says
// whether every row is as it was written. A changed row, a removed row (in the middle or at the end)
// or an inserted one is reported with its number. Exit status: 0 intact, 1 broken or the database could
// not be used, 2 wrong usage.

import { verifyAuditChain } from '../back-office/audit-log'
import {
  EXIT_FAILED,
  EXIT_OK,
  runCommandLine,
  runWhenMain,
  UsageError,
  type CliOptions,
} from './command-line'

export const AUDIT_USAGE = `Usage: npm run audit -- verify

Commands:
  verify   Checks that no row of the audit log was changed, removed or inserted.
  help     This text.

Uses the server's configuration: DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR.
Exit status: 0 intact, 1 broken or the database could not be used, 2 wrong usage.
`

export function runAuditCli(argv: string[], options: CliOptions = {}): Promise<number> {
  return runCommandLine(argv, options, {
    usage: AUDIT_USAGE,
    parse: ([name, ...rest]) => {
      if (name === 'help' || name === '--help' || name === '-h') return 'help'
      if (name === undefined) throw new UsageError('Say what to do: verify.')
      if (name !== 'verify' || rest.length > 0) {
        throw new UsageError(`Unknown command "${[name, ...rest].join(' ')}".`)
      }
      return 'verify'
    },
    run: async (_verify, { database, out, err }) => {
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
    },
  })
}

runWhenMain(import.meta.url, runAuditCli)
