// The SQLite checkpointer thread (decision 2185): with every COMMIT's own checkpoint turned off, it copies
// the write-ahead log back into the file and lets the log start again from its beginning, so the log stays
// a few thousand pages long however much is written; closed, it leaves no connection behind.

import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'
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

/** The log's header: its checkpoint sequence goes up each time the log starts again from its beginning. */
function logRestarts(file: string): number {
  const header = Buffer.alloc(16)
  const descriptor = openSync(`${file}-wal`, 'r')
  try {
    readSync(descriptor, header, 0, 16, 0)
  } finally {
    closeSync(descriptor)
  }
  return header.readUInt32BE(12)
}

/** `transactions` commits of twenty pages each, a millisecond apart as batches arrive. */
async function writeLog(
  file: string,
  transactions: number,
): Promise<{ written: number; longestLog: number; restarts: number }> {
  const writer = openSqliteConnection(file)
  // As the writer thread's connection, but with no backstop at all: only the checkpointer copies.
  writer.pragma('wal_autocheckpoint = 0')
  writer.exec('create table if not exists filler (id integer primary key, body blob not null)')
  const insert = writer.prepare('insert into filler (body) values (?)')
  const body = Buffer.alloc(3000, 7)
  let longestLog = 0
  const first = logRestarts(file)
  for (let index = 0; index < transactions; index += 1) {
    // Twenty rows of 3,000 bytes: twenty pages of the log a commit.
    writer.transaction(() => {
      for (let row = 0; row < 20; row += 1) insert.run(body)
    })()
    longestLog = Math.max(longestLog, statSync(`${file}-wal`).size / PAGE)
    // The checkpointer runs between commits too.
    await sleep(1)
  }
  const { count } = writer.prepare('select count(*) as count from filler').get() as {
    count: number
  }
  const restarted = logRestarts(file) - first
  writer.close()
  // A row of 3,000 bytes fills a page of its own.
  return { written: count, longestLog, restarts: restarted }
}

/**
 * Resolves once the thread has copied a first commit into the file (which grows by its pages): it boots
 * in its own time, on a busy machine more slowly than the commits below take.
 */
async function checkpointerRunning(file: string, timeoutMs = 30_000): Promise<void> {
  const writer = openSqliteConnection(file)
  try {
    writer.pragma('wal_autocheckpoint = 0')
    const before = statSync(file).size
    writer.exec('create table if not exists filler (id integer primary key, body blob not null)')
    writer.prepare('insert into filler (body) values (?)').run(Buffer.alloc(3000, 7))
    const deadline = Date.now() + timeoutMs
    while (statSync(file).size === before) {
      if (Date.now() > deadline) throw new Error(`no checkpoint within ${timeoutMs} ms`)
      await sleep(20)
    }
  } finally {
    writer.close()
  }
}

test('the checkpointer copies the log back and lets it start again, and closes its connection', async () => {
  const folder = await temporaryFolder()
  const file = join(folder, 'checkpointed.sqlite')
  try {
    // The file and its log exist before the thread opens them.
    const first = openSqliteConnection(file)
    first.exec('create table filler (id integer primary key, body blob not null)')
    const checkpointer = startCheckpointer(BOOT_FILE, {
      file,
      entry: ENTRY.href,
      role: 'checkpointer',
    } satisfies WriterData)
    await checkpointerRunning(file)
    const { written, longestLog, restarts } = await writeLog(file, 1000)
    first.close()
    expect(written).toBe(20_001)
    // The log started again whenever a pass had copied all of it (once it is past 2,000 pages,
    // RESTART_AFTER_PAGES, passes follow each other until one has): never as long as what was written.
    expect(restarts).toBeGreaterThanOrEqual(3)
    expect(longestLog).toBeLessThan(written * 0.75)
    await checkpointer.close()
    // No connection is left: the last one closed (the writer's, above) removed the log.
    expect(existsSync(`${file}-wal`)).toBe(false)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}, 60_000)

test('without the checkpointer the same commits leave the whole log in place', async () => {
  const folder = await temporaryFolder()
  const file = join(folder, 'unchecked.sqlite')
  try {
    const { longestLog, restarts } = await writeLog(file, 150)
    expect(restarts).toBe(0)
    expect(longestLog).toBeGreaterThan(3_000)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}, 30_000)
