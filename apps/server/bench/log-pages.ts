// How many pages of the write-ahead log a durable write costs, and in which B-trees (docs/benchmarks.md,
// "Pages a submission writes to the log"). Every page a commit changes is written to the log, copied back
// into the file by a checkpoint and synced: the writer thread's system time follows the count.
//
// `node --import tsx apps/server/bench/log-pages.ts submission|partial [--warm 3000] [--requests 400]`,
// after `npm run build -w @forecourt/server`. The compiled server takes `--warm` requests (8 clients, each
// waiting for its answer), stops, and is started again from a copy of the build in which no connection
// checkpoints (SQLite's automatic checkpoint off, no checkpointer thread), so the log keeps every frame of
// the next `--requests`. Each commit's distinct pages are then named by the B-tree that owns them (SQLite's
// dbstat table over a copy of the file and its log) and summed per request. The copy is a measuring
// instrument, deleted afterwards; the patch fails loudly if the build no longer has the lines it changes.

import { randomUUID } from 'node:crypto'
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { REPOSITORY_ROOT } from '../src/config'
import { productionFlags } from '../src/production-start'
import { faultServerEnv, startServer, writeHeaders } from '../faults/support/server-child'
import { durableWrite, submissionTemplate } from '../faults/support/submission-load'

const CLIENTS = 8
const APPLICATIONS = 200
const PAGE_HEADER = 24
const LOG_HEADER = 32

/**
 * The lines of the build that set the checkpoints, each replaced so that no connection makes one. The
 * log's header proves afterwards that none ran (pagesByTree).
 */
const NO_CHECKPOINTS: { file: string; find: RegExp; replace: string }[] = [
  {
    file: 'server.js',
    find: /^(\s*)sqlite\.pragma\(`cache_size = -\$\{PAGE_CACHE_KIB\}`\);$/m,
    replace: '$&\n$1sqlite.pragma("wal_autocheckpoint = 0");',
  },
  {
    file: 'sqlite-writer-thread.js',
    find: /^(\s*)sqlite\.pragma\(`cache_size = -\$\{PAGE_CACHE_KIB\}`\);$/m,
    replace: '$&\n$1sqlite.pragma("wal_autocheckpoint = 0");',
  },
  {
    file: 'server.js',
    find: /^(\s*)if \(connection\.open\) connection\.pragma\(`wal_autocheckpoint = \$\{CHECKPOINT_BACKSTOP_PAGES\}`\);$/m,
    replace: '$1if (connection.open) connection.pragma("wal_autocheckpoint = 0");',
  },
  {
    file: 'sqlite-writer-thread.js',
    find: /^(\s*)db\.pragma\(`wal_autocheckpoint = \$\{CHECKPOINT_BACKSTOP_PAGES\}`\);$/m,
    replace: '$1db.pragma("wal_autocheckpoint = 0");',
  },
  {
    file: 'server.js',
    find: /^(\s*)checkpointer \?\?= startCheckpointer\(/m,
    replace: '$1if (false) checkpointer ??= startCheckpointer(',
  },
]

/** A copy of the compiled server beside the build (so its relative paths hold) with no checkpoints. */
function uncheckpointedBuild(): string {
  const build = join(REPOSITORY_ROOT, 'apps/server/dist')
  const copy = join(REPOSITORY_ROOT, 'apps/server/dist.log-pages')
  rmSync(copy, { recursive: true, force: true })
  cpSync(build, copy, { recursive: true })
  for (const { file, find, replace } of NO_CHECKPOINTS) {
    const path = join(copy, file)
    const text = readFileSync(path, 'utf8')
    if (!find.test(text))
      throw new Error(`log-pages: ${file} no longer has ${find}; update the patch`)
    writeFileSync(path, text.replace(find, replace))
  }
  return copy
}

// The partial saves' applications, the same in the warm run and the measured one: each saved again and
// again, as an applicant's answers are.
const applications = Array.from({ length: APPLICATIONS }, () => randomUUID())

async function load(
  kind: 'submission' | 'partial',
  entry: string,
  env: Record<string, string>,
  requests: number,
): Promise<void> {
  const server = await startServer({ env, nodeArgs: [...productionFlags('server'), entry] })
  try {
    const headers = await writeHeaders(server.url)
    const submission = submissionTemplate()
    let next = 0
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < requests) {
          const index = next++
          const key = kind === 'submission' ? randomUUID() : applications[index % APPLICATIONS]!
          const { path, headers: sent, body } = durableWrite(kind, key, headers, submission)
          const response = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: sent,
            body,
          })
          await response.arrayBuffer()
          if (response.status !== (kind === 'submission' ? 201 : 202)) {
            throw new Error(`${path}: ${response.status}`)
          }
        }
      }),
    )
  } finally {
    // Killed, not stopped: a clean stop would fold the log into the file.
    await server.kill()
  }
}

/** Each commit's distinct pages, summed per B-tree over the whole log. */
function pagesByTree(folder: string): { commits: number; byTree: Map<string, number> } {
  const log = readFileSync(join(folder, 'forecourt.sqlite-wal'))
  const pageSize = log.readUInt32BE(8)
  // The header's checkpoint sequence: each time the log starts again from its beginning, it goes up and
  // the frames before are lost to this count.
  if (log.readUInt32BE(12) !== 0) {
    throw new Error(
      'log-pages: the log was started again during the run (a checkpoint ran); no count',
    )
  }
  const owners = new Map<number, string>()
  const database = new BetterSqlite3(join(folder, 'forecourt.sqlite'), { readonly: true })
  for (const row of database.prepare('select name, pageno from dbstat').all() as {
    name: string
    pageno: number
  }[]) {
    owners.set(row.pageno, row.name)
  }
  database.close()
  const byTree = new Map<string, number>()
  let commits = 0
  let pages = new Set<number>()
  for (
    let at = LOG_HEADER;
    at + PAGE_HEADER + pageSize <= log.length;
    at += PAGE_HEADER + pageSize
  ) {
    pages.add(log.readUInt32BE(at))
    // A frame whose second field is non-zero ends a commit.
    if (log.readUInt32BE(at + 4) === 0) continue
    commits += 1
    for (const page of pages) {
      const owner = owners.get(page) ?? '(free list)'
      byTree.set(owner, (byTree.get(owner) ?? 0) + 1)
    }
    pages = new Set()
  }
  return { commits, byTree }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const kind = args[0]
  if (kind !== 'submission' && kind !== 'partial') {
    throw new Error('usage: log-pages.ts submission|partial [--warm 3000] [--requests 400]')
  }
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name)
    return at === -1 ? fallback : Number(args[at + 1])
  }
  const warm = option('--warm', 3000)
  const requests = option('--requests', 400)
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-log-pages-'))
  const copy = uncheckpointedBuild()
  try {
    const env = { ...faultServerEnv(), DATA_DIR: dataDir }
    // A warm database first, on the build as it is.
    await load(kind, join(REPOSITORY_ROOT, 'apps/server/dist/server.js'), env, warm)
    // The kill above left a log: fold it in before the measured run, on a connection of our own.
    const fold = new BetterSqlite3(join(dataDir, 'forecourt.sqlite'))
    fold.pragma('wal_checkpoint(TRUNCATE)')
    fold.close()
    await load(kind, join(copy, 'server.js'), env, requests)
    const measured = mkdtempSync(join(tmpdir(), 'forecourt-log-pages-copy-'))
    for (const name of ['forecourt.sqlite', 'forecourt.sqlite-wal']) {
      copyFileSync(join(dataDir, name), join(measured, name))
    }
    const { commits, byTree } = pagesByTree(measured)
    rmSync(measured, { recursive: true, force: true })
    const total = [...byTree.values()].reduce((sum, count) => sum + count, 0)
    console.log(
      `${kind}: ${requests} requests after ${warm}, ${commits} commits: ${(total / requests).toFixed(1)} pages of the log a request`,
    )
    for (const [tree, count] of [...byTree].sort((a, b) => b[1] - a[1])) {
      if (count / requests >= 0.05) console.log(`| ${tree} | ${(count / requests).toFixed(2)} |`)
    }
  } finally {
    rmSync(copy, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
