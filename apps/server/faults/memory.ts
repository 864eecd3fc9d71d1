// Server memory under load (docs/requirements.md#reliability: ≤ 256 MB resident). The real server runs on SQLite in a child
// process; its resident memory (VmRSS in /proc/<pid>/status, the writer thread and every other part of the
// process included) is read every 250 ms while submissions arrive at the maximum rate for a minute (as
// `npm run bench:api` sends them: autocannon, 20 clients), then for a few seconds after. Bars: the peak and
// the figure at the end of the load, for the server as `npm start` starts it (compiled, on Node's defaults:
// src/production-start.ts; decisions 1434, 1553 and 2091). The same run is repeated with the memory-saving
// flags of decisions 2001 and 2021, which decision 2091 retired: what they saved, and what they cost.
// `node --import tsx apps/server/faults/memory.ts [--quick]`, after `npm run build`.

import { readFile } from 'node:fs/promises'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import { isMainModule, runAlone } from './support/run-alone'
import { compiledEntry, productionArgs, productionFlags } from '../src/production-start'
import { faultServerEnv, sqliteDatabase, startServer, writeHeaders } from './support/server-child'
import {
  BENCH_CONNECTIONS,
  closedLoopSubmissions,
  type ClosedLoopRun,
} from './support/submission-load'

const SECTION = 'faults:memory'
const HEADING = 'Server memory under load'
const BAR_MB = 256
const SAMPLE_MS = 250
const AFTER_LOAD_MS = 3000

interface Sample {
  /** Seconds since sampling started. */
  at: number
  rssMb: number
}

/** Resident memory of a process in MB (VmRSS), or undefined once it is gone. */
export async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}

interface Variant {
  name: string
  /** Node's arguments: flags and the compiled entry point. */
  nodeArgs: string[]
  /** Whether the bar judges this one: the server as `npm start` starts it. */
  judged: boolean
}

/** How the compiled server was started under decisions 2001 and 2021, retired by decision 2091. */
const AS_DECISION_2021 = [
  '--max-semi-space-size=1',
  '--optimize-for-size',
  '--v8-pool-size=2',
  '--no-maglev',
  '--no-concurrent-recompilation',
  '--no-concurrent-osr',
  '--no-concurrent-sparkplug',
]

const VARIANTS: Variant[] = [
  {
    name: `as \`npm start\` starts it (\`node ${[...productionFlags('server'), 'dist/server.js'].join(' ')}\`)`,
    nodeArgs: productionArgs('server'),
    judged: true,
  },
  {
    // What the memory-saving flags saved, and what they cost (decision 2091).
    name: `as decision 2021 started it (\`node ${AS_DECISION_2021.join(' ')} dist/server.js\`)`,
    nodeArgs: [...AS_DECISION_2021, compiledEntry('server')],
    judged: false,
  },
]

interface Measured {
  variant: Variant
  load: ClosedLoopRun
  idleMb: number
  /** After the first few submissions: the writer thread has started. */
  warmMb: number
  peak: Sample
  atEndMb: number
  afterMb: number
  during: Sample[]
  samples: number
}

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const loadSeconds = quick ? 5 : 60
  const measured: Measured[] = []
  for (const variant of VARIANTS) measured.push(await measure(variant, loadSeconds))
  return report({ quick, startedAt, busyAtStart, loadSeconds, measured })
}

async function measure(variant: Variant, loadSeconds: number): Promise<Measured> {
  const database = await sqliteDatabase()
  const server = await startServer({
    env: { ...faultServerEnv(), ...database.env },
    nodeArgs: variant.nodeArgs,
  })
  try {
    const pid = server.pid
    if (pid === undefined) throw new Error('the server has no pid')
    const headers = await writeHeaders(server.url)
    const samples: Sample[] = []
    const t0 = performance.now()
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        const rssMb = await residentMb(pid)
        if (rssMb !== undefined) samples.push({ at: (performance.now() - t0) / 1000, rssMb })
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
      }
    })()
    // Idle after start-up, before any submission; then after a few, once the writer thread runs.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idleMb = (await residentMb(pid)) ?? 0
    await closedLoopSubmissions({ url: server.url, headers, seconds: 1, connections: 1 })
    const warmMb = (await residentMb(pid)) ?? 0
    const loadStart = (performance.now() - t0) / 1000
    console.log(`Memory, ${variant.name}: ${loadSeconds} s of submissions at the maximum rate…`)
    const load = await closedLoopSubmissions({ url: server.url, headers, seconds: loadSeconds })
    const loadEnd = (performance.now() - t0) / 1000
    const atEndMb = (await residentMb(pid)) ?? 0
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS))
    sampling = false
    await sampler
    const afterMb = samples.at(-1)?.rssMb ?? 0
    const during = samples.filter((sample) => sample.at >= loadStart && sample.at <= loadEnd)
    const peak = samples.reduce((max, sample) => (sample.rssMb > max.rssMb ? sample : max), {
      at: 0,
      rssMb: 0,
    })
    return {
      variant,
      load,
      idleMb,
      warmMb,
      peak: { at: peak.at - loadStart, rssMb: peak.rssMb },
      atEndMb,
      afterMb,
      during: during.map((sample) => ({ at: sample.at - loadStart, rssMb: sample.rssMb })),
      samples: samples.length,
    }
  } finally {
    await server.stop()
    await database.drop()
  }
}

interface ReportInput {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  loadSeconds: number
  measured: Measured[]
}

function report(input: ReportInput): FaultReport {
  const mb = (value: number) => `${value.toFixed(1)} MB`
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  const curves: string[] = []
  let passed = true
  for (const m of input.measured) {
    const { load } = m
    const otherStatuses = Object.entries(load.statuses).filter(([status]) => status !== '201')
    const loadOk = otherStatuses.length === 0 && load.errors === 0 && load.timeouts === 0
    const peakOk = m.peak.rssMb <= BAR_MB
    const endOk = m.atEndMb <= BAR_MB
    passed &&= loadOk && (!m.variant.judged || (peakOk && endOk))
    const bar = (ok: boolean) =>
      m.variant.judged ? verdict(ok) : ok ? '(would pass)' : '(would fail)'
    rows.push(
      `| ${m.variant.name}: load at the maximum rate (${BENCH_CONNECTIONS} clients, ${input.loadSeconds} s) | ${Math.round(load.rate).toLocaleString('en-GB')} req/s, ${(load.statuses['201'] ?? 0).toLocaleString('en-GB')} answered 201${otherStatuses.length > 0 ? `, others: ${otherStatuses.map(([status, n]) => `${n} × ${status}`).join(', ')}` : ''}${load.errors + load.timeouts > 0 ? `, ${load.errors} errors, ${load.timeouts} timeouts` : ''} | every answer 201 | ${verdict(loadOk)} |`,
      `| ${m.variant.name}: resident memory idle; after the first submissions | ${mb(m.idleMb)}; ${mb(m.warmMb)} | baseline | |`,
      `| ${m.variant.name}: peak under load | ${mb(m.peak.rssMb)} (${m.peak.at.toFixed(1)} s into the load) | ≤ ${BAR_MB} MB | ${bar(peakOk)} |`,
      `| ${m.variant.name}: at the end of the load; ${AFTER_LOAD_MS / 1000} s later | ${mb(m.atEndMb)}; ${mb(m.afterMb)} | ≤ ${BAR_MB} MB | ${bar(endOk)} |`,
    )
    // The shape of the curve, in about ten steps: growth that does not level off is a leak.
    const step = Math.max(1, Math.floor(m.during.length / 10))
    curves.push(
      `${m.variant.name}: ${m.during
        .filter((_, index) => index % step === 0)
        .map((sample) => `${Math.round(sample.at)} s ${Math.round(sample.rssMb)}`)
        .join(', ')}`,
    )
  }
  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/memory.ts --quick'
        : 'npm run faults',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    ...rows,
    '',
    `- The server: the compiled \`apps/server/dist/server.js\` (\`npm run build\`) on ${process.version}, in its own process, SQLite (\`synchronous=FULL\`, the writer thread with its own heap limits), production mode, encryption at rest on, request log at \`info\` (discarded), rate limits off, delivery worker off (the outbox grows by two rows per submission). Each request is \`POST /api/submission/<new UUID>\` with a valid full payload and the anti-forgery pair. The bar judges the server as \`npm start\` starts it (Node's defaults: decision 2091); the other run is the same with the memory-saving flags of decisions 2001 and 2021 (a 1 MiB semi-space, V8's memory-saving mode, no Maglev, every compiler on the main thread), which decision 2091 retired.`,
    `- Resident memory is VmRSS of the server's process from \`/proc/<pid>/status\`, read every ${SAMPLE_MS} ms: everything the process holds, the V8 heaps of the main thread and the SQLite writer thread, and SQLite's own memory. During the load (s into the load, MB): ${curves.join('; ')}.`,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
