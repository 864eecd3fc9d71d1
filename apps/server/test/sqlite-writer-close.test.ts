// Closing the SQLite writer waits for its threads to close, even in a process with nothing else left to
// do: its threads are unreferenced while idle, and a process that exited around them would stop them
// wherever they were, in the middle of loading better-sqlite3's native module included, which aborts the
// whole process ("FATAL ERROR: Error::New napi_get_last_error_info", seen when a server was stopped while
// its writer thread was still starting).

import { spawnSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { temporaryFolder } from './test-databases'

const WRITER = new URL('../src/db/sqlite-writer.ts', import.meta.url).href
const THREAD = new URL('../src/repositories/sqlite-writer-thread.ts', import.meta.url).href

test('a writer closed while its thread is still starting, in a process with nothing else to do, closes it before the process ends', async () => {
  const folder = await temporaryFolder()
  try {
    const script = `
      import { createSqliteWriter } from ${JSON.stringify(WRITER)}
      const writer = createSqliteWriter(${JSON.stringify(join(folder, 'closing.sqlite'))}, {
        thread: new URL(${JSON.stringify(THREAD)}),
      })
      writer.start().catch(() => {})
      await writer.close()
      console.log('closed')
    `
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    )
    expect(child.stderr).not.toMatch(/Error|unsettled/)
    expect(child.stdout.trim()).toBe('closed')
    expect(child.status).toBe(0)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}, 40_000)
