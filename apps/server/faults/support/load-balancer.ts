// A real load balancer in front of several API instances: HAProxy from Debian's packages, as a child process
// with a configuration written for the run. It listens on 127.0.0.1 only, spreads requests round robin,
// takes an instance out of rotation when its readiness probe fails and back when it passes again, adds
// X-Forwarded-For (the instances trust only 127.0.0.1, the balancer's address) and names the instance that
// answered in a response header. Its state is read through HAProxy's own stats socket, so the times an
// instance was marked down and up again are the balancer's, not guesses. Why HAProxy and not nginx:
// docs/decisions/1681-cluster-fault-scenario.md.

import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** The response header naming the instance that answered (the `server` name in the configuration). */
export const INSTANCE_HEADER = 'x-forecourt-instance'

/**
 * How often the balancer probes each instance, how long a probe may take, and how many in a row change its
 * state. A dead instance refuses the probe at once; a live one on a saturated machine may take a second or
 * more to answer, and must not be taken out for that.
 */
export const HEALTH_CHECK = {
  intervalMs: 1000,
  timeoutMs: 3000,
  fall: 2,
  rise: 2,
  path: '/api/ready',
} as const

/** The Retry-After of the balancer's own 503, when no instance is ready: the instances' load-shedding one. */
export const BALANCER_RETRY_AFTER_SECONDS = 2

const SEARCH_PATH = ['/usr/sbin', '/usr/local/sbin', '/sbin']

/** The HAProxy binary on this machine, or undefined. */
export function findHaproxy(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), ...SEARCH_PATH]
  for (const folder of folders) {
    if (folder === '') continue
    const candidate = join(folder, 'haproxy')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not here.
    }
  }
  return undefined
}

/** 'HAProxy version 2.6.12-1+deb12u4 2026/10/17' → '2.6.12-1+deb12u4'. */
export function haproxyVersion(binary: string): string {
  const output = execFileSync(binary, ['-v'], { encoding: 'utf8' })
  return /version (\S+)/i.exec(output)?.[1] ?? 'unknown version'
}

/**
 * HAProxy, installed from Debian's packages when it is missing (as root, with apt-get). Returns the binary,
 * or the reason it cannot be had: the caller skips its run and says so.
 */
export function ensureHaproxy(
  log: (line: string) => void,
): { binary: string } | { reason: string } {
  const found = findHaproxy()
  if (found !== undefined) return { binary: found }
  if (process.getuid?.() !== 0) {
    return {
      reason: 'HAProxy is not installed, and installing it needs root (apt-get install -y haproxy)',
    }
  }
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      encoding: 'utf8',
      timeout: 300_000,
    })
  log('HAProxy is not installed: apt-get install -y haproxy')
  let result = apt(['install', '-y', '-qq', 'haproxy'])
  if (result.status !== 0) {
    // A fresh machine may not have the package lists yet.
    log('apt-get install failed: apt-get update, then once more')
    apt(['update', '-qq'])
    result = apt(['install', '-y', '-qq', 'haproxy'])
  }
  const installed = findHaproxy()
  if (installed !== undefined) return { binary: installed }
  const why = (result.error?.message ?? result.stderr ?? '').trim().split('\n').slice(-3).join(' ')
  return {
    reason: `HAProxy could not be installed (apt-get install -y haproxy: ${why || `exit ${result.status}`})`,
  }
}

export interface Backend {
  /** The name HAProxy gives the instance: in its stats and in the INSTANCE_HEADER. */
  name: string
  port: number
}

/** An instance as the balancer sees it now: 'UP', 'DOWN', or a transition ('UP 1/2', 'DOWN 1/2'). */
export interface BackendState {
  name: string
  status: string
}

export interface StateChange {
  name: string
  status: 'UP' | 'DOWN'
  at: number
}

export interface LoadBalancer {
  url: string
  port: number
  pid: number | undefined
  version: string
  /** Each instance's state now, from the stats socket. */
  states(): Promise<BackendState[]>
  /** Every change to fully UP or fully DOWN seen since start (polled every 100 ms), oldest first. */
  changes(): StateChange[]
  /** Resolves when `name` is in `status`; rejects after `timeoutMs`. */
  waitFor(name: string, status: 'UP' | 'DOWN', timeoutMs: number): Promise<number>
  /** The configuration it runs with, for the report. */
  config: string
  stop(): Promise<void>
}

/** The HAProxy configuration: one frontend on 127.0.0.1, one backend of the instances, probes on readiness. */
export function haproxyConfig(input: {
  port: number
  backends: Backend[]
  statsSocket: string
}): string {
  const { intervalMs, timeoutMs, fall, rise, path } = HEALTH_CHECK
  return [
    'global',
    // One thread is plenty for a few hundred requests a second, and leaves the cores to the instances.
    '  nbthread 1',
    '  maxconn 4096',
    `  stats socket ${input.statsSocket} mode 600 level user`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    `  timeout check ${timeoutMs}ms`,
    // A connection refused by a dead instance is tried on another one: nothing was sent, so this is safe
    // for any request. A request that reached an instance which then died is answered 502, never resent
    // by the balancer: the client decides (the browser retries with the same key).
    '  retries 3',
    '  option redispatch 1',
    // With no instance ready (each one's readiness probe failing), the balancer answers for them: a 503 with
    // Retry-After, as an instance shedding load answers, so the page waits before it sends again.
    `  http-error status 503 content-type application/json hdr retry-after ${BALANCER_RETRY_AFTER_SECONDS} string "{\\"error\\":\\"Service unavailable\\"}"`,
    '',
    'frontend api',
    `  bind 127.0.0.1:${input.port}`,
    '  option forwardfor',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${path}`,
    '  http-check expect status 200',
    `  http-response set-header ${INSTANCE_HEADER} %[srv_name]`,
    `  default-server inter ${intervalMs}ms fall ${fall} rise ${rise}`,
    ...input.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
    '',
  ].join('\n')
}

export async function startHaproxy(input: {
  binary: string
  port: number
  backends: Backend[]
}): Promise<LoadBalancer> {
  const folder = await mkdtemp(join(tmpdir(), 'forecourt-haproxy-'))
  const statsSocket = join(folder, 'stats.sock')
  const configFile = join(folder, 'haproxy.cfg')
  const config = haproxyConfig({ port: input.port, backends: input.backends, statsSocket })
  await writeFile(configFile, config)
  const check = spawnSync(input.binary, ['-c', '-q', '-f', configFile], { encoding: 'utf8' })
  if (check.status !== 0) {
    await rm(folder, { recursive: true, force: true })
    throw new Error(`haproxy -c refused the configuration: ${check.stderr || check.stdout}`)
  }
  // -db: stay in the foreground, so the process is this child and dies with it.
  const child = spawn(input.binary, ['-db', '-f', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)

  const states = () => readStates(statsSocket)
  const changes: StateChange[] = []
  const last = new Map<string, string>()
  let polling = true
  const poll = async () => {
    while (polling) {
      try {
        for (const state of await states()) {
          const status = state.status === 'UP' || state.status === 'DOWN' ? state.status : undefined
          if (status !== undefined && last.get(state.name) !== status) {
            last.set(state.name, status)
            changes.push({ name: state.name, status, at: Date.now() })
          }
        }
      } catch {
        // Not listening yet, or stopping.
      }
      await sleep(100)
    }
  }

  const balancer: LoadBalancer = {
    url: `http://127.0.0.1:${input.port}`,
    port: input.port,
    pid: child.pid,
    version: haproxyVersion(input.binary),
    config,
    states,
    changes: () => [...changes],
    waitFor: async (name, status, timeoutMs) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const state = (await states().catch(() => [])).find((entry) => entry.name === name)
        if (state?.status === status) return Date.now()
        if (Date.now() > deadline) {
          throw new Error(
            `HAProxy did not mark ${name} ${status} within ${timeoutMs} ms (last: ${state?.status ?? 'unknown'})`,
          )
        }
        await sleep(50)
      }
    },
    stop: async () => {
      polling = false
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
      process.off('exit', killOnExit)
      await rm(folder, { recursive: true, force: true })
    },
  }

  // Ready when every instance is UP: the instances are started (and ready) before the balancer.
  try {
    for (const backend of input.backends) await balancer.waitFor(backend.name, 'UP', 15_000)
  } catch (error) {
    await balancer.stop()
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}${stderr === '' ? '' : `:\n${stderr}`}`,
    )
  }
  void poll()
  return balancer
}

/** `show stat` on the stats socket: the state of each server of the backend. */
function readStates(socket: string): Promise<BackendState[]> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket)
    let text = ''
    connection.setTimeout(2000, () => connection.destroy(new Error('stats socket timed out')))
    connection.on('data', (chunk: Buffer) => (text += chunk.toString()))
    connection.on('error', reject)
    connection.on('end', () => resolve(parseStats(text)))
    connection.end('show stat\n')
  })
}

/** Rows of `show stat` CSV for the servers of the 'instances' backend. */
export function parseStats(csv: string): BackendState[] {
  const lines = csv.split('\n').filter((line) => line.trim() !== '')
  const header = (lines[0] ?? '').replace(/^#\s*/, '').split(',')
  const at = (name: string) => header.indexOf(name)
  const [proxy, server, status] = [at('pxname'), at('svname'), at('status')]
  if (proxy < 0 || server < 0 || status < 0) return []
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter(
      (row) => row[proxy] === 'instances' && !['BACKEND', 'FRONTEND'].includes(row[server] ?? ''),
    )
    .map((row) => ({ name: row[server] ?? '', status: row[status] ?? '' }))
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
