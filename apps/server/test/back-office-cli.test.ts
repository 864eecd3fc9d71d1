// `npm run operators` and `npm run audit -- verify` in-process on both engines, and each once as a real
// process: operators added, listed, disabled and reset (with their enrolment addresses), usage errors,
// and an audit chain that verifies until a row is changed, removed or the last one cut off.

import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'
import { appendAudit, verifyAuditChain } from '../src/back-office/audit-log'
import { runAuditCli } from '../src/cli/audit'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../src/cli/command-line'
import { OPERATORS_USAGE, PLAIN_HTTP_WARNING, runOperatorsCli } from '../src/cli/operators'
import { REPOSITORY_ROOT } from '../src/config'
import { openMigrated, type OpenedEngine } from './delivery-fixtures'
import { engines, temporaryFolder, TEST_POSTGRES_URL } from './test-databases'

const opened: OpenedEngine[] = []
const folders: string[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.cleanup()))
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
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
      // The anchor in a folder of each test's own: a schema of PostgreSQL has no DATA_DIR to keep it in.
      const anchorFolder = await temporaryFolder()
      folders.push(anchorFolder)
      const anchorFile = join(anchorFolder, 'audit-anchor.json')
      const env = { AUDIT_ANCHOR_FILE: anchorFile, ...base, ...extra }
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
      return { database: migrated.database, run, anchorFile }
    }

    test('operators: add prints a one-time enrolment address on a line of its own; list, disable, reset', async () => {
      const { database, run, anchorFile } = await setUp()
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
      const head = await database.db
        .selectFrom('audit_log')
        .select('hash')
        .where('seq', '=', 4)
        .executeTakeFirstOrThrow()
      expect(verified).toEqual({
        status: EXIT_OK,
        stdout: [
          `Head: row 4, hash ${head.hash}`,
          'The audit log is intact: 4 rows, every hash checked.',
          `No anchor was found in ${anchorFile} (the first verify, or it was removed); it now holds row 4.`,
          '',
        ].join('\n'),
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
        stdout: expect.stringMatching(/^Head: row 5, hash [0-9a-f]{64}\n$/),
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

    test('audit verify prints the head and fails when the tail was cut and the head moved back behind its anchor', async () => {
      const { database, run, anchorFile } = await setUp()
      const { db } = database
      const verify = (...rest: string[]) =>
        run(runAuditCli as typeof runOperatorsCli, 'verify', ...rest)
      const append = async (count: number, prefix: string) => {
        for (let i = 0; i < count; i += 1) {
          await appendAudit(db, {
            operatorId: 'op_1',
            action: 'application.viewed',
            applicationKey: `${prefix}-${i}`,
            at: NOW,
          })
        }
      }
      const hashOf = async (seq: number) =>
        (
          await db
            .selectFrom('audit_log')
            .select('hash')
            .where('seq', '=', seq)
            .executeTakeFirstOrThrow()
        ).hash
      await append(5, 'key')
      const hash5 = await hashOf(5)
      expect((await verify()).stdout).toBe(
        [
          `Head: row 5, hash ${hash5}`,
          'The audit log is intact: 5 rows, every hash checked.',
          `No anchor was found in ${anchorFile} (the first verify, or it was removed); it now holds row 5.`,
          '',
        ].join('\n'),
      )
      const anchor = JSON.parse(await readFile(anchorFile, 'utf8')) as Record<string, unknown>
      expect(anchor).toEqual({
        seq: 5,
        hash: hash5,
        at: NOW.toISOString(),
        mac: expect.stringMatching(/^[0-9a-f]{64}$/),
      })
      expect(await verify()).toEqual({
        status: EXIT_OK,
        stdout: [
          `Head: row 5, hash ${hash5}`,
          'The audit log is intact: 5 rows, every hash checked.',
          `The anchor in ${anchorFile} holds row 5, as the log does.`,
          '',
        ].join('\n'),
        stderr: '',
      })

      // The last two rows cut off and the head moved back to row 3: the chain alone still fits.
      const hash3 = await hashOf(3)
      await db.deleteFrom('audit_log').where('seq', '>', 3).execute()
      await db.updateTable('audit_head').set({ seq: 3, hash: hash3 }).where('id', '=', 1).execute()
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 3, headSeq: 3 })
      const cut = `The audit log was CUT BACK: the log ends at row 3 but its anchor records row 5: rows after row 3 were removed and the head moved back (anchor of ${NOW.toISOString()} in ${anchorFile}).\n`
      expect(await verify()).toEqual({
        status: EXIT_FAILED,
        stdout: `Head: row 3, hash ${hash3}\n`,
        stderr: cut,
      })
      // The anchor is never moved back to a head behind it.
      expect(JSON.parse(await readFile(anchorFile, 'utf8'))).toEqual(anchor)

      // Rows written again over the cut reach row 5, but not the anchored row 5.
      await append(2, 'other')
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 5, headSeq: 5 })
      expect(await verify()).toEqual({
        status: EXIT_FAILED,
        stdout: `Head: row 5, hash ${await hashOf(5)}\n`,
        stderr: `The audit log was REWRITTEN: row 5 is not the row its anchor records (its hash differs): the log was rewritten from there (anchor of ${NOW.toISOString()} in ${anchorFile}).\n`,
      })

      // An anchor edited to fit the cut log does not verify.
      await writeFile(anchorFile, JSON.stringify({ ...anchor, seq: 3, hash: hash3 }))
      expect(await verify()).toEqual({
        status: EXIT_FAILED,
        stdout: `Head: row 5, hash ${await hashOf(5)}\n`,
        stderr: `The audit anchor in ${anchorFile} does not verify: its signature does not match: it was changed, or the keys it was signed with (FORECOURT_SECRET, FORECOURT_INDEX_KEY or FORECOURT_DATA_KEY) changed.\n`,
      })
    })

    test('audit verify --anchor checks the log against a head noted earlier, with or without an anchor file', async () => {
      const { database, run } = await setUp({ AUDIT_ANCHOR_FILE: 'off' })
      const { db } = database
      for (let i = 0; i < 4; i += 1) {
        await appendAudit(db, { operatorId: 'op_1', action: 'sign-in', at: NOW })
      }
      const rows = await db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq').execute()
      const noted = `4:${rows[3]!.hash}`
      const verify = (...rest: string[]) =>
        run(runAuditCli as typeof runOperatorsCli, 'verify', ...rest)
      expect(await verify('--anchor', noted)).toEqual({
        status: EXIT_OK,
        stdout: `Head: row 4, hash ${rows[3]!.hash}\nThe audit log is intact: 4 rows, every hash checked. No anchor is kept (AUDIT_ANCHOR_FILE=off).\n`,
        stderr: '',
      })
      expect((await verify(`--anchor=2:${rows[1]!.hash}`)).status).toBe(EXIT_OK)
      await db.deleteFrom('audit_log').where('seq', '=', 4).execute()
      await db
        .updateTable('audit_head')
        .set({ seq: 3, hash: rows[2]!.hash })
        .where('id', '=', 1)
        .execute()
      expect(await verify('--anchor', noted)).toEqual({
        status: EXIT_FAILED,
        stdout: `Head: row 3, hash ${rows[2]!.hash}\n`,
        stderr:
          'The audit log was CUT BACK (against --anchor): the log ends at row 3 but its anchor records row 4: rows after row 3 were removed and the head moved back.\n',
      })
      expect((await verify('--anchor', '4:abc')).status).toBe(EXIT_USAGE)
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
  expect(verified.stdout.split('\n').slice(1)).toEqual([
    'The audit log is intact: 1 row, every hash checked.',
    `No anchor was found in ${join(migrated.location, 'audit-anchor.json')} (the first verify, or it was removed); it now holds row 1.`,
    '',
  ])
  expect(verified.stdout).toMatch(/^Head: row 1, hash [0-9a-f]{64}\n/)
  const usage = await exec('node', ['--import', 'tsx', 'apps/server/src/cli/operators.ts', 'add'], {
    cwd: REPOSITORY_ROOT,
    env,
  }).catch((error: { code: number }) => error)
  expect('code' in usage ? usage.code : 0).toBe(EXIT_USAGE)
}, 60_000)
