import { createHash } from 'node:crypto'
import { afterEach, expect, test, vi } from 'vitest'
import { ApiError } from './api'
import {
  EVIDENCE_QUEUE_KEY,
  MAX_ITEMS_PER_REQUEST,
  createEvidenceQueue,
  isRefusal,
  retryDelayMs,
  sha256Hex,
  type EvidenceDeps,
} from './evidence'
import type { EvidenceReport } from './evidence-types'

const KEY = '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b'
const SECRET = 'c2VjcmV0LW9mLXRoaXMtYnJvd3Nlcg'
const APPLICATION = { key: KEY, affiliateKey: 'aff-cfdx-1f6b38', secret: SECRET }
const COMMISSION = { id: 'commission', version: 1, text: 'We are paid commission by the lender.' }
const PANEL = { id: 'panel', version: 1, text: 'We work with a panel of 12 lenders.' }

afterEach(() => {
  sessionStorage.clear()
  vi.restoreAllMocks()
})

interface Call {
  url: string
  body: { affiliateKey: string; items: { id: string; kind: string; disclosureId: string }[] }
  keepalive: boolean
  headers: Record<string, string>
}

function harness(answers: (() => Promise<unknown>)[] = []) {
  const calls: Call[] = []
  const sleeps: number[] = []
  let hidden: (() => void) | undefined
  let ids = 0
  const deps: EvidenceDeps = {
    storage: () => sessionStorage,
    post: (url, body, { keepalive, headers }) => {
      calls.push({ url, body: body as Call['body'], keepalive, headers })
      return (answers.shift() ?? (() => Promise.resolve({ recorded: 1 })))()
    },
    hash: sha256Hex,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    onPageHidden: (listener) => {
      hidden = listener
      return () => undefined
    },
    host: '',
  }
  return { queue: createEvidenceQueue(deps), calls, sleeps, hide: () => hidden?.() }
}

const shown = (...texts: (typeof COMMISSION)[]): EvidenceReport[] =>
  texts.map((text) => ({ kind: 'shown', applicant: 'main', text }))

test('the hash is the SHA-256 of the exact UTF-8 text, as the server computes it', async () => {
  const text = 'Car Finance Direct – “commission” £1'
  expect(await sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'))
})

test('a report is sent with each text named by id, version and hash, then leaves the queue', async () => {
  const { queue, calls } = harness()
  await queue.enqueue(APPLICATION, '/', shown(COMMISSION, PANEL))
  expect(calls).toEqual([
    {
      url: `/api/evidence/${KEY}`,
      keepalive: false,
      // Like every write, with the secret of the browser that started the application (decision 1801).
      headers: { 'x-application-secret': SECRET },
      body: {
        affiliateKey: 'aff-cfdx-1f6b38',
        items: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            applicant: 'main',
            kind: 'shown',
            disclosureId: 'commission',
            version: 1,
            textHash: createHash('sha256').update(COMMISSION.text).digest('hex'),
            screen: '/',
          },
          {
            id: '00000000-0000-4000-8000-000000000002',
            applicant: 'main',
            kind: 'shown',
            disclosureId: 'panel',
            version: 1,
            textHash: createHash('sha256').update(PANEL.text).digest('hex'),
            screen: '/',
          },
        ],
      },
    },
  ])
  expect(queue.waiting()).toEqual([])
})

test('a slow or failing network is retried with backoff, and nothing is lost meanwhile', async () => {
  const { queue, calls, sleeps } = harness([
    () => Promise.reject(new ApiError('Network Error')),
    () => Promise.reject(new ApiError('timeout of 20000ms exceeded')),
    () => Promise.reject(new ApiError('Request failed with status code 503', 503)),
    () => Promise.reject(new ApiError('Request failed with status code 429', 429)),
  ])
  await queue.enqueue(APPLICATION, '/', shown(COMMISSION))
  expect(sleeps).toEqual([1000, 2000, 4000, 8000])
  expect(calls).toHaveLength(5)
  // Every attempt carries the same item id: the server records it once.
  expect(new Set(calls.map((call) => call.body.items[0]?.id))).toEqual(
    new Set(['00000000-0000-4000-8000-000000000001']),
  )
  expect(queue.waiting()).toEqual([])
})

test('the queue is kept in session storage, so a reload sends what an earlier page could not', async () => {
  let release: () => void = () => undefined
  const first = harness([
    () =>
      new Promise((_resolve, reject) => (release = () => reject(new ApiError('Network Error')))),
  ])
  const pending = first.queue.enqueue(APPLICATION, '/', shown(COMMISSION))
  await vi.waitFor(() => expect(first.calls).toHaveLength(1))
  expect(JSON.parse(sessionStorage.getItem(EVIDENCE_QUEUE_KEY)!).queue).toHaveLength(1)

  // The page is reloaded before an answer: the new page's first report sends the waiting item too.
  const second = harness()
  await second.queue.enqueue(APPLICATION, '/looking-to-borrow', shown(PANEL))
  expect(second.calls.map((call) => call.body.items.map((item) => item.disclosureId))).toEqual([
    ['commission', 'panel'],
  ])
  expect(second.queue.waiting()).toEqual([])
  release()
  void pending
})

test('a refusal drops the request’s items instead of sending them for ever', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { queue, calls } = harness([
    () => Promise.reject(new ApiError('Request failed with status code 400', 400)),
  ])
  await queue.enqueue(APPLICATION, '/', shown(COMMISSION))
  expect(calls).toHaveLength(1)
  expect(queue.waiting()).toEqual([])
  expect(warn).toHaveBeenCalledWith('Evidence refused (400): 1 items dropped')
  expect([400, 404, 413, 415].map(isRefusal)).toEqual([true, true, true, true])
  expect([null, 403, 408, 429, 500, 503].map(isRefusal)).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
  ])
  expect([1, 2, 3, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000])
})

test('a text shown again on the same screen, or an unchanged answer, is not reported twice', async () => {
  const { queue, calls } = harness()
  await queue.enqueue(APPLICATION, '/optins', shown(COMMISSION))
  await queue.enqueue(APPLICATION, '/optins', shown(COMMISSION))
  const agreed: EvidenceReport[] = [{ kind: 'agreed', applicant: 'main', text: PANEL }]
  const declined: EvidenceReport[] = [{ kind: 'declined', applicant: 'main', text: PANEL }]
  await queue.enqueue(APPLICATION, '/optins', agreed)
  await queue.enqueue(APPLICATION, '/optins', agreed)
  await queue.enqueue(APPLICATION, '/optins', declined)
  // Shown on another screen, and for the joint applicant: both are new.
  await queue.enqueue(APPLICATION, '/before-you-submit', shown(COMMISSION))
  await queue.enqueue(APPLICATION, '/before-you-submit', [
    { kind: 'shown', applicant: 'joint', text: COMMISSION },
  ])
  expect(calls.map((call) => call.body.items.map((item) => item.kind))).toEqual([
    ['shown'],
    ['agreed'],
    ['declined'],
    ['shown'],
    ['shown'],
  ])
  // Another application (start new) starts afresh.
  await queue.enqueue(
    { ...APPLICATION, key: 'b1c2d3e4-0000-4000-8000-000000000000' },
    '/optins',
    shown(COMMISSION),
  )
  expect(calls.at(-1)?.url).toBe('/api/evidence/b1c2d3e4-0000-4000-8000-000000000000')
})

test('at most 50 items go in one request', async () => {
  const { queue, calls } = harness()
  const many: EvidenceReport[] = Array.from({ length: 60 }, (_value, index) => ({
    kind: 'shown',
    applicant: 'main',
    text: { ...COMMISSION, id: `text-${index}` },
  }))
  await queue.enqueue(APPLICATION, '/', many)
  expect(calls.map((call) => call.body.items.length)).toEqual([MAX_ITEMS_PER_REQUEST, 10])
})

test('leaving the page sends what is waiting with keepalive, and keeps it until it is answered', async () => {
  let fail: () => void = () => undefined
  const { queue, calls, hide } = harness([
    () => new Promise((_resolve, reject) => (fail = () => reject(new ApiError('Network Error')))),
  ])
  void queue.enqueue(APPLICATION, '/', shown(COMMISSION))
  await vi.waitFor(() => expect(calls).toHaveLength(1))
  hide()
  expect(calls[1]).toMatchObject({
    keepalive: true,
    body: { items: [{ disclosureId: 'commission' }] },
  })
  expect(queue.waiting()).toHaveLength(1)
  fail()
})

test('without an application key or brand nothing is queued', async () => {
  const { queue, calls } = harness()
  await queue.enqueue({ key: '', affiliateKey: 'aff-cfdx-1f6b38' }, '/', shown(COMMISSION))
  await queue.enqueue({ key: KEY, affiliateKey: '' }, '/', shown(COMMISSION))
  expect(calls).toEqual([])
  expect(queue.waiting()).toEqual([])
})

test('storage that is full or blocked keeps the queue in the page’s memory', async () => {
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError')
    },
  } as unknown as Storage
  const answers = [() => Promise.reject(new ApiError('Network Error'))]
  const calls: unknown[] = []
  const queue = createEvidenceQueue({
    storage: () => full,
    post: (_url, body) => {
      calls.push(body)
      return (answers.shift() ?? (() => Promise.resolve({ recorded: 1 })))()
    },
    hash: sha256Hex,
    newId: () => '00000000-0000-4000-8000-000000000001',
    sleep: () => Promise.resolve(),
    onPageHidden: () => () => undefined,
    host: '',
  })
  await queue.enqueue(APPLICATION, '/', shown(COMMISSION))
  expect(calls).toHaveLength(2)
  expect(queue.waiting()).toEqual([])
})
