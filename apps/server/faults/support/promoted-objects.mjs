// What the server's old space fills with between two full collections, for the memory figures of
// docs/benchmarks.md. Preloaded into the server (`--import <this file>` among the node flags of
// spike-heap-spaces.ts), it samples allocations on the main thread with V8's sampling heap profiler from
// 8 s to 23 s after start, leaving out the objects a young-generation collection freed: what is counted
// outlived the young generation (freed later by a full collection, or still alive). The allocating stacks,
// with their share of those bytes, go to forecourt-promoted-objects-<pid>.txt in the temporary folder.
// A diagnosis, never part of a judged run: the sampling is work `npm start` does not do.

import { Session } from 'node:inspector'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

const file = join(tmpdir(), `forecourt-promoted-objects-${process.pid}.txt`)
const FRAMES = 4

function frameName({ functionName, url, lineNumber }) {
  return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`
}

if (isMainThread) {
  const session = new Session()
  session.connect()
  const stop = () =>
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return
      const bytes = new Map()
      const walk = (node, stack) => {
        const frames = [frameName(node.callFrame), ...stack].slice(0, FRAMES)
        const key = frames.join(' ← ')
        if (node.selfSize > 0) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize)
        for (const child of node.children) walk(child, frames)
      }
      walk(result.profile.head, [])
      const total = [...bytes.values()].reduce((sum, size) => sum + size, 0)
      const lines = [...bytes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)
        .map(([stack, size]) => `${((100 * size) / total).toFixed(1)} % ${stack}`)
      writeFileSync(file, `${(total / 1048576).toFixed(1)} MB sampled\n${lines.join('\n')}\n`)
    })
  setTimeout(() => {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 32_768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    })
    setTimeout(stop, 15_000).unref()
  }, 8_000).unref()
}
