// Many applicants on one machine: each request leaves from an address of its own in 127.0.0.0/8 (all of it
// is this machine's loopback on Linux), so a load balancer's X-Forwarded-For carries a different client for
// each, and per-client rate limits count them apart as they would count real applicants. One run takes
// addresses under a second octet of its own, so its rate-limit counters in a shared Redis are its own too,
// and can be removed after it by name.

import { request } from 'node:http'

export interface AddressPlan {
  /** e.g. 173: the run uses 127.173.y.z. */
  octet: number
  /** The address of applicant `index`: 254 × 254 of them, then round again; never 127.0.0.1. */
  applicant(index: number): string
  /** Addresses kept apart from the applicants': the rate-limit probe and the direct requests. */
  probe: string
  direct: string
  /** The client of pair `index` of requests sent straight to two instances (two writes each). */
  pair(index: number): string
}

export function addressPlan(octet = 64 + Math.floor(Math.random() * 190)): AddressPlan {
  return {
    octet,
    applicant: (index) => `127.${octet}.${Math.floor(index / 254) % 254}.${(index % 254) + 1}`,
    probe: `127.${octet}.255.1`,
    direct: `127.${octet}.255.2`,
    pair: (index) => `127.${octet}.254.${(index % 254) + 1}`,
  }
}

export type HttpResult =
  | { kind: 'answered'; status: number; headers: Record<string, string>; body: string }
  /** Nothing reached the far end (the balancer or instance was not listening). */
  | { kind: 'refused' }
  /** The connection failed after the request may have left. */
  | { kind: 'network'; error: string }
  | { kind: 'timeout' }

/** One request on a connection of its own, from `from`. Never throws. */
export function httpFrom(input: {
  from: string
  url: string
  method?: string
  headers?: Record<string, string>
  body?: string
  timeoutMs?: number
}): Promise<HttpResult> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: HttpResult) => {
      if (settled) return
      settled = true
      resolve(result)
    }
    const body = input.body
    const req = request(
      input.url,
      {
        method: input.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        localAddress: input.from,
        headers: {
          ...input.headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        timeout: input.timeoutMs ?? 20_000,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          if (!response.complete) return settle({ kind: 'network', error: 'answer cut short' })
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
          }
          settle({
            kind: 'answered',
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
        response.on('error', (error) => settle({ kind: 'network', error: error.message }))
        response.on('aborted', () => settle({ kind: 'network', error: 'answer cut short' }))
      },
    )
    req.on('timeout', () => {
      settle({ kind: 'timeout' })
      req.destroy()
    })
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle(
        error.code === 'ECONNREFUSED'
          ? { kind: 'refused' }
          : { kind: 'network', error: error.code ?? error.message },
      ),
    )
    req.end(body)
  })
}
