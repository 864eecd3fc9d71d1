// The slow-body attack and the client it must not hurt, over real sockets on loopback. Linux routes the whole
// of 127/8 to the loopback interface, so each attacking "address" is a local address of its own
// (127.0.0.2, 127.0.0.3, …) and the server sees as many clients. Shared by the fault scenario
// (faults/slow-body.ts) and its fast version (test/slow-body.test.ts).

import { fork } from 'node:child_process'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { withBrowserSecret } from './browser-secret'

/** The attacking addresses: 127.0.0.2 … 127.0.0.(n + 1). */
export function attackerAddresses(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `127.0.0.${index + 2}`)
}

/** The address of the client that must still be served: outside every attacker range used here. */
export const BYSTANDER_ADDRESS = '127.0.0.200'

const RECONNECT_MS = 1000

/** Uniform between half and one and a half times `ms`. */
const jittered = (ms: number) => ms * (0.5 + Math.random())

export interface SlowBodyAttack {
  /** Sockets opened. */
  opened: number
  /** How each ended so far: the status line the server sent (408, 503…), or 'closed' with no answer. */
  endings(): Map<string, number>
  /** Closes every socket still open. */
  stop(): void
}

/**
 * Opens `perAddress` connections from each address, each a POST whose body (of `bodyBytes`) is sent one
 * byte every `byteIntervalMs`, and opens a new one each time the server ends one, until stopped: the
 * attacker keeps every place he can get.
 */
export function slowBodyAttack(options: {
  port: number
  addresses: string[]
  perAddress: number
  path?: string
  bodyBytes?: number
  byteIntervalMs?: number
}): SlowBodyAttack {
  const { port, addresses, perAddress } = options
  const path = options.path ?? '/api/events'
  const bodyBytes = options.bodyBytes ?? 4000
  const byteIntervalMs = options.byteIntervalMs ?? 1000
  const sockets = new Set<Socket>()
  const endings = new Map<string, number>()
  let stopped = false
  let opened = 0

  const open = (localAddress: string) => {
    if (stopped) return
    opened += 1
    const socket = connect({ port, host: '127.0.0.1', localAddress })
    sockets.add(socket)
    let answer = ''
    let timer: NodeJS.Timeout | undefined
    socket.setNoDelay(true)
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${bodyBytes}\r\n\r\n`,
      )
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ')
      }, byteIntervalMs)
    })
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1')
    })
    const end = () => {
      clearInterval(timer)
      if (!sockets.delete(socket)) return
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed'
      endings.set(status, (endings.get(status) ?? 0) + 1)
      socket.destroy()
      // Again a second later: a slow-body attacker, not a flood (rate limits and load shedding answer those).
      if (!stopped) setTimeout(() => open(localAddress), jittered(RECONNECT_MS)).unref()
    }
    socket.on('close', end)
    socket.on('error', end)
    // A server that answers a refusal at once ends the exchange: the attacker reads it and reconnects.
    socket.on('data', () => {
      if (/^HTTP\/1\.1 \d{3}[\s\S]*\r\n\r\n/.test(answer)) socket.end()
    })
  }

  // Spread over a second, as many machines would start: the attack is on the server's places, not on the
  // kernel's queue of connections waiting to be accepted.
  for (const address of addresses) {
    for (let i = 0; i < perAddress; i += 1) setTimeout(() => open(address), jittered(500)).unref()
  }
  return {
    get opened() {
      return opened
    },
    endings: () => new Map(endings),
    stop() {
      stopped = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
  }
}

export interface AttackOutcome {
  opened: number
  endings: Map<string, number>
}

/** slowBodyAttack in a child process of its own; `stop()` ends it and says what happened. */
export async function attackInChildProcess(options: {
  port: number
  addresses: number
  perAddress: number
}): Promise<{ stop(): Promise<AttackOutcome> }> {
  const child = fork(
    fileURLToPath(new URL('./slow-body-attacker.ts', import.meta.url)),
    [String(options.port), String(options.addresses), String(options.perAddress)],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the attacker exited with ${code}`)))
  })
  return {
    stop: () =>
      new Promise<AttackOutcome>((resolve, reject) => {
        child.removeAllListeners('exit')
        child.once('message', (message: { endings: [string, number][]; opened: number }) =>
          resolve({ opened: message.opened, endings: new Map(message.endings) }),
        )
        child.once('exit', () => reject(new Error('the attacker exited without its report')))
        child.send('stop')
      }),
  }
}

export interface BystanderRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface BystanderResult {
  statuses: Map<number, number>
  latenciesMs: number[]
  errors: number
}

/**
 * Another client, from its own address, sending `next()` one request after another (a fresh connection
 * each, as separate applicants do) for `durationMs`.
 */
export async function bystander(options: {
  port: number
  durationMs: number
  next: (index: number) => BystanderRequest
  localAddress?: string
}): Promise<BystanderResult> {
  const statuses = new Map<number, number>()
  const latenciesMs: number[] = []
  let errors = 0
  const until = performance.now() + options.durationMs
  for (let index = 0; performance.now() < until; index += 1) {
    const spec = options.next(index)
    const started = performance.now()
    try {
      const status = await send(options.port, spec, options.localAddress ?? BYSTANDER_ADDRESS)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      latenciesMs.push(performance.now() - started)
    } catch {
      errors += 1
    }
  }
  return { statuses, latenciesMs, errors }
}

function send(port: number, spec: BystanderRequest, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: spec.method,
        path: spec.path,
        agent: false,
        headers: withBrowserSecret(spec.path, {
          host: `localhost:${port}`,
          ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...spec.headers,
        }),
        timeout: 5000,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    outgoing.end(spec.body)
  })
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}
