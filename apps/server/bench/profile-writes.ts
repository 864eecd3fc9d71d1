// Where a durable write's CPU goes (docs/benchmarks.md, "Profile of a submission and a partial save"): the
// compiled server on SQLite, started as production starts it plus `--cpu-prof`, takes `--requests` durable
// submissions or partial saves (8 clients, each waiting for its answer, every one with the anti-forgery pair
// and the application's secret), then stops. Prints the server's CPU (all threads, from /proc) per request
// after the first 300, the ten frames with the most self time in each thread's profile, and each
// thread's time by part of the code (bench/profile-modules.ts).
// `node --import tsx apps/server/bench/profile-writes.ts submission|partial|event [--requests 3000] [--port N]
// [--no-profile] [--env NAME=VALUE] [--node-flag FLAG] [--entry FILE] [--rate N]`, after `npm run build -w
// @forecourt/server`. The server runs with production's Node flags (src/production-start.ts), and each
// `--node-flag` besides (a V8 flag NODE_OPTIONS refuses, to compare two settings in pairs).
// With `--rate N` the requests arrive at N a second whatever the answers (open loop, up to 20 connections)
// and the latencies after the first 300 are printed too (p50, p99, max): two builds compared at the same
// offered load, where a closed loop would let the slower one offer less.

import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { compiledEntry, productionFlags } from '../src/production-start'
import { moduleShares, topFrames, type CpuProfile } from './profile-modules'
import { cpuMicros, threadCpu, type CpuTimes } from '../faults/support/proc-cpu'
import { openLoop, requestBytes } from '../faults/support/raw-http'
import {
  faultServerEnv,
  sqliteDatabase,
  startServer,
  writeHeaders,
} from '../faults/support/server-child'
import { durableWrite, submissionTemplate, summarise } from '../faults/support/submission-load'

const WARM_UP = 300
const CLIENTS = 8
const APPLICATIONS = 200

/** Bytes the process has written (to disk or the page cache) and its write calls so far. */
function writtenBytes(pid: number): { bytes: number; calls: number } {
  const io = Object.fromEntries(
    readFileSync(`/proc/${pid}/io`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  )
  return { bytes: Number(io.wchar), calls: Number(io.syscw) }
}

/** Each kind of thread's CPU per request between two readings, user and system apart. */
function threadShares(
  before: Map<string, CpuTimes>,
  after: Map<string, CpuTimes>,
  requests: number,
): string {
  const byName = new Map<string, { user: number; system: number }>()
  for (const [tid, { name, user, system }] of after) {
    const start = before.get(tid) ?? { user: 0, system: 0 }
    const total = byName.get(name) ?? { user: 0, system: 0 }
    total.user += user - start.user
    total.system += system - start.system
    byName.set(name, total)
  }
  return [...byName]
    .filter(([, { user, system }]) => user + system > 0)
    .sort((a, b) => b[1].user + b[1].system - (a[1].user + a[1].system))
    .map(
      ([name, { user, system }]) =>
        `${name} ${Math.round(user / requests)} + ${Math.round(system / requests)}`,
    )
    .join('; ')
}

const EVENT_STEPS = ['looking-to-buy', 'deposit', 'marital-status', 'date-of-birth', 'contact']

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const kind = args[0]
  if (kind !== 'submission' && kind !== 'partial' && kind !== 'event') {
    throw new Error(
      'usage: profile-writes.ts submission|partial|event [--requests N] [--port N] [--no-profile] [--env NAME=VALUE] [--node-flag FLAG] [--entry FILE] [--rate N]',
    )
  }
  const option = (name: string) => {
    const at = args.indexOf(name)
    return at === -1 ? undefined : Number(args[at + 1])
  }
  const requests = option('--requests') ?? 3000
  const directory = mkdtempSync(join(tmpdir(), 'forecourt-profile-'))
  const database = await sqliteDatabase()
  const server = await startServer({
    env: {
      ...faultServerEnv(),
      ...database.env,
      ...Object.fromEntries(
        args.flatMap((arg, at) =>
          args[at - 1] === '--env'
            ? [[arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] as const]
            : [],
        ),
      ),
    },
    ...(option('--port') === undefined ? {} : { port: option('--port') }),
    // Without a profile (`--no-profile`) the CPU figure is the server's own, without the sampler's cost.
    nodeArgs: [
      ...(args.includes('--no-profile') ? [] : ['--cpu-prof', `--cpu-prof-dir=${directory}`]),
      ...productionFlags('server'),
      ...args.filter((_, at) => args[at - 1] === '--node-flag'),
      // Another build of the server (`--entry apps/server/dist.before/server.js`), to compare two in pairs.
      args.includes('--entry')
        ? resolve(args[args.indexOf('--entry') + 1]!)
        : compiledEntry('server'),
    ],
  })
  const headers = await writeHeaders(server.url)
  const submission = submissionTemplate()
  const applications = Array.from({ length: APPLICATIONS }, () => randomUUID())
  const statuses: Record<string, number> = {}
  let before = 0
  let threadsBefore = new Map<string, CpuTimes>()
  let writtenBefore = { bytes: 0, calls: 0 }
  const request = (index: number) => {
    if (index === WARM_UP) {
      before = cpuMicros(server.pid!)
      threadsBefore = threadCpu(server.pid!)
      writtenBefore = writtenBytes(server.pid!)
    }
    if (kind !== 'event') {
      const key = kind === 'submission' ? randomUUID() : applications[index % APPLICATIONS]!
      return durableWrite(kind, key, headers, submission)
    }
    // An analytics event (decision 2112): a person's first view of a question, counted in the funnel.
    return {
      path: '/api/events',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        event: 'Step Viewed',
        step: EVENT_STEPS[index % EVENT_STEPS.length],
        first: true,
        source: 'google',
      }),
    }
  }
  const send = async (index: number) => {
    const { path, headers: sent, body } = request(index)
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: sent, body })
    await response.arrayBuffer()
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
  }
  const rate = option('--rate')
  let latency = ''
  if (rate === undefined) {
    let next = 0
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < requests) await send(next++)
      }),
    )
  } else {
    let index = 0
    const host = new URL(server.url).host
    const { outcomes } = await openLoop({
      port: Number(new URL(server.url).port),
      rate,
      durationMs: (requests / rate) * 1000,
      connections: 20,
      timeoutMs: 30_000,
      next: () => {
        const { path, headers: sent, body } = request(index++)
        return requestBytes({ method: 'POST', path, headers: { host, ...sent }, body })
      },
    })
    for (const outcome of outcomes) {
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1
    }
    const after = summarise(
      outcomes.filter((outcome) => outcome.index >= WARM_UP).map((outcome) => outcome.latencyMs),
    )
    latency = `; ${rate} a second offered: p50 ${after.p50.toFixed(1)} ms, p99 ${after.p99.toFixed(1)} ms, max ${after.max.toFixed(0)} ms`
  }
  const perRequest = (cpuMicros(server.pid!) - before) / (requests - WARM_UP)
  const threads = threadShares(threadsBefore, threadCpu(server.pid!), requests - WARM_UP)
  const written = writtenBytes(server.pid!)
  const counted = requests - WARM_UP
  await server.stop()
  await database.drop()
  console.log(
    `${kind}: ${JSON.stringify(statuses)}; server CPU ${Math.round(perRequest)} µs a request${latency}`,
  )
  console.log(`by thread, user + system µs a request: ${threads}`)
  console.log(
    `written a request (files and sockets): ${Math.round((written.bytes - writtenBefore.bytes) / counted)} bytes in ${((written.calls - writtenBefore.calls) / counted).toFixed(1)} calls`,
  )
  for (const file of readdirSync(directory).sort()) {
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile
    console.log(`${join(directory, file)}:`)
    for (const { frame, share } of topFrames(profile)) {
      console.log(`| ${frame} | ${(share * 100).toFixed(1)} % |`)
    }
    console.log("by part of the code (Node's own work charged to its caller):")
    for (const { module, share } of moduleShares(profile)) {
      console.log(`| ${module} | ${(share * 100).toFixed(1)} % |`)
    }
  }
}

await main()
