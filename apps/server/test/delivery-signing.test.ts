import { expect, onTestFinished, test, vi } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { EMPTY_SECRET, signPayload, verifySignature, webhookHeaders } from '../src/delivery/signing'

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const otherSecret = 'whsec_' + Buffer.alloc(32, 7).toString('base64')
const body = '{"submissionKey":"9b2f6c1e-0d4a-4f7e-9a39-2f1d6e5b7c80","firstName":"Ada"}'
const sentAt = new Date('2026-11-22T10:00:00.000Z')
const timestamp = Math.floor(sentAt.getTime() / 1000)
const headers = () => webhookHeaders({ id: 'dlv_0001', timestamp, body, secret })

test('the signature matches the Standard Webhooks reference vector', () => {
  // From the standard-webhooks JavaScript library's tests: any lender's library computes the same.
  expect(
    signPayload({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secret,
    }),
  ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
})

test('the headers carry the id, the timestamp in seconds and a v1 signature', () => {
  expect(headers()).toEqual({
    'webhook-id': 'dlv_0001',
    'webhook-timestamp': '1795341600',
    'webhook-signature': signPayload({ id: 'dlv_0001', timestamp, body, secret }),
  })
  expect(headers()['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
})

test('a request as signed verifies, with Node headers or a fetch Headers object', () => {
  expect(verifySignature(headers(), body, secret, { now: sentAt })).toEqual({
    ok: true,
    id: 'dlv_0001',
    timestamp,
  })
  expect(verifySignature(new Headers({ ...headers() }), body, secret, { now: sentAt }).ok).toBe(
    true,
  )
})

test.each([
  ['a tampered body', { body: body.replace('Ada', 'Eve') }, 'bad-signature'],
  ['a body with one space added', { body: body.replace(':', ': ') }, 'bad-signature'],
  ['a wrong secret', { secret: otherSecret }, 'bad-signature'],
  ['another delivery id', { headers: { 'webhook-id': 'dlv_0002' } }, 'bad-signature'],
  [
    'a changed timestamp',
    { headers: { 'webhook-timestamp': String(timestamp + 1) } },
    'bad-signature',
  ],
  [
    'a timestamp six minutes old',
    { now: new Date(sentAt.getTime() + 360_000) },
    'timestamp-too-old',
  ],
  [
    'a timestamp six minutes ahead',
    { now: new Date(sentAt.getTime() - 360_000) },
    'timestamp-too-new',
  ],
  [
    'a timestamp that is not a number',
    { headers: { 'webhook-timestamp': 'soon' } },
    'bad-timestamp',
  ],
  ['no signature header', { headers: { 'webhook-signature': '' } }, 'missing-headers'],
  ['a v2 signature only', { headers: { 'webhook-signature': 'v2,AAAA' } }, 'bad-signature'],
] as const)('verification rejects %s', (_name, change, reason) => {
  const changed = {
    body: 'body' in change ? change.body : body,
    secret: 'secret' in change ? change.secret : secret,
    now: 'now' in change ? change.now : sentAt,
    headers: { ...headers(), ...('headers' in change ? change.headers : {}) },
  }
  expect(
    verifySignature(changed.headers, changed.body, changed.secret, { now: changed.now }),
  ).toEqual({ ok: false, reason })
})

test('a replay inside the tolerance verifies, and the tolerance is configurable', () => {
  const later = new Date(sentAt.getTime() + 299_000)
  expect(verifySignature(headers(), body, secret, { now: later }).ok).toBe(true)
  expect(verifySignature(headers(), body, secret, { now: later, toleranceSeconds: 60 })).toEqual({
    ok: false,
    reason: 'timestamp-too-old',
  })
})

test('one matching signature among several (a secret being rotated) is enough', () => {
  const both = {
    ...headers(),
    'webhook-signature': `${signPayload({ id: 'dlv_0001', timestamp, body, secret: otherSecret })} ${headers()['webhook-signature']}`,
  }
  expect(verifySignature(both, body, secret, { now: sentAt }).ok).toBe(true)
  expect(verifySignature(both, body, otherSecret, { now: sentAt }).ok).toBe(true)
})

test('header names are matched without regard to case', () => {
  const upper = Object.fromEntries(
    Object.entries(headers()).map(([name, value]) => [name.toUpperCase(), value]),
  )
  expect(verifySignature(upper, body, secret, { now: sentAt }).ok).toBe(true)
})

const signature = () => headers()['webhook-signature']

test.each([
  // The same bytes in other spellings: a lenient base64 decoder takes them all.
  ['the signature without its padding', () => signature().replace(/=$/, '')],
  ['the signature in base64url', () => signature().replaceAll('+', '-').replaceAll('/', '_')],
  [
    'the signature with a line break inside',
    () => `${signature().slice(0, 20)}\n${signature().slice(20)}`,
  ],
  ['the signature with a character base64 ignores', () => `${signature()}!`],
])('verification rejects %s', (_name, spelled) => {
  expect(
    verifySignature({ ...headers(), 'webhook-signature': spelled() }, body, secret, {
      now: sentAt,
    }),
  ).toEqual({ ok: false, reason: 'bad-signature' })
})

test.each([
  ['a leading zero', `0${timestamp}`],
  ['a plus sign', `+${timestamp}`],
  ['a space', ` ${timestamp}`],
])('a timestamp with %s is refused', (_name, text) => {
  expect(
    verifySignature({ ...headers(), 'webhook-timestamp': text }, body, secret, { now: sentAt }),
  ).toEqual({ ok: false, reason: 'bad-timestamp' })
})

test('a header sent twice is refused, in one entry or under two spellings of its name', () => {
  const twice = { ...headers(), 'webhook-id': ['dlv_0001', 'dlv_0002'] }
  expect(verifySignature(twice, body, secret, { now: sentAt })).toEqual({
    ok: false,
    reason: 'repeated-headers',
  })
  const spelled = { ...headers(), 'Webhook-Signature': signature() }
  expect(verifySignature(spelled, body, secret, { now: sentAt })).toEqual({
    ok: false,
    reason: 'repeated-headers',
  })
})

test.each([[''], ['whsec_'], ['whsec_====']])('an empty secret %j is refused outright', (empty) => {
  expect(() => verifySignature(headers(), body, empty, { now: sentAt })).toThrow(EMPTY_SECRET)
  expect(() => signPayload({ id: 'dlv_0001', timestamp, body, secret: empty })).toThrow(
    EMPTY_SECRET,
  )
})

test('the Standard Webhooks reference library verifies our requests, and we verify its', () => {
  // The library reads the clock itself.
  vi.useFakeTimers({ now: sentAt, toFake: ['Date'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
  const reference = new Webhook(secret)
  expect(reference.verify(body, headers())).toEqual(JSON.parse(body))
  const signedByReference = reference.sign('msg_1', sentAt, body)
  expect(
    verifySignature(
      {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signedByReference,
      },
      body,
      secret,
      { now: sentAt },
    ),
  ).toEqual({ ok: true, id: 'msg_1', timestamp })
  // Both refuse the same non-canonical spelling.
  const unpadded = { ...headers(), 'webhook-signature': signature().replace(/=$/, '') }
  expect(() => reference.verify(body, unpadded)).toThrow()
})
