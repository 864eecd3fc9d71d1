// The SQLite checkpointer thread (decision 2185): with every COMMIT's own checkpoint turned off, it copies
// the write-ahead log back into the file and lets the log start again from its beginning, so the log stays
// a few thousand pages long however much is written; closed, it leaves no connection behind.

import { existsSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { startCheckpointer } from '../src/db/sqlite-checkpointer'
import { openSqliteConnection } from '../src/db/sqlite-connection'
import type { WriterData } from '../src/db/sqlite-writer'
import { temporaryFolder } from './test-databases'

// From source, the writer thread's entry boots through tsx (sqlite-writer.ts does the same).
const BOOT_FILE = new URL('../src/db/sqlite-writer-boot.mjs', import.meta.url)
const ENTRY = new URL('../src/repositories/sqlite-writer-thread.ts', import.meta.url)
const PAGE = 4096

async function writeLog(
  file: string,
  transactions: number,
): Promise<{ written: number; longestLog: number }> {
  const writer = openSqliteConnection(file)
  // As the writer thread's connection, but with no backstop at all: only the checkpointer copies.
  writer.pragma('wal_autocheckpoint = 0')
  writer.exec('create table if not exists filler (id integer primary key, body blob not null)')
  const insert = writer.prepare('insert into filler (body) values (?)')
  const body = Buffer.alloc(3000, 7)
  let longestLog = 0
  for (let index = 0; index < transactions; index += 1) {
    // Twenty rows of 3,000 bytes: twenty pages of the log a commit.
    writer.transaction(() => {
      for (let row = 0; row < 20; row += 1) insert.run(body)
    })()
    longestLog = Math.max(longestLog, statSync(`${file}-wal`).size / PAGE)
    // Commits a millisecond apart, as batches arrive: the checkpointer runs between them too.
    await sleep(1)
  }
  const { count } = writer.prepare('select count(*) as count from filler').get() as {
    count: number
  }
  writer.close()
  return { written: count, longestLog }
}

test('the checkpointer keeps the log to a few thousand pages under 24,000 pages of commits, and closes its connection', async () => {
  const folder = await temporaryFolder()
  const file = join(folder, 'checkpointed.sqlite')
  try {
    // The file and its table exist before the thread opens it.
    openSqliteConnection(file).close()
    const checkpointer = startCheckpointer(BOOT_FILE, {
      file,
      entry: ENTRY.href,
      role: 'checkpointer',
    } satisfies WriterData)
    // The thread boots TypeScript through tsx first: the log it finds is copied at once anyway.
    await sleep(1500)
    const { written, longestLog } = await writeLog(file, 1200)
    expect(written).toBe(24_000)
    // The log started again once it was past 2,000 pages (RESTART_AFTER_PAGES) and a pass caught up:
    // at these commits' pace (a page every 0.1 ms) a few thousand pages at most, never the 24,000 written.
    expect(longestLog).toBeGreaterThan(1_000)
    expect(longestLog).toBeLessThan(10_000)
    await checkpointer.close()
    // No connection is left: the last one closed (the writer's, above) removed the log.
    expect(existsSync(`${file}-wal`)).toBe(false)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}, 30_000)

test('without the checkpointer the same commits leave the whole log in place', async () => {
  const folder = await temporaryFolder()
  const file = join(folder, 'unchecked.sqlite')
  try {
    const { longestLog } = await writeLog(file, 150)
    expect(longestLog).toBeGreaterThan(3_000)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}, 30_000)
