// The parts of `npm run bench:api` that decide what its report says: the open load and its timing, which
// answers invalidate a run, the verdicts against the bars, and the chart.

import { createServer, type Server } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import {
  BARS,
  curveProblems,
  report,
  type BenchSettings,
  type CurvePoint,
  type Run,
} from '../bench/bench-api'
import { latencyChart, linearTicks, logTicks, niceCeiling } from '../bench/latency-chart'
import { openLoop, percentile, type OpenLoopResult } from '../bench/open-loop'
import { closedLoop, closedLoopSubmissions } from '../faults/support/submission-load'

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A server answering `status` after `delayMs`; resolves with its address. */
async function slowServer(delayMs: number, status = 201): Promise<string> {
  server = createServer((request, response) => {
    request.resume()
    setTimeout(() => response.writeHead(status).end('{}'), delayMs)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no address')
  return `http://127.0.0.1:${address.port}`
}

test('an open load sends rate × seconds requests whatever the answers take, and times each from when it was due', async () => {
  // 40 a second for one second, each answered after 100 ms: a closed loop of a few connections would
  // send fewer and time each from its own start.
  const url = await slowServer(100)
  const result = await openLoop({
    url,
    rate: 40,
    seconds: 1,
    warmUpSeconds: 0.25,
    request: () => ({ method: 'POST', path: '/', headers: {}, body: '{}' }),
  })
  expect(result.sent).toBe(40)
  expect(result.statuses).toEqual({ '201': 40 })
  expect(result.warmUpStatuses).toEqual({ '201': 10 })
  expect(result.errors).toBe(0)
  expect(result.p50).toBeGreaterThanOrEqual(100)
  expect(result.p99).toBeGreaterThanOrEqual(result.p50)
}, 20_000)

test('the maximum rate of both tools: a closed loop of clients each waiting for its answer, every status counted', async () => {
  // Two clients, each answer after 20 ms: at most about 100 answers a second.
  const requests: { method?: string; url?: string; secret?: string }[] = []
  server = createServer((request, response) => {
    requests.push({
      method: request.method,
      url: request.url,
      secret: request.headers['x-application-secret'] as string | undefined,
    })
    request.resume()
    setTimeout(() => response.writeHead(request.method === 'POST' ? 201 : 200).end('{}'), 20)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no address')
  const url = `http://127.0.0.1:${address.port}`

  const hello = await closedLoop({ url: `${url}/`, seconds: 1, connections: 2 })
  expect(Object.keys(hello.statuses)).toEqual(['200'])
  expect(hello.rate).toBeGreaterThan(20)
  expect(hello.rate).toBeLessThanOrEqual(110)
  expect(hello.rate).toBeCloseTo(hello.statuses['200']!, -1)
  expect(hello.p50).toBeGreaterThanOrEqual(20)

  requests.length = 0
  const submissions = await closedLoopSubmissions({
    url,
    headers: { cookie: 'c=1', 'x-csrf-token': 't' },
    seconds: 1,
    connections: 2,
  })
  expect(Object.keys(submissions.statuses)).toEqual(['201'])
  expect(submissions.rate).toBeLessThanOrEqual(110)
  // Each a new key in its path, with its browser's secret.
  const keys = requests.map((request) => request.url)
  expect(new Set(keys).size).toBe(keys.length)
  expect(requests.every((request) => request.method === 'POST' && request.secret)).toBe(true)
}, 20_000)

test('an open load counts a request without an answer as an error, not as an answer', async () => {
  const url = await slowServer(2000)
  const result = await openLoop({
    url,
    rate: 5,
    seconds: 1,
    timeoutMs: 200,
    request: () => ({ method: 'GET', path: '/', headers: {} }),
  })
  expect(result).toMatchObject({ sent: 5, statuses: {}, errors: 5 })
}, 20_000)

test.each([
  [[1, 2, 3, 4], 0.5, 2],
  [[1, 2, 3, 4], 0.99, 4],
  [[10.04], 0.5, 10],
  [[], 0.99, 0],
])('percentile of %j at %d is %d (nearest rank)', (values, share, expected) => {
  expect(percentile(values, share)).toBe(expected)
})

const loadResult = (statuses: Record<string, number>, errors = 0): OpenLoopResult => ({
  offered: 100,
  served: 100,
  sent: 100,
  statuses,
  warmUpStatuses: {},
  errors,
  p50: 5,
  p90: 8,
  p99: 12,
  max: 20,
  sendLagP99: 1,
})

test.each([
  ['all 201 at half the maximum', 0.5, { '201': 100 }, 0, []],
  ['a 503 at half the maximum', 0.5, { '201': 99, '503': 1 }, 0, ['1 responses with status 503']],
  ['a 503 beyond three quarters: load shedding', 0.9, { '201': 90, '503': 10 }, 0, []],
  ['a 500 beyond three quarters', 1, { '201': 99, '500': 1 }, 0, ['1 responses with status 500']],
  ['requests without an answer', 0.25, { '201': 98 }, 2, ['2 requests without an answer']],
  ['nothing stored', 1, { '503': 100 }, 0, ['no 201 at all']],
] as const)('curve point: %s', (_name, share, statuses, errors, problems) => {
  expect(curveProblems(loadResult(statuses, errors), share)).toEqual(problems)
})

const run = (rate: number, p99 = 10): Run => ({
  rate,
  p50: 3,
  p99,
  statuses: { '201': rate },
  problems: [],
  cpu: { process: 500, mainThread: 300 },
})

const settings: BenchSettings = {
  connections: 20,
  warmUpSeconds: 1,
  rounds: 3,
  roundSeconds: 1,
  loadShares: [0.25, 0.5, 1],
  curveSeconds: 1,
  curveWarmUpSeconds: 0.5,
}

function curve(maximum: number, p99AtHalf: number): CurvePoint[] {
  return settings.loadShares.map((share) => ({
    share,
    result: {
      ...loadResult({ '201': maximum * share }),
      offered: maximum * share,
      p99: share === 0.5 ? p99AtHalf : 40,
    },
    problems: [],
  }))
}

test('the report judges each bar from the same run: ratios of the rounds and the 50 % point of the curve', () => {
  const text = report({
    settings,
    hello: [run(20_000), run(25_000), run(30_000)],
    sqlite: [run(2_200), run(2_600), run(2_900)],
    postgres: [run(1_000), run(1_400), run(1_400)],
    curves: new Map([
      ['SQLite', curve(2_600, 9.5)],
      ['PostgreSQL', curve(1_400, 31)],
    ]),
    created: new Map([
      ['SQLite', 10_000],
      ['PostgreSQL', 5_000],
    ]),
    startedAt: new Date('2026-11-22T04:00:00Z'),
    atStart: {
      cpuModel: 'Test CPU',
      cpuCount: 2,
      memoryGb: 24,
      system: 'Linux 6',
      node: 'v20.20.2',
      loadAverage: [0.5, 0.5, 0.5],
      cpuPressure: 3,
    },
    failures: [],
  })
  const row = (what: string) => text.split('\n').find((line) => line.startsWith(`| ${what}`))
  // Ratios of rounds: 0.11, 0.104, 0.0967 → median 0.104.
  expect(row('durable submission on SQLite')).toBe(
    `| durable submission on SQLite, \`synchronous=FULL\` (maximum rate) | 2,600 req/s; 0.104 × hello-world | ≥ ${BARS.ratioToHelloWorld} × | pass |`,
  )
  expect(row('SQLite p99')).toBe(
    '| SQLite p99 at half that rate (1,300 req/s offered, 100 served) | 9.5 ms (p50 5 ms) | ≤ 25 ms | pass |',
  )
  // 1,000/2,200, 1,400/2,600, 1,400/2,900 → median 0.4828.
  expect(row('durable submission on PostgreSQL')).toBe(
    '| durable submission on PostgreSQL (maximum rate) | 1,400 req/s; 0.483 × SQLite | ≥ 0.5 × SQLite | **FAIL** |',
  )
  expect(row('PostgreSQL p99')).toContain('| 31 ms (p50 5 ms) | ≤ 25 ms | **FAIL** |')
  expect(text).toContain('](benchmarks/submission-latency.svg)')
  expect(text).toContain(
    '| SQLite | 50 % | 1,300 req/s | 100 req/s | 5 ms | 9.5 ms | 1,300 × 201 |',
  )
  expect(text).not.toContain('This run is not valid')
})

test('the report judges the CPU bars: every thread of the server per submission and per partial save, median of the rounds', () => {
  const withCpu = (rate: number, process: number, mainThread: number): Run => ({
    ...run(rate),
    cpu: { process, mainThread },
  })
  const input = {
    settings,
    hello: [run(20_000), run(25_000), run(30_000)],
    sqlite: [withCpu(2_000, 420, 200), withCpu(2_100, 390, 190), withCpu(2_200, 380, 180)],
    postgres: undefined,
    sqlitePartial: [withCpu(3_000, 260, 150), withCpu(3_300, 300, 160), withCpu(3_100, 270, 170)],
    curves: new Map(),
    created: new Map([['SQLite', 6_300]]),
    startedAt: new Date('2026-11-29T04:00:00Z'),
    atStart: {
      cpuModel: 'Test CPU',
      cpuCount: 2,
      memoryGb: 24,
      system: 'Linux 6',
      node: 'v24.21.0',
      loadAverage: [0.5, 0.5, 0.5] as [number, number, number],
      cpuPressure: 3,
    },
    failures: [],
  }
  const rowOf = (text: string, what: string) =>
    text.split('\n').find((line) => line.startsWith(`| ${what}`))
  const text = report(input)
  expect(rowOf(text, 'server CPU per durable submission')).toBe(
    '| server CPU per durable submission on SQLite (every thread) | 390 µs (event loop 190 µs) | ≤ 400 µs | pass |',
  )
  expect(rowOf(text, 'server CPU per partial save')).toBe(
    '| server CPU per partial save on SQLite (every thread; 3,100 req/s) | 270 µs (event loop 160 µs) | ≤ 250 µs | **FAIL** |',
  )
  expect(text).toContain('partial saves on SQLite 3,000, 3,300, 3,100 req/s')
  // The lean write's rounds: its rate against hello-world round by round, its CPU, and the product's CPU
  // as a multiple of it.
  const withLean = report({
    ...input,
    lean: [withCpu(2_000, 400, 300), withCpu(2_400, 380, 290), withCpu(2_300, 360, 280)],
  })
  // 2,000/20,000, 2,400/25,000, 2,300/30,000 → median 0.096.
  expect(rowOf(withLean, 'reference: the lean durable write')).toBe(
    '| reference: the lean durable write (`bench/lean-write.ts`), maximum rate; server CPU (every thread) | 2,300 req/s; 0.096 × hello-world; 380 µs | what the bars ask of this machine | |',
  )
  expect(withLean).toContain(
    '(rates 2,000, 2,400, 2,300 req/s). A submission to the product cost 1.0 × its CPU in this run.',
  )
  expect(rowOf(text, 'reference')).toBeUndefined()
  // The lean write under the open load at half its rate: the p99 bar asked of the reference.
  const withLeanHalf = report({
    ...input,
    lean: [withCpu(2_000, 400, 300)],
    leanHalf: { ...loadResult({ '201': 1_150 }), offered: 1_150, served: 1_148, p99: 31.2 },
  })
  expect(rowOf(withLeanHalf, "reference: the lean durable write's p99")).toBe(
    "| reference: the lean durable write's p99 at half its rate (1,150 req/s offered, 1,148 served) | 31 ms (p50 5 ms) | what the p99 bar asks of this machine | |",
  )
  expect(rowOf(withLean, "reference: the lean durable write's p99")).toBeUndefined()
  // A run without partial saves says so against its bar rather than passing it.
  expect(rowOf(report({ ...input, sqlitePartial: undefined }), 'server CPU per partial save')).toBe(
    '| server CPU per partial save on SQLite (every thread) | not measured | ≤ 250 µs | **FAIL** |',
  )
})

test('the report gives the CPU per request of the server, both threads, and of the load generator, and their ratio', () => {
  const withCpu = (rate: number, cpu: Run['cpu']): Run => ({ ...run(rate), cpu })
  const text = report({
    settings,
    hello: [10_000, 12_000, 11_000].map((rate) =>
      withCpu(rate, {
        process: 40,
        mainThread: 30,
        generator: 25,
        serverWaited: 100,
        generatorWaited: 50,
      }),
    ),
    sqlite: [900, 1_000, 1_100].map((rate) =>
      withCpu(rate, {
        process: 900,
        mainThread: 500,
        generator: 110,
        serverWaited: 1_500,
        generatorWaited: 250,
      }),
    ),
    postgres: undefined,
    curves: new Map(),
    created: new Map([['SQLite', 3_000]]),
    startedAt: new Date('2026-11-26T18:00:00Z'),
    atStart: {
      cpuModel: 'Test CPU',
      cpuCount: 2,
      memoryGb: 24,
      system: 'Linux 6',
      node: 'v24.21.0',
      loadAverage: [0.5, 0.5, 0.5],
      cpuPressure: 3,
    },
    failures: [],
  })
  // (40 + 25) / (900 + 110) = 0.0644.
  expect(text).toContain(
    "- CPU time per answered request, median of the rounds (the server's event loop / the whole server process, every thread / the load generator): hello-world 30 / 40 / 25 µs; SQLite 500 / 900 / 110 µs. In CPU terms (server and load generator together) a submission on SQLite costs what 0.064 × hello-world's rate would",
  )
  expect(text).toContain(
    '- Waiting for a CPU per answered request, median of the rounds (time ready to run without a CPU, every thread, from `/proc/<pid>/task/*/schedstat`; against the CPU time run): hello-world: server waited 100 µs and ran 40 µs, load generator waited 50 µs and ran 25 µs; SQLite: server waited 1,500 µs and ran 900 µs, load generator waited 250 µs and ran 110 µs. Threads that wait longer than they run were held back by other work on the machine: their rates say more about it than about the server (decision 1981).',
  )
})

test('the chart draws both engines, their p50 and p99, the bar as a dashed line and a ring at the bar’s load', () => {
  const svg = latencyChart(
    [
      {
        name: 'SQLite',
        points: [
          { offered: 500, p50: 2, p99: 6 },
          { offered: 1_300, p50: 4, p99: 12, bar: true },
          { offered: 2_600, p50: 30, p99: 180 },
        ],
      },
      {
        name: 'PostgreSQL',
        points: [
          { offered: 400, p50: 3, p99: 8 },
          { offered: 700, p50: 5, p99: 20, bar: true },
        ],
      },
    ],
    { barMs: 25 },
  )
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
  expect(svg).toContain('role="img" aria-labelledby="chart-title chart-desc"')
  expect(svg).toContain(
    '<title id="chart-title">Durable submission: latency against the load offered</title>',
  )
  expect(svg).toContain('SQLite: 500 req/s, p50 2 ms, p99 6 ms; 1,300 req/s, p50 4 ms, p99 12 ms')
  for (const label of ['SQLite p99', 'SQLite p50', 'PostgreSQL p99', 'PostgreSQL p50']) {
    expect(svg).toContain(`>${label}</text>`)
  }
  expect(svg).toContain('>bar: p99 ≤ 25 ms</text>')
  expect(svg.match(/stroke-dasharray="10 6"/g)).toHaveLength(2)
  // Two series × (p50 + p99) lines.
  expect(svg.match(/<polyline /g)).toHaveLength(4)
  expect(svg.match(/r="8" fill="none"/g)).toHaveLength(3)
  // Axis ticks: 0 to 3,000 requests a second; 1 ms to 200 ms.
  expect(svg).toContain('>3,000</text>')
  expect(svg).toContain('>200</text>')
})

test.each([
  [2_600, 3_000],
  [3_000, 3_000],
  [730, 800],
  [0.7, 0.8],
])('niceCeiling(%d) is %d', (value, expected) => {
  expect(niceCeiling(value)).toBe(expected)
})

test('axis ticks are round numbers: linear from 0, logarithmic in 1-2-5 steps', () => {
  expect(linearTicks(3_000)).toEqual([0, 1_000, 2_000, 3_000])
  expect(linearTicks(2_500)).toEqual([0, 500, 1_000, 1_500, 2_000, 2_500])
  expect(logTicks(1, 200)).toEqual([1, 2, 5, 10, 20, 50, 100, 200])
  expect(logTicks(2, 50)).toEqual([2, 5, 10, 20, 50])
})
