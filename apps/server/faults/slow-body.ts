// Slow request bodies (decision 1571): clients that open POSTs and send the body a byte a second, keeping
// every place they can get, first from one address and then from twenty (127.0.0.2 … 127.0.0.21: Linux routes
// all of 127/8 to loopback). Meanwhile another client, from an address of its own, fetches its address and
// a token and submits applications one after another. It must be served throughout, p99 ≤ 250 ms,
// with no refusal; readiness must stay "ready"; the attackers are refused past their cap and closed at
// the request deadline. The real server runs in its own process with its defaults.
// `node --import tsx apps/server/faults/slow-body.ts [--quick]`; fast version: test/slow-body.test.ts.

import { randomUUID } from 'node:crypto'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import { isMainModule, runAlone } from './support/run-alone'
import { faultServerEnv, sqliteDatabase, startServer, writeHeaders } from './support/server-child'
import { submissionTemplate } from './support/submission-load'
import {
  attackInChildProcess,
  bystander,
  percentile,
  type BystanderRequest,
  type BystanderResult,
} from './support/slow-body'

const SECTION = 'faults:slow-body'
const HEADING = 'Slow request bodies from one and from twenty addresses'
const P99_BAR_MS = 250
const PER_ADDRESS = 64

interface Phase {
  addresses: number
  served: BystanderResult
  ready: string
  endings: Map<string, number>
  opened: number
}

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  // Longer than the 10 s deadline even when quick, so the attackers' requests are seen to be closed.
  const seconds = quick ? { settle: 3, measure: 10 } : { settle: 3, measure: 20 }
  const database = await sqliteDatabase()
  // The cap per client address at its default: it is what this scenario is about.
  const { LOAD_SHEDDING_MAX_PER_CLIENT: _perClientOff, ...faultEnv } = faultServerEnv()
  const env = { ...faultEnv, ...database.env }
  const server = await startServer({ env })
  const phases: Phase[] = []
  try {
    const headers = await writeHeaders(server.url)
    const body = submissionTemplate()
    const next = (index: number): BystanderRequest => {
      if (index % 3 === 0) return { method: 'GET', path: '/api/ip' }
      if (index % 3 === 1) return { method: 'GET', path: '/api/csrf' }
      const key = randomUUID()
      return { method: 'POST', path: `/api/submission/${key}`, headers, body: body(key) }
    }
    // Warm: the first requests compile schemas and start the SQLite writer.
    await bystander({ port: server.port, durationMs: 2000, next })
    for (const addresses of [1, 20]) {
      console.log(
        `Slow bodies: ${addresses} address(es) × ${PER_ADDRESS} connections, ${seconds.measure} s…`,
      )
      // The attackers in a process of their own, as they would be: their sockets share no event loop
      // with the client being measured.
      const attack = await attackInChildProcess({
        port: server.port,
        addresses,
        perAddress: PER_ADDRESS,
      })
      await new Promise((resolve) => setTimeout(resolve, seconds.settle * 1000))
      const ready = await fetch(`${server.url}/api/ready`).then(
        async (response) =>
          `${response.status} ${((await response.json()) as { status: string }).status}`,
        () => 'no answer',
      )
      const served = await bystander({
        port: server.port,
        durationMs: seconds.measure * 1000,
        next,
      })
      const { endings, opened } = await attack.stop()
      phases.push({ addresses, served, ready, endings, opened })
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    await server.stop()
    return report({ quick, startedAt, busyAtStart, seconds, phases })
  } finally {
    await server.kill()
    await database.drop()
  }
}

interface ReportInput {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  seconds: { settle: number; measure: number }
  phases: Phase[]
}

function report(input: ReportInput): FaultReport {
  const ms = (value: number) => `${Math.round(value)} ms`
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const list = (map: Map<string | number, number>) =>
    [...map]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([key, count]) => `${count} × ${key}`)
      .join(', ') || 'none'
  const rows: string[] = []
  const checks: { what: string; ok: boolean }[] = []
  for (const phase of input.phases) {
    const { served } = phase
    const p99 = percentile(served.latenciesMs, 0.99)
    const refusedOthers = [...served.statuses.keys()].filter((status) => status >= 300)
    const servedOk =
      served.errors === 0 && refusedOthers.length === 0 && served.latenciesMs.length > 0
    const p99Ok = p99 <= P99_BAR_MS
    const readyOk = phase.ready === '200 ready'
    const attackerStopped =
      (phase.endings.get('503') ?? 0) > 0 && (phase.endings.get('408') ?? 0) > 0
    rows.push(
      `| ${phase.addresses} address${phase.addresses === 1 ? '' : 'es'} × ${PER_ADDRESS} slow POST /api/events (one byte a second) | other client: ${served.latenciesMs.length} requests (${list(served.statuses)}${served.errors > 0 ? `, ${served.errors} errors` : ''}); p50 ${ms(percentile(served.latenciesMs, 0.5))}, p99 ${ms(p99)}, max ${ms(Math.max(...served.latenciesMs))} | every one served, p99 ≤ ${ms(P99_BAR_MS)} | ${verdict(servedOk && p99Ok)} |`,
      `| … readiness during the attack; the attackers' ${phase.opened} connections | \`/api/ready\` → ${phase.ready}; attackers: ${list(phase.endings)} | ready; refused past the cap (503), closed at the deadline (408) | ${verdict(readyOk && attackerStopped)} |`,
    )
    checks.push(
      { what: `${phase.addresses}: the other client was served every time`, ok: servedOk },
      { what: `${phase.addresses}: p99 ${ms(p99)} ≤ ${ms(P99_BAR_MS)}`, ok: p99Ok },
      { what: `${phase.addresses}: readiness stayed ready (${phase.ready})`, ok: readyOk },
      {
        what: `${phase.addresses}: the attackers were refused past their cap and closed at the deadline`,
        ok: attackerStopped,
      },
    )
  }
  const passed = input.phases.length === 2 && checks.every((check) => check.ok)
  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/slow-body.ts --quick'
        : 'npm run faults -- --only slow-body',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    ...rows,
    '',
    `- The server: \`apps/server/src/server.ts\` in its own process on 127.0.0.1, SQLite, production mode, rate limits off, its defaults for the rest: 64 requests in flight, 32 per client address, 1,024 bodies arriving, a 10 s deadline on headers and body (decision 1571).`,
    `- The attackers connect from 127.0.0.2 (then 127.0.0.2 … 127.0.0.21), ${PER_ADDRESS} connections per address, each sending \`Content-Length: 4000\` and then one byte a second; when the server ends one, the attacker opens another about a second later. The attackers run in a process of their own. The other client, from 127.0.0.200, sends \`GET /api/ip\`, \`GET /api/csrf\` and a submission in turn, one at a time, each on a new connection, for ${input.seconds.measure} s after a ${input.seconds.settle} s settling time. All on one machine: the latencies include the attackers' and the client's own CPU.`,
    `- Checked: ${checks.map((check) => `${check.what}${check.ok ? '' : ' — **FAIL**'}`).join('; ')}.`,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
