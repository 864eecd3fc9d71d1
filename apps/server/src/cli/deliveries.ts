// The operator's view of lender delivery: `npm run deliveries -- list | show <key> | retry <key>`. It reads
// the server's own configuration (DATABASE_URL or DATA_DIR), so it looks at the same database the servers
// and workers share. It prints delivery facts only: keys, destinations, statuses, HTTP codes; never an
// application's content.

import '../runtime-check'
import type { Database } from '../db/database'
import { DELIVERY_STATUSES, type DeliveryRow, type DeliveryStatus } from '../db/tables'
import {
  findDeliveries,
  listDeliveries,
  retryDeliveries,
  type RetryOutcome,
} from '../repositories/delivery-repository'
import {
  EXIT_FAILED,
  EXIT_OK,
  runCommandLine,
  runWhenMain,
  table,
  UsageError,
  utcSecond,
  type CliOptions,
} from './command-line'

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

type Command =
  | { name: 'list'; status: DeliveryStatus | undefined; limit: number }
  | { name: 'show'; key: string }
  | { name: 'retry'; key: string }

export function runDeliveriesCli(argv: string[], options: CliOptions = {}): Promise<number> {
  return runCommandLine(argv, options, {
    usage: USAGE,
    parse: parseArguments,
    run: async (command, { database, now, out, err }) => {
      switch (command.name) {
        case 'list':
          return await list(database, command, out)
        case 'show':
          return await show(database, command.key, out, err)
        case 'retry':
          return await retry(database, command.key, now, out, err)
      }
    },
  })
}

function parseArguments(argv: string[]): Command | 'help' {
  const [name, ...rest] = argv
  switch (name) {
    case undefined:
      throw new UsageError('Say what to do: list, show or retry.')
    case 'help':
    case '--help':
    case '-h':
      return 'help'
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
        row.status === 'pending' ? utcSecond(row.next_attempt_at) : '-',
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
          ['  Created:', utcSecond(row.created_at)],
          ['  Last change:', utcSecond(row.updated_at)],
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
      return `Left ${what} alone: delivered at ${utcSecond(delivery.delivered_at)}.`
    case 'in-flight':
      return `Left ${what} alone: being delivered right now (attempt ${delivery.attempts}).`
  }
}

function statusLine(row: DeliveryRow): string {
  switch (row.status) {
    case 'pending':
      return row.attempts === 0
        ? `pending, first attempt due ${utcSecond(row.next_attempt_at)}`
        : `pending, next attempt due ${utcSecond(row.next_attempt_at)}`
    case 'in_flight':
      return `being delivered now (lease until ${utcSecond(row.locked_until)})`
    case 'delivered':
      return `delivered at ${utcSecond(row.delivered_at)}`
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

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

runWhenMain(import.meta.url, runDeliveriesCli)
