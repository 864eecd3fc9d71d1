// What the operator commands (deliveries.ts, operators.ts, audit.ts) share: their exit statuses, how one
// runs against the server's own configuration and database, and how they print times and tables.

import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig, type Config } from '../config'
import { createDatabase, type Database } from '../db/database'
import { migrateToLatest } from '../db/migrate'

export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

export interface CliOptions {
  env?: Record<string, string | undefined>
  stdout?: (text: string) => void
  stderr?: (text: string) => void
  now?: () => Date
}

/** Wrong usage: its message is printed above the command's usage text, and the exit status is 2. */
export class UsageError extends Error {}

export interface CommandContext {
  config: Config
  database: Database
  now: Date
  out: (text: string) => void
  err: (text: string) => void
}

export interface CommandLine<Command> {
  usage: string
  /** Reads the arguments into a command, or 'help'; throws a UsageError on wrong usage. */
  parse: (argv: string[]) => Command | 'help'
  /** Does the command and returns the exit status. */
  run: (command: Command, context: CommandContext) => Promise<number>
}

/**
 * Runs one command and returns the exit status; never calls process.exit, so tests run it in-process.
 * The database is migrated first, with the migrations the server runs at start-up: safe beside running
 * servers, and a fresh DATA_DIR answers "nothing found" instead of "no such table".
 */
export async function runCommandLine<Command>(
  argv: string[],
  options: CliOptions,
  commandLine: CommandLine<Command>,
): Promise<number> {
  const out = options.stdout ?? ((text: string) => process.stdout.write(text))
  const err = options.stderr ?? ((text: string) => process.stderr.write(text))
  let command: Command | 'help'
  try {
    command = commandLine.parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    err(`${error.message}\n\n${commandLine.usage}`)
    return EXIT_USAGE
  }
  if (command === 'help') {
    out(commandLine.usage)
    return EXIT_OK
  }
  let config: Config
  let database: Database
  try {
    config = loadConfig(options.env ?? process.env)
    database = createDatabase(config)
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`${error.message}\n`)
      return EXIT_FAILED
    }
    throw error
  }
  try {
    await migrateToLatest(database)
    const now = options.now?.() ?? new Date()
    return await commandLine.run(command, { config, database, now, out, err })
  } catch (error) {
    err(`The database could not be used: ${describeFailure(error)}\n`)
    return EXIT_FAILED
  } finally {
    await database.close()
  }
}

/** Runs the command when its file is the process's entry point, and sets the exit status. */
export function runWhenMain(moduleUrl: string, run: (argv: string[]) => Promise<number>): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  run(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = EXIT_FAILED
    },
  )
}

/** A driver's message can quote the address (with its password) or a row: name the kind of failure only. */
function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.name : 'unknown error'
}

/** ISO 8601 to the second, in UTC: what operators paste into a log search. */
export function utcSecond(iso: string | null): string {
  return iso === null ? '-' : iso.replace(/\.\d{3}Z$/, 'Z')
}

/** Columns padded to their widest cell; right-aligned where asked. No header line when headers is empty. */
export function table(headers: string[], rows: string[][], rightAligned: boolean[] = []): string {
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
