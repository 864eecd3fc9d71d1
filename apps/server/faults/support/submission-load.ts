// Submission traffic for the fault scenarios and `npm run bench:api`: valid bodies under fresh keys, the
// server's maximum rate (autocannon, 20 connections), and latency figures. Both tools measure a maximum
// rate with closedLoop below, so the same server measured the same minute gives the same figure
// (decision 1981).

import { randomUUID } from 'node:crypto'
import autocannon, { type RequestData, type RequestSpec } from 'autocannon'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { withBrowserSecret } from './browser-secret'
import { validBody } from './malformed-cases'

const KEY_PLACEHOLDER = '00000000-0000-4000-8000-000000000000'

/** The clients of `npm run bench:api`: the server's maximum rate is measured with these many. */
export const BENCH_CONNECTIONS = 20

/** A valid full submission's JSON with `keyOf` standing in for its key: fill in a fresh UUID per request. */
export function submissionTemplate(): (key: string) => string {
  const state = filledState()
  state.GUID = KEY_PLACEHOLDER
  state.applicationKey = KEY_PLACEHOLDER
  const template = JSON.stringify(
    toFullSubmissionPayload(state, { brand: brands.carfinance, now: new Date() }),
  )
  return (key) => template.replaceAll(KEY_PLACEHOLDER, key)
}

/** A durable write as the diagnosis scripts send it: its path, headers and body. */
export interface WriteRequest {
  path: string
  headers: Record<string, string>
  body: string
}

/**
 * A full submission under `key` (a fresh one each time), or a partial save to `key` (one of a few
 * applications, each save overwriting the last), with the anti-forgery pair `headers` and the secret of
 * the browser that started the application.
 */
export function durableWrite(
  kind: 'submission' | 'partial',
  key: string,
  headers: Record<string, string>,
  submission: (key: string) => string,
): WriteRequest {
  const path = kind === 'submission' ? `/api/submission/${key}` : `/api/application/${key}`
  return {
    path,
    headers: withBrowserSecret(path, { 'content-type': 'application/json', ...headers }),
    body:
      kind === 'submission'
        ? submission(key)
        : JSON.stringify(validBody('POST /api/application/{applicationKey}', key)),
  }
}

/** `POST /api/submission/<new UUID>` with the same key in the body, for autocannon. */
export function submissionRequest(headers: Record<string, string>): RequestSpec {
  const submission = submissionTemplate()
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    setupRequest: (request: RequestData) => {
      const write = durableWrite('submission', randomUUID(), headers, submission)
      request.path = write.path
      request.headers = write.headers
      request.body = write.body
      return request
    },
  }
}

export interface ClosedLoopRun {
  /** Responses per second. */
  rate: number
  statuses: Record<string, number>
  errors: number
  timeouts: number
  p50: number
  p99: number
  max: number
}

/** Submissions as fast as `connections` clients can send them, each waiting for its answer. */
export function closedLoopSubmissions(options: {
  url: string
  headers: Record<string, string>
  seconds: number
  connections?: number
}): Promise<ClosedLoopRun> {
  return closedLoop({ ...options, requests: [submissionRequest(options.headers)] })
}

/**
 * Requests as fast as `connections` clients can send them, each waiting for its answer: `GET url` without
 * `requests`.
 */
export async function closedLoop(options: {
  url: string
  seconds: number
  connections?: number
  requests?: RequestSpec[]
}): Promise<ClosedLoopRun> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? BENCH_CONNECTIONS,
    duration: options.seconds,
    ...(options.requests === undefined ? {} : { requests: options.requests }),
  })
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]),
  )
  const responses = Object.values(statuses).reduce((sum, count) => sum + count, 0)
  return {
    rate: responses / result.duration,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }
}

export interface LatencySummary {
  count: number
  p50: number
  p99: number
  max: number
}

export function summarise(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (share: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0)
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return 0
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
