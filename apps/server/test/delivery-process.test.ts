// `npm run worker` as an operator runs it: a real process against a SQLite DATA_DIR, delivering to a local
// fake lender, stopped by a signal.

import { spawn } from 'node:child_process'
import { expect, test } from 'vitest'
import { REPOSITORY_ROOT } from '../src/config'
import { productionArgs } from '../src/production-start'
import {
  allDeliveries,
  CANARY,
  destinationsFor,
  newSecret,
  openMigrated,
  submitApplications,
  waitUntil,
} from './delivery-fixtures'
import { startFakeLender } from './fake-lender'
import { openSqlite } from './test-databases'

test('the worker process delivers, then stops on SIGTERM with exit code 0 and no personal data logged', async () => {
  const secret = newSecret()
  const lender = await startFakeLender({ secret })
  const migrated = await openMigrated({
    name: 'SQLite',
    dialect: 'sqlite',
    available: true,
    open: openSqlite,
  })
  try {
    const destinations = destinationsFor([{ id: 'fake-lender', url: lender.url, secret }])
    const keys = await submitApplications(migrated.database, 3, destinations)

    const child = spawn(process.execPath, productionArgs('worker'), {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: migrated.location,
        LENDER_DESTINATIONS: JSON.stringify(destinations),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve))

    await waitUntil(
      async () =>
        (await allDeliveries(migrated.database)).every((row) => row.status === 'delivered'),
      20_000,
      `the worker process to deliver (stdout: ${stdout}, stderr: ${stderr})`,
    )
    expect([...lender.accepted.keys()].sort()).toEqual([...keys].sort())
    child.kill('SIGTERM')
    expect(await exitCode).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toContain('"msg":"delivery worker started"')
    expect(stdout).toContain('"msg":"delivery attempt"')
    expect(stdout).toContain('"msg":"delivery worker stopped"')
    expect(stdout).not.toContain(CANARY)
  } finally {
    await lender.close()
    await migrated.cleanup()
  }
}, 40_000)
