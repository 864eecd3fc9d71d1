// CPU time from Linux's /proc, for the benchmarks and the fault scenarios: what a process, or one of its
// threads, has run so far, user and system apart, from the utime and stime fields of its `stat` file
// (clock ticks of 1/100 s on Linux).

import { readdirSync, readFileSync } from 'node:fs'

const MICROS_PER_TICK = 1_000_000 / 100

/** A process's or a thread's name and CPU time so far, in microseconds. */
export interface CpuTimes {
  name: string
  user: number
  system: number
}

/** Reads the text of a `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` file. */
export function parseStat(stat: string): CpuTimes {
  // The name is in parentheses and may itself hold spaces or ")": the fields follow the last ") ".
  const close = stat.lastIndexOf(') ')
  const fields = stat.slice(close + 2).split(' ')
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    // Fields 14 and 15 of the file (utime, stime), the 12th and 13th after the name.
    user: Number(fields[11]) * MICROS_PER_TICK,
    system: Number(fields[12]) * MICROS_PER_TICK,
  }
}

/** User and system CPU time so far, in microseconds, of a process (every thread) or of one thread. */
export function cpuMicros(pid: number, tid?: number): number {
  const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`
  const { user, system } = parseStat(readFileSync(path, 'utf8'))
  return user + system
}

/** Each thread of a process, by thread id; a thread that ends between the listing and its read is left out. */
export function threadCpu(pid: number): Map<string, CpuTimes> {
  const threads = new Map<string, CpuTimes>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(tid, parseStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')))
    } catch {
      // Gone.
    }
  }
  return threads
}
