// `npm run operators` and `npm run audit -- verify` in-process on both engines, and each once as a real
// process: operators added, listed, disabled and reset (with their enrolment addresses), usage errors,
// and an audit chain that verifies until a row is changed, removed or the last one cut off.

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'
import { appendAudit, verifyAuditChain } from '../src/back-office/audit-log'
import { runAuditCli } from '../src/cli/audit'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../src/cli/command-line'
import { OPERATORS_USAGE, PLAIN_HTTP_WARNING, runOperatorsCli } from '../src/cli/operators'
import { REPOSITORY_ROOT } from '../src/config'
import { openMigrated, type OpenedEngine } from './delivery-fixtures'
import { engines, TEST_POSTGRES_URL } from './test-databases'

const opened: OpenedEngine[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.cleanup()))
})

const NOW = new Date('2026-11-26T09:00:00.000Z')

function searchPath(schema: string): string {
  const url = new URL(TEST_POSTGRES_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

interface Run {
  status: number
  stdout: string
  stderr: string
}

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`on ${engine.name}`, () => {
    const setUp = async (extra: Record<string, string> = {}) => {
      const migrated = await openMigrated(engine)
      opened.push(migrated)
      const base: Record<string, string> =
        engine.dialect === 'sqlite'
          ? {
              DATA_DIR: migrated.location,
              BACK_OFFICE_URL: 'https://backoffice.broker.example',
              BACK_OFFICE_HOST: 'backoffice.broker.example',
            }
          : {
              DATABASE_URL: searchPath(migrated.location),
              BACK_OFFICE_URL: 'https://backoffice.broker.example',
              BACK_OFFICE_HOST: 'backoffice.broker.example',
            }
      const env = { ...base, ...extra }
      const run = async (command: typeof runOperatorsCli, ...argv: string[]): Promise<Run> => {
        let stdout = ''
        let stderr = ''
        const status = await command(argv, {
          env,
          now: () => NOW,
          stdout: (text) => (stdout += text),
          stderr: (text) => (stderr += text),
        })
        return { status, stdout, stderr }
      }
      return { database: migrated.database, run }
    }

    test('operators: add prints a one-time enrolment address on a line of its own; list, disable, reset', async () => {
      const { database, run } = await setUp()
      const added = await run(
        runOperatorsCli,
        'add',
        'Ann@Broker.example',
        '--role',
        'admin',
        '--brands',
        'all',
      )
      expect(added.status).toBe(EXIT_OK)
      const lines = added.stdout.trimEnd().split('\n')
      expect(lines[0]).toBe(
        'Added ann@broker.example (admin, brands: all). Send them this enrolment address, valid until 2026-11-27T09:00:00Z:',
      )
      expect(lines[1]).toMatch(/^https:\/\/backoffice\.broker\.example\/enrol#[A-Za-z0-9_-]{43}$/)
      // Only the token's hash is stored.
      const token = lines[1]!.split('#')[1]!
      const stored = await database.db.selectFrom('enrolments').selectAll().execute()
      expect(JSON.stringify(stored)).not.toContain(token)

      expect(
        (
          await run(
            runOperatorsCli,
            'add',
            'cath@broker.example',
            '--role=caseworker',
            '--brands=carfinance,milebroker',
          )
        ).status,
      ).toBe(EXIT_OK)
      const again = await run(
        runOperatorsCli,
        'add',
        'ann@broker.example',
        '--role',
        'viewer',
        '--brands',
        'all',
      )
      expect(again.status).toBe(EXIT_FAILED)
      expect(again.stderr).toBe(
        'An operator with this email address already exists: use "reset" to send them a new enrolment address.\n',
      )

      const listed = await run(runOperatorsCli, 'list')
      expect(listed.stdout).toBe(
        [
          'EMAIL                ROLE        BRANDS                 STATE    LAST SIGN-IN',
          'ann@broker.example   admin       all                    invited  -',
          'cath@broker.example  caseworker  carfinance,milebroker  invited  -',
          '',
          '2 operators.',
          '',
        ].join('\n'),
      )

      const disabled = await run(runOperatorsCli, 'disable', 'cath@broker.example')
      expect(disabled).toEqual({
        status: EXIT_OK,
        stdout:
          'Disabled cath@broker.example: they can no longer sign in, and their sessions have ended.\n',
        stderr: '',
      })
      expect((await run(runOperatorsCli, 'list')).stdout).toContain(
        'cath@broker.example  caseworker  carfinance,milebroker  disabled',
      )

      const reset = await run(runOperatorsCli, 'reset', 'cath@broker.example')
      expect(reset.status).toBe(EXIT_OK)
      expect(reset.stdout).toMatch(
        /^Reset cath@broker\.example: their password and second factor no longer work\. Send them this enrolment address, valid until 2026-11-27T09:00:00Z:\nhttps:\/\/backoffice\.broker\.example\/enrol#[A-Za-z0-9_-]{43}\n$/,
      )
      // The earlier address no longer works: one open enrolment per operator.
      const open = await database.db
        .selectFrom('enrolments')
        .select('operator_id')
        .where('used_at', 'is', null)
        .execute()
      expect(open).toHaveLength(2)

      const missing = await run(runOperatorsCli, 'disable', 'nobody@broker.example')
      expect(missing).toEqual({
        status: EXIT_FAILED,
        stdout: '',
        stderr:
          'No operator "nobody@broker.example". See them all with: npm run operators -- list\n',
      })

      const audit = await database.db
        .selectFrom('audit_log')
        .select(['action', 'operator_id', 'detail'])
        .orderBy('seq')
        .execute()
      expect(audit.map((row) => row.action)).toEqual([
        'operator.added',
        'operator.added',
        'operator.disabled',
        'operator.reset',
      ])
      expect(
        audit.every(
          (row) => row.operator_id === null && JSON.parse(row.detail).via === 'command line',
        ),
      ).toBe(true)
      expect(JSON.stringify(audit)).not.toContain('broker.example')

      const verified = await run(runAuditCli as typeof runOperatorsCli, 'verify')
      expect(verified).toEqual({
        status: EXIT_OK,
        stdout: 'The audit log is intact: 4 rows, every hash checked.\n',
        stderr: '',
      })
    })

    test('in production an http:// BACK_OFFICE_URL never reaches an enrolment address: https://, with a warning', async () => {
      const { run } = await setUp({
        NODE_ENV: 'production',
        FORECOURT_SECRET: 'x'.repeat(48),
        FORECOURT_DATA_IN_CLEAR: 'yes',
        MAIL_TRANSPORT: 'file',
        BACK_OFFICE_URL: 'http://backoffice.broker.example',
      })
      const added = await run(
        runOperatorsCli,
        'add',
        'dee@broker.example',
        '--role=viewer',
        '--brands=all',
      )
      expect(added.stderr).toBe(PLAIN_HTTP_WARNING)
      expect(added.status).toBe(EXIT_OK)
      expect(added.stdout).not.toContain('http://')
      expect(added.stdout.trimEnd().split('\n')[1]).toMatch(
        /^https:\/\/backoffice\.broker\.example\/enrol#[A-Za-z0-9_-]{43}$/,
      )
      const reset = await run(runOperatorsCli, 'reset', 'dee@broker.example')
      expect(reset.stderr).toBe(PLAIN_HTTP_WARNING)
      expect(reset.stdout).not.toContain('http://')
    })

    test('audit verify fails on a changed row, a removed row and a log cut short', async () => {
      const { database, run } = await setUp()
      const { db } = database
      for (let i = 0; i < 5; i += 1) {
        await appendAudit(db, {
          operatorId: 'op_1',
          action: 'application.viewed',
          applicationKey: `key-${i}`,
          at: NOW,
        })
      }
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 5, headSeq: 5 })

      await db.updateTable('audit_log').set({ action: 'sign-in' }).where('seq', '=', 3).execute()
      const changed = await run(runAuditCli as typeof runOperatorsCli, 'verify')
      expect(changed).toEqual({
        status: EXIT_FAILED,
        stdout: '',
        stderr:
          'The audit log is BROKEN at row 3: row 3 was changed (its hash does not match). The 2 rows before it are intact.\n',
      })
      await db
        .updateTable('audit_log')
        .set({ action: 'application.viewed' })
        .where('seq', '=', 3)
        .execute()
      expect((await run(runAuditCli as typeof runOperatorsCli, 'verify')).status).toBe(EXIT_OK)

      const row2 = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('seq', '=', 2)
        .executeTakeFirstOrThrow()
      await db.deleteFrom('audit_log').where('seq', '=', 2).execute()
      expect(await verifyAuditChain(db)).toEqual({
        ok: false,
        rows: 1,
        seq: 2,
        problem: 'row 2 is missing (the next row is 3)',
      })
      await db
        .insertInto('audit_log')
        .values({ ...row2, seq: 2 })
        .execute()

      await db.deleteFrom('audit_log').where('seq', '=', 5).execute()
      expect(await verifyAuditChain(db)).toEqual({
        ok: false,
        rows: 4,
        seq: 5,
        problem: 'the log ends at row 4 but 5 rows were written: rows at the end were removed',
      })
    })

    test('usage errors exit 2 with the usage; help exits 0', async () => {
      const { run } = await setUp()
      const cases: [string[], string][] = [
        [[], 'Say what to do: add, list, disable or reset.'],
        [
          ['add', 'ann@broker.example', '--role', 'boss', '--brands', 'all'],
          '--role must be one of admin, caseworker, viewer, analyst.',
        ],
        [
          ['add', 'ann@broker.example', '--role', 'admin', '--brands', 'nobrand'],
          '--brands must be "all" or brand ids separated by commas (no spaces).',
        ],
        [
          ['add', 'not-an-email', '--role', 'admin', '--brands', 'all'],
          '"not-an-email" is not an email address.',
        ],
        [['disable'], '"disable" needs the operator\'s email address.'],
        [['promote', 'x'], 'Unknown command "promote".'],
      ]
      for (const [argv, message] of cases) {
        expect(await run(runOperatorsCli, ...argv)).toEqual({
          status: EXIT_USAGE,
          stdout: '',
          stderr: `${message}\n\n${OPERATORS_USAGE}`,
        })
      }
      expect(await run(runOperatorsCli, 'help')).toEqual({
        status: EXIT_OK,
        stdout: OPERATORS_USAGE,
        stderr: '',
      })
      expect((await run(runAuditCli as typeof runOperatorsCli, 'check')).status).toBe(EXIT_USAGE)
    })
  })
}

test('npm run operators and npm run audit work as processes against a SQLite DATA_DIR', async () => {
  const sqlite = (await engines())[0]!
  const migrated = await openMigrated(sqlite)
  opened.push(migrated)
  const exec = promisify(execFile)
  const env = { ...process.env, DATA_DIR: migrated.location, DATABASE_URL: '', PORT: '3000' }
  const added = await exec(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/cli/operators.ts',
      'add',
      'ann@broker.example',
      '--role',
      'admin',
      '--brands',
      'all',
    ],
    { cwd: REPOSITORY_ROOT, env },
  )
  expect(added.stdout.split('\n')[1]).toMatch(
    /^http:\/\/backoffice\.localhost:3000\/enrol#[A-Za-z0-9_-]{43}$/,
  )
  const verified = await exec(
    'node',
    ['--import', 'tsx', 'apps/server/src/cli/audit.ts', 'verify'],
    {
      cwd: REPOSITORY_ROOT,
      env,
    },
  )
  expect(verified.stdout).toBe('The audit log is intact: 1 row, every hash checked.\n')
  const usage = await exec('node', ['--import', 'tsx', 'apps/server/src/cli/operators.ts', 'add'], {
    cwd: REPOSITORY_ROOT,
    env,
  }).catch((error: { code: number }) => error)
  expect('code' in usage ? usage.code : 0).toBe(EXIT_USAGE)
}, 60_000)
