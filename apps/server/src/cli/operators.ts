// The broker's command for back-office operators: `npm run operators -- add | list | disable | reset`.
// It uses the server's configuration (DATABASE_URL or DATA_DIR, and BACK_OFFICE_URL for the enrolment
// addresses it prints). An enrolment address is printed once, on a line of its own, and stored only as
// a hash. Every change is written to the audit log. Exit status as `npm run deliveries`: 0 done,
// 1 nothing found or the database could not be used, 2 wrong usage.

import { OPERATOR_ROLES, type OperatorRole } from '../db/tables'
import {
  addOperator,
  disableOperator,
  enrolmentUrl,
  findOperatorByEmail,
  isOperatorEmail,
  listOperators,
  operatorState,
  OperatorExistsError,
  parseBrandScope,
  resetOperator,
  type BrandScope,
} from '../back-office/operators'
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

export const OPERATORS_USAGE = `Usage: npm run operators -- <command>

Commands:
  add <email> --role admin|caseworker|viewer|analyst --brands <id,id|all>
        Adds an operator and prints a one-time enrolment address (valid 24 hours).
  list
        Every operator: role, brands and state (invited, active, locked, disabled).
  disable <email>
        The operator can no longer sign in; their sessions end at once.
  reset <email>
        Prints a new enrolment address; the old password and second factor stop working.
  help
        This text.

Brand ids: carfinance, harbourlend, milebroker, scorepal, creditlens (or all).
Uses the server's configuration: DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR;
BACK_OFFICE_URL for the enrolment addresses.
Exit status: 0 done, 1 nothing found or the database could not be used, 2 wrong usage.
`

type Command =
  | { name: 'add'; email: string; role: OperatorRole; brands: BrandScope }
  | { name: 'list' }
  | { name: 'disable'; email: string }
  | { name: 'reset'; email: string }

export const PLAIN_HTTP_WARNING =
  'Warning: BACK_OFFICE_URL starts with http://, which would send the enrolment token and the password in clear: the address below uses https:// instead. Set BACK_OFFICE_URL to the https:// address the back office is served on.\n'

/**
 * A production server's enrolment addresses are always https://: an http:// BACK_OFFICE_URL is upgraded,
 * with a warning on stderr, so a token is never handed out for a page served in clear.
 */
function enrolmentBase(
  config: { nodeEnv: string; backOffice: { url: string } },
  err: (text: string) => void,
): string {
  const { url } = config.backOffice
  if (config.nodeEnv !== 'production' || !url.toLowerCase().startsWith('http://')) return url
  err(PLAIN_HTTP_WARNING)
  return `https://${url.slice('http://'.length)}`
}

export function runOperatorsCli(argv: string[], options: CliOptions = {}): Promise<number> {
  return runCommandLine(argv, options, {
    usage: OPERATORS_USAGE,
    parse: parseArguments,
    run: async (command, { config, database, now, out, err }) => {
      const { db } = database
      switch (command.name) {
        case 'add': {
          try {
            const { operator, enrolment } = await addOperator(db, command, now, null)
            out(
              `Added ${operator.email} (${operator.role}, brands: ${operator.brands}). Send them this enrolment address, valid until ${utcSecond(enrolment.expiresAt)}:\n`,
            )
            out(`${enrolmentUrl(enrolmentBase(config, err), enrolment.token)}\n`)
            return EXIT_OK
          } catch (error) {
            if (!(error instanceof OperatorExistsError)) throw error
            err(`${error.message}: use "reset" to send them a new enrolment address.\n`)
            return EXIT_FAILED
          }
        }
        case 'list': {
          const operators = await listOperators(db)
          if (operators.length === 0) {
            out(
              'No operators. Add the first admin with: npm run operators -- add <email> --role admin --brands all\n',
            )
            return EXIT_OK
          }
          out(
            table(
              ['EMAIL', 'ROLE', 'BRANDS', 'STATE', 'LAST SIGN-IN'],
              operators.map((operator) => [
                operator.email,
                operator.role,
                operator.brands,
                operatorState(operator, now),
                utcSecond(operator.last_sign_in_at),
              ]),
            ),
          )
          out(`\n${operators.length} operator${operators.length === 1 ? '' : 's'}.\n`)
          return EXIT_OK
        }
        case 'disable':
        case 'reset': {
          const operator = await findOperatorByEmail(db, command.email)
          if (operator === undefined) {
            err(`No operator "${command.email}". See them all with: npm run operators -- list\n`)
            return EXIT_FAILED
          }
          if (command.name === 'disable') {
            await disableOperator(db, operator.id, now, null)
            out(
              `Disabled ${operator.email}: they can no longer sign in, and their sessions have ended.\n`,
            )
            return EXIT_OK
          }
          const { enrolment } = await resetOperator(db, operator.id, now, null)
          out(
            `Reset ${operator.email}: their password and second factor no longer work. Send them this enrolment address, valid until ${utcSecond(enrolment.expiresAt)}:\n`,
          )
          out(`${enrolmentUrl(enrolmentBase(config, err), enrolment.token)}\n`)
          return EXIT_OK
        }
      }
    },
  })
}

function parseArguments(argv: string[]): Command | 'help' {
  const [name, ...rest] = argv
  switch (name) {
    case undefined:
      throw new UsageError('Say what to do: add, list, disable or reset.')
    case 'help':
    case '--help':
    case '-h':
      return 'help'
    case 'list':
      if (rest.length > 0)
        throw new UsageError(`"list" takes nothing more; remove "${rest.join(' ')}".`)
      return { name: 'list' }
    case 'disable':
    case 'reset': {
      const [email, ...extra] = rest
      if (email === undefined || email.startsWith('-')) {
        throw new UsageError(`"${name}" needs the operator's email address.`)
      }
      if (extra.length > 0)
        throw new UsageError(`"${name}" takes one email address; remove "${extra.join(' ')}".`)
      return { name, email }
    }
    case 'add':
      return parseAdd(rest)
    default:
      throw new UsageError(`Unknown command "${name}".`)
  }
}

function parseAdd(args: string[]): Command {
  let email: string | undefined
  let role: string | undefined
  let brands: string | undefined
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!
    const [flag, inline] =
      arg.includes('=') && arg.startsWith('--') ? arg.split('=', 2) : [arg, undefined]
    const value = () => {
      const given = inline ?? args[(index += 1)]
      if (given === undefined || given === '') throw new UsageError(`${flag} needs a value.`)
      return given
    }
    if (flag === '--role') role = value()
    else if (flag === '--brands') brands = value()
    else if (!arg.startsWith('-') && email === undefined) email = arg
    else throw new UsageError(`"add" does not know "${arg}".`)
  }
  if (email === undefined) throw new UsageError('"add" needs the operator\'s email address.')
  if (!isOperatorEmail(email.trim())) throw new UsageError(`"${email}" is not an email address.`)
  if (role === undefined || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}.`)
  }
  const scope = brands === undefined ? undefined : parseBrandScope(brands)
  if (scope === undefined) {
    throw new UsageError('--brands must be "all" or brand ids separated by commas (no spaces).')
  }
  return { name: 'add', email: email.trim(), role: role as OperatorRole, brands: scope }
}

runWhenMain(import.meta.url, runOperatorsCli)
