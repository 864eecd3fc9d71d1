// A lender's webhook endpoint for tests, on 127.0.0.1 with a free port. It does what a careful lender
// does: verifies the Standard Webhooks signature, accepts each application once (by Idempotency-Key) and
// answers a repeat with 200 without accepting it again. It is also unreliable on purpose: a seeded
// sequence makes a share of its answers fail, either with a 500 before accepting, or by accepting and
// then never answering (the case that makes the sender retry something the lender already has).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifySignature, type VerifyFailure } from '../src/delivery/signing'

export type FakeLenderAnswer =
  'accepted' | 'duplicate' | 'failed-500' | 'hung' | 'refused' | 'bad-signature'

export interface ReceivedRequest {
  webhookId: string | undefined
  /** The sender's attempt number (forecourt-delivery-attempt). */
  attempt: string | undefined
  idempotencyKey: string | undefined
  answer: FakeLenderAnswer
  signatureFailure?: VerifyFailure
}

export interface AcceptedApplication {
  webhookId: string
  body: unknown
  /** The raw headers of the accepted request. */
  headers: IncomingMessage['headers']
}

export interface FakeLenderOptions {
  secret: string
  /** The share of answers that fail, 0 to 1. */
  failureRate?: number
  /** How the failures fail: a 500, a request left hanging after accepting, or either at random. */
  failures?: '500' | 'hang' | 'mixed'
  /** Seeds the sequence of answers, so a run can be repeated exactly. */
  seed?: number
  /** Answer every request with this status, without accepting (a lender refusing or down). */
  alwaysStatus?: number
  /** A slow lender: every answer waits this long. */
  delayMs?: number
  /** The port on 127.0.0.1; a free one by default. */
  port?: number
}

export interface FakeLender {
  url: string
  received: ReceivedRequest[]
  /** Idempotency-Key → what was accepted under it. */
  accepted: Map<string, AcceptedApplication>
  /** How many times each Idempotency-Key was accepted: must never exceed 1. */
  acceptCounts: Map<string, number>
  /** From now on answer every request with this status (undefined: back to normal). */
  setAlwaysStatus(status: number | undefined): void
  close(): Promise<void>
}

/** mulberry32: a small, fast, seedable generator; plenty for choosing answers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function startFakeLender(options: FakeLenderOptions): Promise<FakeLender> {
  const random = seededRandom(options.seed ?? 1)
  const failureRate = options.failureRate ?? 0
  const failures = options.failures ?? 'mixed'
  const received: ReceivedRequest[] = []
  const accepted = new Map<string, AcceptedApplication>()
  const acceptCounts = new Map<string, number>()
  let alwaysStatus = options.alwaysStatus

  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const entry: ReceivedRequest = {
      webhookId: single(request.headers['webhook-id']),
      attempt: single(request.headers['forecourt-delivery-attempt']),
      idempotencyKey: single(request.headers['idempotency-key']),
      answer: 'accepted',
    }
    received.push(entry)
    if (options.delayMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    }
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    }

    const verified = verifySignature(request.headers, body, options.secret)
    if (!verified.ok) {
      entry.answer = 'bad-signature'
      entry.signatureFailure = verified.reason
      return answer(401, { error: 'signature' })
    }
    if (alwaysStatus !== undefined) {
      entry.answer = 'refused'
      return answer(alwaysStatus, { error: 'refused' })
    }
    const key = entry.idempotencyKey
    if (key === undefined) {
      entry.answer = 'refused'
      return answer(400, { error: 'Idempotency-Key missing' })
    }

    const roll = random()
    const fails = roll < failureRate
    const hangs = fails && (failures === 'hang' || (failures === 'mixed' && random() < 0.5))
    if (fails && !hangs) {
      entry.answer = 'failed-500'
      return answer(500, { error: 'try later' })
    }
    if (accepted.has(key)) {
      entry.answer = 'duplicate'
    } else {
      accepted.set(key, {
        webhookId: verified.id,
        body: JSON.parse(body) as unknown,
        headers: request.headers,
      })
      acceptCounts.set(key, (acceptCounts.get(key) ?? 0) + 1)
    }
    if (hangs) {
      // Accepted, but the answer never leaves: the sender times out and will send it again.
      entry.answer = 'hung'
      return
    }
    return answer(200, { status: entry.answer })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/applications`,
    received,
    accepted,
    acceptCounts,
    setAlwaysStatus: (status) => {
      alwaysStatus = status
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
