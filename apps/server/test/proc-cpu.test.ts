// The CPU figures of the benchmarks and the fault scenarios come from Linux's /proc stat files: their
// reading, against a made-up line and against this process itself.

import { expect, test } from 'vitest'
import { cpuMicros, parseStat, threadCpu } from '../faults/support/proc-cpu'

test('a stat line gives its name and its user and system time in microseconds, whatever the name holds', () => {
  const fields = ['S', ...Array.from({ length: 10 }, () => '0'), '250', '40', '0', '0']
  expect(parseStat(`1234 (node) ${fields.join(' ')}`)).toEqual({
    name: 'node',
    user: 2_500_000,
    system: 400_000,
  })
  expect(parseStat(`1234 (a) b (c) ${fields.join(' ')}`).name).toBe('a) b (c')
})

test('this process: its threads are listed, and its own CPU grows as it works', () => {
  const before = cpuMicros(process.pid)
  const until = Date.now() + 50
  while (Date.now() < until) Math.sqrt(Math.random())
  expect(cpuMicros(process.pid)).toBeGreaterThan(before)
  const threads = threadCpu(process.pid)
  expect(threads.get(String(process.pid))?.name).toBeTypeOf('string')
  expect(cpuMicros(process.pid, process.pid)).toBeLessThanOrEqual(cpuMicros(process.pid))
})
