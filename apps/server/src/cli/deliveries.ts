// The operator's view of lender delivery: `npm run deliveries -- list | show <key> | retry <key>`. It reads
// the server's own configuration (DATABASE_URL or DATA_DIR), so it looks at the same database the servers
// and workers share. It prints delivery facts only: keys, destinations, statuses, HTTP codes; never an
// application's content.

import '../runtime-check'
import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig } from '../config'
import { createDatabase, type Database } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { DELIVERY_STATUSES, type DeliveryRow, type DeliveryStatus } from '../db/tables'
import {
  findDeliveries,
  listDeliveries,
  retryDeliveries,
  type RetryOutcome,
} from '../repositories/delivery-repository'

export const USAGE = `Usage: npm run deliveries -- <command>

Commands:
  list [--status <status>] [--limit <n>]
        The newest deliveries first (100 unless --limit says otherwise).
        <status> is one of: pending, in_flight, delivered, dead.
  show <submission key | delivery id>
        Every delivery of one submission: status, attempts, the lender's last answer.
  retry <submission key | delivery id>
        Sends dead and pending deliveries again now, with a fresh set of attempts.
        Delivered ones are not sent again; one being delivered right now is left alone.
  help
        This text.

Uses the server's configuration: DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR.
Exit status: 0 done, 1 nothing found or the database could not be used, 2 wrong usage.
`

export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

export interface CliOptions {
  env?: Record<string, string | undefined>
  stdout?: (text: string) => void
  stderr?: (text: string) => void
  now?: () => Date
}

type Command =
  | { name: 'help' }
  | { name: 'list'; status: DeliveryStatus | undefined; limit: number }
  | { name: 'show'; key: string }
  | { name: 'retry'; key: string }

class UsageError extends Error {}

/** Runs one command and returns the exit status; never calls process.exit, so tests run it in-process. */
export async function runDeliveriesCli(argv: string[], options: CliOptions = {}): Promise<number> {
  const out = options.stdout ?? ((text: string) => process.stdout.write(text))
  const err = options.stderr ?? ((text: string) => process.stderr.write(text))
  let command: Command
  try {
    command = parseArguments(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    err(`${error.message}\n\n${USAGE}`)
    return EXIT_USAGE
  }
  if (command.name === 'help') {
    out(USAGE)
    return EXIT_OK
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
    // The same migrations the server runs at start-up: safe beside running servers, and a fresh
    // DATA_DIR answers "no deliveries" instead of "no such table".
    await migrateToLatest(database)
    const now = options.now?.() ?? new Date()
    switch (command.name) {
      case 'list':
        return await list(database, command, out)
      case 'show':
        return await show(database, command.key, out, err)
      case 'retry':
        return await retry(database, command.key, now, out, err)
    }
  } catch (error) {
    err(`The database could not be used: ${describe(error)}\n`)
    return EXIT_FAILED
  } finally {
    await database.close()
  }
}

function parseArguments(argv: string[]): Command {
  const [name, ...rest] = argv
  switch (name) {
    case undefined:
      throw new UsageError('Say what to do: list, show or retry.')
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' }
    case 'list':
      return parseList(rest)
    case 'show':
    case 'retry': {
      const [key, ...extra] = rest
      if (key === undefined || key.trim() === '' || key.startsWith('-')) {
        throw new UsageError(`"${name}" needs a submission key or a delivery id.`)
      }
      if (extra.length > 0) {
        throw new UsageError(`"${name}" takes one key; remove "${extra.join(' ')}".`)
      }
      return { name, key: key.trim() }
    }
    default:
      throw new UsageError(`Unknown command "${name}".`)
  }
}

function parseList(args: string[]): Command {
  let status: DeliveryStatus | undefined
  let limit = 100
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!
    const [flag, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined]
    const value = () => {
      const given = inline ?? args[(index += 1)]
      if (given === undefined || given === '') throw new UsageError(`${flag} needs a value.`)
      return given
    }
    if (flag === '--status') {
      const given = value()
      if (!(DELIVERY_STATUSES as readonly string[]).includes(given)) {
        throw new UsageError(
          `Unknown status "${given}": use ${DELIVERY_STATUSES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}.`,
        )
      }
      status = given as DeliveryStatus
    } else if (flag === '--limit') {
      const given = value()
      if (!/^\d+$/.test(given) || Number(given) < 1) {
        throw new UsageError(`--limit must be a whole number, 1 or more (got "${given}").`)
      }
      limit = Number(given)
    } else {
      throw new UsageError(`"list" does not know "${arg}".`)
    }
  }
  return { name: 'list', status, limit }
}

async function list(
  database: Database,
  command: Extract<Command, { name: 'list' }>,
  out: (text: string) => void,
): Promise<number> {
  const rows = await listDeliveries(database.db, { status: command.status, limit: command.limit })
  const which = command.status === undefined ? 'deliveries' : `${command.status} deliveries`
  if (rows.length === 0) {
    out(`No ${which}.\n`)
    return EXIT_OK
  }
  out(
    table(
      ['SUBMISSION KEY', 'DESTINATION', 'STATUS', 'ATTEMPTS', 'NEXT ATTEMPT', 'LAST CODE'],
      rows.map((row) => [
        row.submission_key,
        row.destination_id,
        row.status,
        String(row.attempts),
        row.status === 'pending' ? time(row.next_attempt_at) : '-',
        row.last_status_code === null ? '-' : String(row.last_status_code),
      ]),
      [false, false, false, true, false, true],
    ),
  )
  const more =
    rows.length === command.limit
      ? ` Only the newest ${command.limit} are shown: use --limit for more.`
      : ''
  out(`\n${count(rows.length, 'delivery', 'deliveries')}, newest first.${more}\n`)
  return EXIT_OK
}

async function show(
  database: Database,
  key: string,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const rows = await findDeliveries(database.db, key)
  if (rows.length === 0) return notFound(key, err)
  const first = rows[0]!
  out(
    `Submission ${first.submission_key} (brand ${first.brand}): ${count(rows.length, 'delivery', 'deliveries')}\n`,
  )
  for (const row of rows) {
    out(`\n${row.id} to ${row.destination_id}\n`)
    out(
      table(
        [],
        [
          ['  Status:', statusLine(row)],
          ['  Attempts:', String(row.attempts)],
          ['  Last answer:', row.last_status_code === null ? '-' : `HTTP ${row.last_status_code}`],
          ['  Last error:', row.last_error ?? '-'],
          ['  Created:', time(row.created_at)],
          ['  Last change:', time(row.updated_at)],
        ],
      ),
    )
  }
  return EXIT_OK
}

async function retry(
  database: Database,
  key: string,
  now: Date,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const outcomes = await retryDeliveries(database.db, key, now)
  if (outcomes.length === 0) return notFound(key, err)
  for (const outcome of outcomes) out(`${retryLine(outcome)}\n`)
  const requeued = outcomes.filter((outcome) => outcome.action === 'requeued').length
  out(
    requeued === 0
      ? 'Nothing to send again.\n'
      : `${count(requeued, 'delivery', 'deliveries')} due now; a running worker picks ${requeued === 1 ? 'it' : 'them'} up within seconds.\n`,
  )
  return EXIT_OK
}

function retryLine({ delivery, action }: RetryOutcome): string {
  const what = `${delivery.id} to ${delivery.destination_id}`
  switch (action) {
    case 'requeued':
      return `Requeued ${what}: due now, with a fresh set of attempts.`
    case 'already-delivered':
      return `Left ${what} alone: delivered at ${time(delivery.delivered_at)}.`
    case 'in-flight':
      return `Left ${what} alone: being delivered right now (attempt ${delivery.attempts}).`
  }
}

function statusLine(row: DeliveryRow): string {
  switch (row.status) {
    case 'pending':
      return row.attempts === 0
        ? `pending, first attempt due ${time(row.next_attempt_at)}`
        : `pending, next attempt due ${time(row.next_attempt_at)}`
    case 'in_flight':
      return `being delivered now (lease until ${time(row.locked_until)})`
    case 'delivered':
      return `delivered at ${time(row.delivered_at)}`
    case 'dead':
      return 'dead: no further attempts (retry to send it again)'
  }
}

function notFound(key: string, err: (text: string) => void): number {
  err(
    `No delivery found for "${key}". Give a submission key or a delivery id, as listed by: npm run deliveries -- list\n`,
  )
  return EXIT_FAILED
}

/** ISO 8601 to the second, in UTC: what operators paste into a log search. */
function time(iso: string | null): string {
  return iso === null ? '-' : iso.replace(/\.\d{3}Z$/, 'Z')
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** Columns padded to their widest cell; numbers right-aligned. No header line when headers is empty. */
function table(headers: string[], rows: string[][], rightAligned: boolean[] = []): string {
  const all = headers.length > 0 ? [headers, ...rows] : rows
  const widths = all[0]!.map((_, column) => Math.max(...all.map((row) => row[column]!.length)))
  return all
    .map((row) =>
      row
        .map((cell, column) =>
          rightAligned[column] === true
            ? cell.padStart(widths[column]!)
            : cell.padEnd(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('')
}

function describe(error: unknown): string {
  // A driver's message can quote the address (with its password) or a row: name the kind of failure only.
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.name : 'unknown error'
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDeliveriesCli(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = EXIT_FAILED
    },
  )
}
