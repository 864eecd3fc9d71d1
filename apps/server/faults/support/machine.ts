// The header every fault section of docs/benchmarks.md opens with: when, by which command, on what machine
// and how busy it was. Timings on a shared machine mean little without the last two.

import { readFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem, type } from 'node:os'

export interface Machine {
  cpuModel: string
  cpuCount: number
  /** Total memory in GiB, rounded. */
  memoryGb: number
  /** e.g. 'Linux 6.18.44'. */
  system: string
  /** e.g. 'v20.20.2'. */
  node: string
  /** The 1, 5 and 15 minute load averages. */
  loadAverage: [number, number, number]
  /**
   * Linux PSI: the share (%) of the last 10 s in which something waited for a CPU. It follows other work at
   * once where the load average lags; undefined where the kernel does not report it.
   */
  cpuPressure: number | undefined
}

export function machine(): Machine {
  const cpu = cpus()
  const [one = 0, five = 0, fifteen = 0] = loadavg()
  return {
    cpuModel: cpu[0]?.model.trim() || 'unknown CPU',
    cpuCount: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    system: `${type()} ${release()}`,
    node: process.version,
    loadAverage: [one, five, fifteen],
    cpuPressure: cpuPressure(),
  }
}

function cpuPressure(): number | undefined {
  try {
    const some = /^some avg10=([\d.]+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))
    return some?.[1] === undefined ? undefined : Number(some[1])
  } catch {
    return undefined
  }
}

/** How busy the machine is now: 'load average 1.2 / 0.9 / 0.8, CPU pressure 4 %'. */
export function busyness(of: Machine = machine()): string {
  const load = `load average ${of.loadAverage.map((value) => value.toFixed(1)).join(' / ')}`
  return of.cpuPressure === undefined
    ? load
    : `${load}, CPU pressure ${Math.round(of.cpuPressure)} %`
}

/** '2 × AMD EPYC 7B13, 24 GB, Linux 6.18.44, Node v20.20.2'. */
export function describeMachine(of: Machine = machine()): string {
  return `${of.cpuCount} × ${of.cpuModel}, ${of.memoryGb} GB, ${of.system}, Node ${of.node}`
}

/** '2026-11-22 02:32 UTC'. */
export function utcDate(date: Date = new Date()): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export interface HeaderInput {
  /** The command that reproduces the figures, e.g. 'npm run faults'. */
  command: string
  /** When the scenario started; the header gives its date and duration. */
  startedAt: Date
  /** busyness() taken at the start; the end is taken now. */
  busyAtStart?: string
  finishedAt?: Date
}

/**
 * The opening line of a section: 'Measured 2026-11-22 02:32 UTC with `npm run faults` (98 s), on 2 × AMD
 * EPYC, 24 GB, Linux 6.18.44, Node v20.20.2; load average … at the start and … at the end.'
 */
export function reportHeader(input: HeaderInput): string {
  const finishedAt = input.finishedAt ?? new Date()
  const seconds = Math.round((finishedAt.getTime() - input.startedAt.getTime()) / 1000)
  const now = busyness()
  const load =
    input.busyAtStart === undefined
      ? now
      : `${input.busyAtStart} at the start and ${now} at the end`
  return `Measured ${utcDate(input.startedAt)} with \`${input.command}\` (${seconds} s), on ${describeMachine()}; ${load}.`
}
