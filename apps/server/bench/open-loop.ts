// An open-loop load: requests sent at fixed times (`rate` a second, evenly spaced) whether or not earlier
// ones have been answered, each on a free keep-alive connection, and each timed from the moment it was due
// to be sent. A server that falls behind therefore shows it in the latency, as a real crowd of applicants
// would see it, instead of slowing the load down (the coordinated omission of a closed loop). Decision
// record: docs/decisions/1462-latency-against-load.md.

import { Agent, request as httpRequest } from 'node:http'

export interface OpenLoopRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

export interface OpenLoopOptions {
  /** http://host:port */
  url: string
  /** Requests per second. */
  rate: number
  seconds: number
  /**
   * Sent first at the same rate and not counted: connections are opened and the server's code is hot
   * before the measured part begins.
   */
  warmUpSeconds?: number
  /** Called once per request, just before it is sent. */
  request: () => OpenLoopRequest
  /** A request not answered by then counts as a timeout. */
  timeoutMs?: number
  /** Connections at most; a request due when all are busy waits, and its wait counts. */
  maxConnections?: number
}

export interface OpenLoopResult {
  /** The rate asked for. */
  offered: number
  /** Responses a second over the run. */
  served: number
  sent: number
  statuses: Record<string, number>
  /** The answers to the warm-up's requests, which the figures leave out (errors counted as 'error'). */
  warmUpStatuses: Record<string, number>
  /** Requests that ended in a socket error or a timeout rather than an answer. */
  errors: number
  /** Latency in milliseconds from the moment each request was due, answered requests only. */
  p50: number
  p90: number
  p99: number
  max: number
  /**
   * How late this process sent requests, at the 99th percentile (ms): when it is large, the load
   * generator itself was starved of CPU and the latencies above include its delay.
   */
  sendLagP99: number
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(options.url)
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 256 })
  const warmUp = Math.round(options.rate * (options.warmUpSeconds ?? 0))
  const total = warmUp + Math.max(1, Math.round(options.rate * options.seconds))
  const interval = 1000 / options.rate
  const timeoutMs = options.timeoutMs ?? 10_000
  const latencies: number[] = []
  const lags: number[] = []
  const statuses: Record<string, number> = {}
  const warmUpStatuses: Record<string, number> = {}
  let errors = 0
  let settled = 0
  const start = performance.now()
  const measuredFrom = start + warmUp * interval
  let finished = start

  await new Promise<void>((resolve) => {
    const done = () => {
      settled += 1
      if (settled === total) {
        finished = performance.now()
        resolve()
      }
    }
    const send = (due: number, counted: boolean) => {
      const spec = options.request()
      if (counted) lags.push(performance.now() - due)
      const request = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: spec.path,
          headers: {
            ...spec.headers,
            ...(spec.body === undefined ? {} : { 'content-length': Buffer.byteLength(spec.body) }),
          },
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume()
          response.once('end', () => {
            const status = String(response.statusCode)
            if (counted) {
              latencies.push(performance.now() - due)
              statuses[status] = (statuses[status] ?? 0) + 1
            } else {
              warmUpStatuses[status] = (warmUpStatuses[status] ?? 0) + 1
            }
            done()
          })
        },
      )
      request.once('timeout', () => request.destroy(new Error('timeout')))
      request.once('error', () => {
        if (counted) errors += 1
        else warmUpStatuses.error = (warmUpStatuses.error ?? 0) + 1
        done()
      })
      request.end(spec.body)
    }
    let next = 0
    const tick = () => {
      const now = performance.now()
      while (next < total && start + next * interval <= now) {
        send(start + next * interval, next >= warmUp)
        next += 1
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()))
    }
    tick()
  })
  agent.destroy()

  const sorted = latencies.sort((a, b) => a - b)
  const at = (share: number) => percentile(sorted, share)
  return {
    offered: options.rate,
    served: latencies.length / ((finished - measuredFrom) / 1000),
    sent: total - warmUp,
    statuses,
    warmUpStatuses,
    errors,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    sendLagP99: percentile(
      lags.sort((a, b) => a - b),
      0.99,
    ),
  }
}

/** The value below which `share` of the sorted values fall (nearest rank), rounded to 0.1 ms. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0
  return Math.round(value * 10) / 10
}
