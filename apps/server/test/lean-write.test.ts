// The reference of `npm run bench:api` (bench/lean-write.ts) is a real durable write, or its figures would
// flatter the bars: each new key is checked, sealed and committed before its 201, a repeat stores nothing,
// and a body the domain's schema refuses is refused.

import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, expect, test } from 'vitest'
import { freePort } from '../faults/support/server-child'
import { submissionTemplate } from '../faults/support/submission-load'
import { REPOSITORY_ROOT } from '../src/config'
import { sqliteFile } from '../src/db/sqlite-connection'

let child: ChildProcess | undefined
let dataDir: string | undefined
afterEach(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
})

test('the lean write answers 201 after storing a new key sealed with its outbox rows, 200 to a repeat, 422 to a refused body', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'forecourt-lean-test-'))
  const port = await freePort()
  child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPOSITORY_ROOT, 'apps/server/bench/lean-write.ts')],
    {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise((resolve) => child!.stdout!.once('data', resolve))
  const url = `http://127.0.0.1:${port}/api/submission`
  const key = randomUUID()
  const body = submissionTemplate()(key)
  const post = (text: string, at = key) =>
    fetch(`${url}/${at}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    })

  expect((await post(body)).status).toBe(201)
  expect((await post(body)).status).toBe(200)
  const refused = await post(JSON.stringify({ ...JSON.parse(body), email: 'not an address' }))
  expect(refused.status).toBe(422)

  const email = (JSON.parse(body) as { email: string }).email
  const db = new BetterSqlite3(sqliteFile(join(dataDir, 'lean')), { readonly: true })
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    expect([count('submissions'), count('applications'), count('deliveries')]).toEqual([1, 1, 2])
    const { payload } = db.prepare('select payload from applications').get() as { payload: string }
    expect(payload).toContain('"$encrypted"')
    expect(payload).not.toContain(email)
  } finally {
    db.close()
  }
}, 60_000)
