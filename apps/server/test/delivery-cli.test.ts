// The operator command, run in-process against both engines with its output captured, and once as the
// real `npm run deliveries` child process against a temporary SQLite DATA_DIR.

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../src/cli/command-line'
import { runDeliveriesCli, USAGE } from '../src/cli/deliveries'
import type { Database } from '../src/db/database'
import type { DeliveryRow } from '../src/db/tables'
import { REPOSITORY_ROOT } from '../src/config'
import { productionArgs } from '../src/production-start'
import { openMigrated, type OpenedEngine } from './delivery-fixtures'
import { engines, TEST_POSTGRES_URL } from './test-databases'

const opened: OpenedEngine[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.cleanup()))
})

const KEY_A = '9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80'
const KEY_B = '1c8e5f7a-3b2d-4e6f-8a9b-0c1d2e3f4a5b'
const T0 = '2026-11-22T10:00:00.000Z'
const NOW = new Date('2026-11-25T09:30:00.000Z')

function row(values: Partial<DeliveryRow> & Pick<DeliveryRow, 'id'>): DeliveryRow {
  return {
    submission_key: KEY_A,
    destination_id: 'acme-lending',
    brand: 'carfinance',
    status: 'pending',
    attempts: 0,
    next_attempt_at: T0,
    locked_by: null,
    locked_until: null,
    last_status_code: null,
    last_error: null,
    created_at: T0,
    updated_at: T0,
    delivered_at: null,
    ...values,
  }
}

const ROWS: DeliveryRow[] = [
  row({
    id: 'dlv_a1',
    status: 'dead',
    attempts: 34,
    last_status_code: 500,
    last_error: 'HTTP 500',
    updated_at: '2026-11-25T08:12:45.123Z',
  }),
  row({
    id: 'dlv_a2',
    destination_id: 'bolt-finance',
    status: 'delivered',
    attempts: 2,
    last_status_code: 200,
    updated_at: '2026-11-22T10:00:35.000Z',
    delivered_at: '2026-11-22T10:00:35.000Z',
  }),
  row({
    id: 'dlv_b1',
    submission_key: KEY_B,
    attempts: 3,
    next_attempt_at: '2026-11-22T11:04:00.000Z',
    last_error: 'no answer within 10 s',
    created_at: '2026-11-22T10:01:00.000Z',
    updated_at: '2026-11-22T10:20:00.000Z',
  }),
]

interface Run {
  status: number
  stdout: string
  stderr: string
}

for (const engine of await engines()) {
  const setUp = async (): Promise<{ database: Database; cli(...argv: string[]): Promise<Run> }> => {
    const migrated = await openMigrated(engine)
    opened.push(migrated)
    await migrated.database.db.insertInto('deliveries').values(ROWS).execute()
    const env =
      engine.dialect === 'sqlite'
        ? { DATA_DIR: migrated.location }
        : { DATABASE_URL: searchPath(migrated.location) }
    return {
      database: migrated.database,
      cli: async (...argv) => {
        let stdout = ''
        let stderr = ''
        const status = await runDeliveriesCli(argv, {
          env,
          stdout: (text) => (stdout += text),
          stderr: (text) => (stderr += text),
          now: () => NOW,
        })
        return { status, stdout, stderr }
      },
    }
  }
  const run = test.skipIf(!engine.available)

  run(`${engine.name}: list shows every delivery, newest first, as a table`, async () => {
    const { cli } = await setUp()
    expect(await cli('list')).toEqual<Run>({
      status: EXIT_OK,
      stdout: [
        'SUBMISSION KEY                        DESTINATION   STATUS     ATTEMPTS  NEXT ATTEMPT          LAST CODE',
        '1c8e5f7a-3b2d-4e6f-8a9b-0c1d2e3f4a5b  acme-lending  pending           3  2026-11-22T11:04:00Z          -',
        '9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80  acme-lending  dead             34  -                           500',
        '9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80  bolt-finance  delivered         2  -                           200',
        '',
        '3 deliveries, newest first.',
        '',
      ].join('\n'),
      stderr: '',
    })
  })

  run(`${engine.name}: list --status dead shows the dead letters only`, async () => {
    const { cli } = await setUp()
    const dead = await cli('list', '--status', 'dead')
    expect(dead.stdout.split('\n').slice(1, 3)).toEqual([
      '9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80  acme-lending  dead          34  -                   500',
      '',
    ])
    expect(dead.stdout).toContain('1 delivery, newest first.')
    expect((await cli('list', '--status=in_flight')).stdout).toBe('No in_flight deliveries.\n')
    const limited = await cli('list', '--limit', '1')
    expect(limited.stdout).toContain(
      '1 delivery, newest first. Only the newest 1 are shown: use --limit for more.',
    )
  })

  run(`${engine.name}: show gives each delivery of a submission with its attempts`, async () => {
    const { cli } = await setUp()
    expect(await cli('show', KEY_A)).toEqual<Run>({
      status: EXIT_OK,
      stdout: [
        `Submission ${KEY_A} (brand carfinance): 2 deliveries`,
        '',
        'dlv_a1 to acme-lending',
        '  Status:       dead: no further attempts (retry to send it again)',
        '  Attempts:     34',
        '  Last answer:  HTTP 500',
        '  Last error:   HTTP 500',
        '  Created:      2026-11-22T10:00:00Z',
        '  Last change:  2026-11-25T08:12:45Z',
        '',
        'dlv_a2 to bolt-finance',
        '  Status:       delivered at 2026-11-22T10:00:35Z',
        '  Attempts:     2',
        '  Last answer:  HTTP 200',
        '  Last error:   -',
        '  Created:      2026-11-22T10:00:00Z',
        '  Last change:  2026-11-22T10:00:35Z',
        '',
      ].join('\n'),
      stderr: '',
    })
    const byId = await cli('show', 'dlv_b1')
    expect(byId.stdout).toContain(
      '  Status:       pending, next attempt due 2026-11-22T11:04:00Z\n',
    )
    expect(byId.stdout).toContain('  Last error:   no answer within 10 s\n')
  })

  run(`${engine.name}: retry requeues the dead delivery and says what it left alone`, async () => {
    const { cli, database } = await setUp()
    expect(await cli('retry', KEY_A)).toEqual<Run>({
      status: EXIT_OK,
      stdout: [
        'Requeued dlv_a1 to acme-lending: due now, with a fresh set of attempts.',
        'Left dlv_a2 to bolt-finance alone: delivered at 2026-11-22T10:00:35Z.',
        '1 delivery due now; a running worker picks it up within seconds.',
        '',
      ].join('\n'),
      stderr: '',
    })
    const requeued = await database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', 'dlv_a1')
      .executeTakeFirstOrThrow()
    expect(requeued).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: NOW.toISOString(),
    })
    expect((await cli('list', '--status', 'dead')).stdout).toBe('No dead deliveries.\n')
    expect((await cli('retry', 'dlv_a2')).stdout).toBe(
      'Left dlv_a2 to bolt-finance alone: delivered at 2026-11-22T10:00:35Z.\nNothing to send again.\n',
    )
  })

  run(`${engine.name}: an unknown key is named, with where to find the right one`, async () => {
    const { cli } = await setUp()
    for (const command of ['show', 'retry']) {
      expect(await cli(command, 'not-a-key')).toEqual<Run>({
        status: EXIT_FAILED,
        stdout: '',
        stderr:
          'No delivery found for "not-a-key". Give a submission key or a delivery id, as listed by: npm run deliveries -- list\n',
      })
    }
  })
}

test.each([
  [[], 'Say what to do: list, show or retry.'],
  [['lsit'], 'Unknown command "lsit".'],
  [['show'], '"show" needs a submission key or a delivery id.'],
  [['retry', '--status'], '"retry" needs a submission key or a delivery id.'],
  [['show', 'a', 'b'], '"show" takes one key; remove "b".'],
  [['list', '--status'], '--status needs a value.'],
  [
    ['list', '--status', 'failed'],
    'Unknown status "failed": use pending, in_flight, delivered or dead.',
  ],
  [['list', '--limit', '0'], '--limit must be a whole number, 1 or more (got "0").'],
  [['list', '--verbose'], '"list" does not know "--verbose".'],
])('bad usage %j exits 2 with a message and the usage', async (argv, message) => {
  let stdout = ''
  let stderr = ''
  const status = await runDeliveriesCli(argv, {
    env: { DATA_DIR: '/nonexistent/never-opened' },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  })
  expect({ status, stdout, stderr }).toEqual({
    status: EXIT_USAGE,
    stdout: '',
    stderr: `${message}\n\n${USAGE}`,
  })
})

test('help prints the usage and exits 0', async () => {
  let stdout = ''
  expect(await runDeliveriesCli(['help'], { stdout: (text) => (stdout += text) })).toBe(EXIT_OK)
  expect(stdout).toBe(USAGE)
  expect(USAGE).toContain('Usage: npm run deliveries -- <command>')
})

test('a configuration problem is reported without touching a database', async () => {
  let stderr = ''
  const status = await runDeliveriesCli(['list'], {
    env: { DATABASE_URL: 'mysql://db/forecourt' },
    stderr: (text) => (stderr += text),
  })
  expect(status).toBe(EXIT_FAILED)
  expect(stderr).toContain('DATABASE_URL must start with postgres:// or postgresql://')
})

test('npm run deliveries works as a process against a SQLite DATA_DIR', async () => {
  const sqlite = (await engines())[0]!
  const migrated = await openMigrated(sqlite)
  opened.push(migrated)
  await migrated.database.db.insertInto('deliveries').values(ROWS).execute()
  const exec = promisify(execFile)
  const env = { ...process.env, DATA_DIR: migrated.location, DATABASE_URL: '' }
  // The compiled command, as `npm run deliveries` runs it.
  const command = productionArgs('deliveries')
  const listed = await exec(process.execPath, [...command, 'list', '--status', 'dead'], {
    cwd: REPOSITORY_ROOT,
    env,
  })
  expect(listed.stdout).toContain('9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80  acme-lending  dead')
  const failed = await exec(process.execPath, [...command, 'show', 'nope'], {
    cwd: REPOSITORY_ROOT,
    env,
  }).catch((error: { code: number; stderr: string }) => error)
  expect('code' in failed ? failed.code : 0).toBe(EXIT_FAILED)
  expect(failed.stderr).toContain('No delivery found for "nope".')
}, 30_000)

function searchPath(schema: string): string {
  const url = new URL(TEST_POSTGRES_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}
