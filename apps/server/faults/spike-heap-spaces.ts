// Where the server's memory goes under the launch-day spike: the spike of spike.ts on SQLite, with
// support/heap-spaces.mjs preloaded into the server, printing the peak of each V8 heap space on the main
// thread and on the SQLite writer thread, and the process's resident memory split into anonymous and
// file-backed pages. A diagnosis for docs/benchmarks.md, not a judged run (the sampling is work of its own).
// `node --import tsx apps/server/faults/spike-heap-spaces.ts [--quick] [-- <node flag>…]`, after
// `npm run build`; flags after `--` are given to the server instead of production's (none: Node's defaults).

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FULL, QUICK, spikeRun } from './spike'
import { productionFlags } from '../src/production-start'
import { isMainModule } from './support/run-alone'

const PRELOAD = fileURLToPath(new URL('./support/heap-spaces.mjs', import.meta.url))

interface ThreadPeaks {
  threadId: number
  isMainThread: boolean
  peak: Record<string, number>
}

export async function heapSpaces(quick: boolean, nodeFlags: string[]): Promise<ThreadPeaks[]> {
  const folder = await mkdtemp(join(tmpdir(), 'forecourt-heap-spaces-'))
  try {
    const outcome = await spikeRun(
      {
        kind: 'sqlite',
        name: `SQLite, heap spaces sampled${nodeFlags.length > 0 ? `, ${nodeFlags.join(' ')}` : ''}`,
        extraEnv: { NODE_OPTIONS: `--import ${PRELOAD}`, HEAP_SPACES_DIR: folder },
        nodeFlags,
        judged: false,
      },
      quick ? QUICK : FULL,
    )
    console.log(
      `capacity ${Math.round(outcome.capacity.journeysPerMinute)} journeys/min, server CPU ${outcome.capacity.cpuMsPerJourney.toFixed(1)} ms per journey; VmRSS peak ${outcome.rssPeakMb.map((mb) => mb.toFixed(1)).join(', ')} MB`,
    )
    const files = (await readdir(folder)).filter((name) => name.endsWith('.json'))
    const threads = await Promise.all(
      files.map(
        async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as ThreadPeaks,
      ),
    )
    return threads.sort((a, b) => a.threadId - b.threadId)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

if (isMainModule(import.meta.url)) {
  const separator = process.argv.indexOf('--')
  const flags = separator === -1 ? productionFlags('server') : process.argv.slice(separator + 1)
  const threads = await heapSpaces(process.argv.includes('--quick'), flags)
  for (const thread of threads) {
    const which = thread.isMainThread ? 'main thread' : `worker thread ${thread.threadId}`
    const figures = Object.entries(thread.peak)
      .filter(([, mb]) => mb >= 0.1)
      .map(([name, mb]) => `${name} ${mb}`)
    console.log(`${which} (peak MB): ${figures.join(', ')}`)
  }
  process.exit(0)
}
