// `npm run audit -- verify`: walks the audit log's hash chain from the first row to the last and says
// whether every row is as it was written. A changed row, a removed row (in the middle or at the end)
// or an inserted one is reported with its number. Exit status: 0 intact, 1 broken or the database could
// not be used, 2 wrong usage.

import {
  advanceAnchor,
  auditAnchorKey,
  auditRowHashAt,
  checkAgainstAnchor,
  readAuditHead,
  type AuditHead,
} from '../back-office/audit-anchor'
import { verifyAuditChain } from '../back-office/audit-log'
import {
  EXIT_FAILED,
  EXIT_OK,
  runCommandLine,
  runWhenMain,
  UsageError,
  type CliOptions,
} from './command-line'

export const AUDIT_USAGE = `Usage: npm run audit -- verify [--anchor <row>:<hash>]

Commands:
  verify   Checks that no row of the audit log was changed, removed or inserted, and that the log
           has not been cut back behind its anchor. Prints the head (the last row and its hash).
           When the log is intact, the anchor (AUDIT_ANCHOR_FILE) moves forward to the head.
  help     This text.

Options:
  --anchor <row>:<hash>   A head noted earlier (the output of an earlier verify, or an
                          "audit head anchored" line of the server's log): the log must still
                          hold that row with that hash.

Uses the server's configuration: DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR.
Exit status: 0 intact, 1 broken, cut back or the database could not be used, 2 wrong usage.
`

const ANCHOR_ARGUMENT = /^(\d+):([0-9a-f]{64})$/

function parseAnchor(value: string | undefined): AuditHead {
  const match = value === undefined ? null : ANCHOR_ARGUMENT.exec(value.trim().toLowerCase())
  if (match === null) {
    throw new UsageError('--anchor needs a row number and its hash: --anchor 42:<64 hex digits>.')
  }
  return { seq: Number(match[1]), hash: match[2] ?? '' }
}

interface Verify {
  anchor?: AuditHead
}

function parseVerify(rest: string[]): Verify {
  const command: Verify = {}
  for (let i = 0; i < rest.length; i += 1) {
    const argument = rest[i] ?? ''
    if (argument === '--anchor') {
      command.anchor = parseAnchor(rest[i + 1])
      i += 1
    } else if (argument.startsWith('--anchor=')) {
      command.anchor = parseAnchor(argument.slice('--anchor='.length))
    } else {
      throw new UsageError(`Unknown option "${argument}".`)
    }
  }
  return command
}

const plural = (n: number) => `${n} row${n === 1 ? '' : 's'}`

export function runAuditCli(argv: string[], options: CliOptions = {}): Promise<number> {
  return runCommandLine<Verify>(argv, options, {
    usage: AUDIT_USAGE,
    parse: ([name, ...rest]) => {
      if (name === 'help' || name === '--help' || name === '-h') return 'help'
      if (name === undefined) throw new UsageError('Say what to do: verify.')
      if (name !== 'verify') {
        throw new UsageError(`Unknown command "${[name, ...rest].join(' ')}".`)
      }
      return parseVerify(rest)
    },
    run: async (command, { config, database, now, out, err }) => {
      const { db } = database
      const outcome = await verifyAuditChain(db)
      // Printed whatever the outcome: a head noted from each run is itself an anchor (decision 2123).
      const head = await readAuditHead(db)
      out(`Head: row ${head.seq}, hash ${head.hash}\n`)
      if (!outcome.ok) {
        err(
          `The audit log is BROKEN at row ${outcome.seq}: ${outcome.problem}. The ${outcome.rows} rows before it are intact.\n`,
        )
        return EXIT_FAILED
      }
      if (command.anchor !== undefined) {
        const given = command.anchor
        const check = checkAgainstAnchor(
          head,
          given,
          given.seq <= head.seq ? await auditRowHashAt(db, given.seq) : undefined,
        )
        if (!check.ok) {
          err(`The audit log was ${loudly(check.kind)} (against --anchor): ${check.problem}.\n`)
          return EXIT_FAILED
        }
      }
      const file = config.auditAnchorFile
      if (file === undefined) {
        out(
          `The audit log is intact: ${plural(outcome.rows)}, every hash checked. No anchor is kept (AUDIT_ANCHOR_FILE=off).\n`,
        )
        return EXIT_OK
      }
      const anchored = await advanceAnchor(
        file,
        auditAnchorKey(config),
        head,
        (seq) => auditRowHashAt(db, seq),
        now,
      )
      if (anchored.state === 'invalid') {
        err(`The audit anchor in ${file} does not verify: ${anchored.reason}.\n`)
        return EXIT_FAILED
      }
      if (anchored.state === 'behind') {
        err(
          `The audit log was ${loudly(anchored.kind)}: ${anchored.problem} (anchor of ${anchored.anchor.at} in ${file}).\n`,
        )
        return EXIT_FAILED
      }
      out(`The audit log is intact: ${plural(outcome.rows)}, every hash checked.\n`)
      if (anchored.state === 'unchanged') {
        out(`The anchor in ${file} holds row ${anchored.anchor.seq}, as the log does.\n`)
      } else if (anchored.previous === undefined) {
        out(
          `No anchor was found in ${file} (the first verify, or it was removed); it now holds row ${head.seq}.\n`,
        )
      } else {
        out(
          `The anchor in ${file} moved from row ${anchored.previous.seq} (${anchored.previous.at}) to row ${head.seq}.\n`,
        )
      }
      return EXIT_OK
    },
  })
}

function loudly(kind: 'rolled-back' | 'rewritten'): string {
  return kind === 'rolled-back' ? 'CUT BACK' : 'REWRITTEN'
}

runWhenMain(import.meta.url, runAuditCli)
