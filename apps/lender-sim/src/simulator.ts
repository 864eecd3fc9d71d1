// The lender simulator's HTTP side. Each simulated lender has an address, POST /lenders/{id}, where Forecourt
// delivers applications signed with that lender's secret (Standard Webhooks, docs/lenders.md). The simulator
// checks the signature and the timestamp as a lender must, accepts each Idempotency-Key once, answers at once,
// and a little later posts its decision back to POST {forecourt}/api/lender-decisions/{id}, signed with the
// same secret. A notice that the applicant chose one of its offers (`application.offer-chosen`) may lead, later
// still, to `paid-out`; a notice of erasure (`application.erased`) cancels whatever was still to be sent.

import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { decide, factsOf, lenderReferenceFor, rollFor, type DecisionBody } from './decide'
import type { LenderRules } from './lenders'

export interface SimulatorOptions {
  lenders: readonly LenderRules[]
  /** Lender id → its `whsec_…` secret, the one Forecourt's LENDER_DESTINATIONS has for it. */
  secrets: Readonly<Record<string, string>>
  /** Where Forecourt's API answers, e.g. http://127.0.0.1:3000. */
  forecourtUrl: string
  /** How long a lender "considers" an application before its decision is posted. */
  decisionDelayMs: number
  /** How long after an offer is chosen a payout is posted (for the share of chosen offers that pay out). */
  payoutDelayMs: number
  /** Lines without personal data: lender ids, submission keys, decisions, HTTP statuses. */
  log?: (line: string) => void
  now?: () => Date
  /** Bounded retries of a decision Forecourt did not take (network error, 5xx, 429). */
  retryDelaysMs?: readonly number[]
}

export interface RunningSimulator {
  server: Server
  url: string
  /** Decisions and payouts posted, with Forecourt's answer, newest last (for tests and the log). */
  posted: Array<{ lenderId: string; body: DecisionBody; status: number | 'network-error' }>
  /** Resolves when nothing is waiting to be sent. */
  idle(): Promise<void>
  close(): Promise<void>
}

const MAX_BODY = 256 * 1024

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function answer(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const headerOf = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name]
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '')
}

export async function startSimulator(
  options: SimulatorOptions,
  listen: { port: number; host?: string },
): Promise<RunningSimulator> {
  const log = options.log ?? (() => {})
  const now = options.now ?? (() => new Date())
  const retryDelays = options.retryDelaysMs ?? [1_000, 5_000, 15_000, 60_000]
  const lenders = new Map(options.lenders.map((lender) => [lender.id, lender]))
  const seen = new Set<string>()
  const timers = new Map<string, Set<NodeJS.Timeout>>()
  const inFlight = new Set<Promise<void>>()
  const posted: RunningSimulator['posted'] = []
  let waiters: Array<() => void> = []

  const settleIfIdle = () => {
    if (inFlight.size === 0 && [...timers.values()].every((set) => set.size === 0)) {
      for (const wake of waiters) wake()
      waiters = []
    }
  }

  const later = (submissionKey: string, delayMs: number, task: () => Promise<void>) => {
    const set = timers.get(submissionKey) ?? new Set()
    timers.set(submissionKey, set)
    const timer = setTimeout(() => {
      set.delete(timer)
      const running = task().finally(() => {
        inFlight.delete(running)
        settleIfIdle()
      })
      inFlight.add(running)
    }, delayMs)
    set.add(timer)
  }

  async function post(lender: LenderRules, body: DecisionBody, attempt = 0): Promise<void> {
    const secret = options.secrets[lender.id]
    if (secret === undefined) return
    const raw = JSON.stringify(body)
    const id = `sim_${randomUUID()}`
    const timestamp = now()
    let status: number | 'network-error'
    try {
      const response = await fetch(
        `${options.forecourtUrl}/api/lender-decisions/${encodeURIComponent(lender.id)}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': new Webhook(secret).sign(id, timestamp, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(10_000),
        },
      )
      status = response.status
      await response.body?.cancel()
    } catch {
      status = 'network-error'
    }
    posted.push({ lenderId: lender.id, body, status })
    log(`${lender.id} ${body.decision} for ${body.submissionKey}: ${status}`)
    const retry = status === 'network-error' || status === 429 || status >= 500
    const delay = retryDelays[attempt]
    if (retry && delay !== undefined)
      later(body.submissionKey, delay, () => post(lender, body, attempt + 1))
  }

  function onApplication(lender: LenderRules, payload: unknown, response: ServerResponse): void {
    const facts = factsOf(payload, now())
    if ('problem' in facts) {
      answer(response, 422, { error: `Cannot read the application: ${facts.problem}` })
      return
    }
    answer(response, 202, {
      status: 'considering',
      lenderReference: lenderReferenceFor(lender, facts.submissionKey),
    })
    later(facts.submissionKey, options.decisionDelayMs, () =>
      post(lender, decide(lender, facts, now())),
    )
  }

  function onOfferChosen(
    lender: LenderRules,
    data: Record<string, unknown>,
    response: ServerResponse,
  ): void {
    const submissionKey = typeof data.submissionKey === 'string' ? data.submissionKey : undefined
    if (submissionKey === undefined) {
      answer(response, 422, { error: 'An offer-chosen notice needs data.submissionKey' })
      return
    }
    answer(response, 200, { status: 'noted' })
    const chosenHere = data.lenderId === lender.id
    if (!chosenHere || rollFor(submissionKey, lender.id, 'payout') >= lender.payoutShare) return
    later(submissionKey, options.payoutDelayMs, () =>
      post(lender, {
        submissionKey,
        decision: 'paid-out',
        lenderReference: lenderReferenceFor(lender, submissionKey),
        decidedAt: now().toISOString(),
        message: 'The loan has been paid out.',
      }),
    )
  }

  function onErased(data: Record<string, unknown>, response: ServerResponse): void {
    const submissionKey = typeof data.submissionKey === 'string' ? data.submissionKey : undefined
    if (submissionKey !== undefined) {
      for (const timer of timers.get(submissionKey) ?? []) clearTimeout(timer)
      timers.delete(submissionKey)
      settleIfIdle()
    }
    answer(response, 200, { status: 'forgotten' })
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://simulator')
      if (request.method === 'GET' && url.pathname === '/health') {
        answer(response, 200, { status: 'ok', lenders: [...lenders.keys()] })
        return
      }
      const match = /^\/lenders\/([A-Za-z0-9._-]+)$/.exec(url.pathname)
      if (request.method !== 'POST' || match === null) {
        answer(response, 404, { error: 'Not found' })
        return
      }
      const lender = lenders.get(match[1] ?? '')
      const secret = lender === undefined ? undefined : options.secrets[lender.id]
      if (lender === undefined || secret === undefined) {
        answer(response, 404, { error: 'Unknown lender' })
        return
      }
      const raw = await readBody(request)
      if (raw === undefined) {
        answer(response, 413, { error: 'Too large' })
        return
      }
      let payload: unknown
      try {
        payload = new Webhook(secret).verify(raw, {
          'webhook-id': headerOf(request, 'webhook-id'),
          'webhook-timestamp': headerOf(request, 'webhook-timestamp'),
          'webhook-signature': headerOf(request, 'webhook-signature'),
        })
      } catch {
        log(`${lender.id}: refused a delivery with a missing, invalid or stale signature`)
        answer(response, 401, { error: 'Missing, invalid or stale signature' })
        return
      }
      // Each Idempotency-Key is taken once; a repeat (a retry whose answer was lost) is acknowledged again.
      const key = `${lender.id}:${headerOf(request, 'idempotency-key') || headerOf(request, 'webhook-id')}`
      if (seen.has(key)) {
        answer(response, 200, { status: 'already-received' })
        return
      }
      seen.add(key)
      const body =
        typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {}
      const data =
        typeof body.data === 'object' && body.data !== null
          ? (body.data as Record<string, unknown>)
          : {}
      if (body.type === 'application.erased') onErased(data, response)
      else if (body.type === 'application.offer-chosen') onOfferChosen(lender, data, response)
      else if (typeof body.type === 'string') answer(response, 200, { status: 'ignored' })
      else onApplication(lender, body, response)
    })().catch(() => {
      if (!response.headersSent) answer(response, 500, { error: 'Simulator error' })
    })
  })

  await new Promise<void>((resolve) =>
    server.listen(listen.port, listen.host ?? '127.0.0.1', resolve),
  )
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : listen.port
  return {
    server,
    url: `http://${listen.host ?? '127.0.0.1'}:${port}`,
    posted,
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve)
        settleIfIdle()
      }),
    close: async () => {
      for (const set of timers.values()) for (const timer of set) clearTimeout(timer)
      timers.clear()
      await Promise.allSettled([...inFlight])
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
