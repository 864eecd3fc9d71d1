// Where a server process's memory goes, for the memory figures of docs/benchmarks.md: preloaded into the
// server with `NODE_OPTIONS=--import <this file>` (HEAP_SPACES_DIR names the folder it writes to), it runs
// in the main thread and in every worker thread (the SQLite writer), and every 250 ms keeps the peak of
// each V8 heap space (v8.getHeapSpaceStatistics: committed size, MB), of the memory V8 allocates outside
// its heap, and, on the main thread, of the process's VmRSS split into anonymous and file-backed pages
// (/proc/self/status), and the count of collections. Each thread writes heap-<pid>-<thread id>.json. A
// diagnosis, never part of a judged run: the timer and the file writes are work `npm start` does not do.

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'
import { isMainThread, threadId } from 'node:worker_threads'

const folder = process.env.HEAP_SPACES_DIR
const MB = 1024 * 1024
const round = (value) => Math.round(value * 10) / 10

if (folder !== undefined && folder !== '') {
  const peak = {}
  const keep = (name, value) => {
    if (value > (peak[name] ?? 0)) peak[name] = round(value)
  }
  const file = join(folder, `heap-${process.pid}-${threadId}.json`)
  // How often each kind of collection ran, and the most the old space still used just after a full one:
  // what was alive, against its peak size above, which is what it grew to between two.
  let fullCollections = 0
  let youngCollections = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) youngCollections += 1
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue
      fullCollections += 1
      const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')
      if (old !== undefined)
        keep('old space used after a full collection', old.space_used_size / MB)
    }
    peak['full collections (count)'] = fullCollections
    peak['young collections (count)'] = youngCollections
  }).observe({ entryTypes: ['gc'] })
  const timer = setInterval(() => {
    for (const space of v8.getHeapSpaceStatistics()) {
      if (space.space_size > 0) keep(space.space_name, space.space_size / MB)
    }
    const heap = v8.getHeapStatistics()
    keep('heap physical', heap.total_physical_size / MB)
    keep('malloced by V8', heap.malloced_memory / MB)
    keep('external', heap.external_memory / MB)
    if (isMainThread) {
      const status = readFileSync('/proc/self/status', 'utf8')
      const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
      // The three together at the VmRSS peak, so they add up.
      if (kb('VmRSS') / 1024 > (peak.VmRSS ?? 0)) {
        peak.VmRSS = round(kb('VmRSS') / 1024)
        peak['RssAnon at the VmRSS peak'] = round(kb('RssAnon') / 1024)
        peak['RssFile at the VmRSS peak'] = round(kb('RssFile') / 1024)
      }
    }
    writeFileSync(file, JSON.stringify({ pid: process.pid, threadId, isMainThread, peak }))
  }, 250)
  timer.unref()
}
