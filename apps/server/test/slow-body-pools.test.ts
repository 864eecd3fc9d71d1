// Slow request bodies against the pools of places (decision 2121): bodies sent a byte at a time to the
// applicant's API, from one address or from forty, never refuse the back office's sign-in or its reads,
// never take readiness away, and (with the cap per client on) leave places for a new applicant. Real
// sockets on loopback: each attacking address is a local address of its own (127.0.0.2 …).

import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { attackInChildProcess, BYSTANDER_ADDRESS } from '../faults/support/slow-body'
import { withBrowserSecret } from '../faults/support/browser-secret'
import { codeAt } from '../src/back-office/totp'
import { SERVICE_UNAVAILABLE } from '../src/plugins/error-handler'
import { BACK_OFFICE, PASSWORD, startBackOffice, type BackOfficeApp } from './back-office-helpers'
import { applicationUrl, partialPayload } from './submission-test-helpers'
import { openSqlite } from './test-databases'

const sqlite = { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite } as const

/** The broker signing in: an address of its own, outside every attacker's. */
const BROKER_ADDRESS = '127.0.0.201'

let bo: BackOfficeApp | undefined
let attack: Awaited<ReturnType<typeof attackInChildProcess>> | undefined
afterEach(async () => {
  await attack?.stop().catch(() => undefined)
  attack = undefined
  await bo?.close()
  bo = undefined
})

interface Answer {
  status: number
  body: unknown
  setCookies: string[]
}

/** One request over a connection of its own from `localAddress`, as a separate browser sends it. */
function call(
  port: number,
  spec: {
    method: 'GET' | 'POST'
    path: string
    host: string
    localAddress: string
    headers?: Record<string, string>
    body?: unknown
  },
): Promise<Answer> {
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: spec.localAddress,
        method: spec.method,
        path: spec.path,
        agent: false,
        headers: withBrowserSecret(spec.path, {
          host: `${spec.host}:${port}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...spec.headers,
        }),
        timeout: 15_000,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text === '' ? undefined : (JSON.parse(text) as unknown),
            setCookies: response.headers['set-cookie'] ?? [],
          }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The back office with an operator enrolled and one application submitted, listening on loopback; the
 * operator signs in again later, over HTTP, while the attack runs.
 */
async function backOfficeUnderAttack(env: Record<string, string>) {
  bo = await startBackOffice(sqlite, env)
  const app = bo.app
  const operator = await bo.operator('ann@broker.example', 'caseworker')
  const submitted = randomUUID()
  await bo.submit(submitted)
  const applicantCsrf = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: { host: 'carfinance.localhost' },
  })
  const csrfCookie = applicantCsrf.cookies[0]!
  const applicantHeaders = {
    cookie: `${csrfCookie.name}=${csrfCookie.value}`,
    'x-csrf-token': (applicantCsrf.json() as { token: string }).token,
  }
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const backOffice = bo

  return {
    app,
    port,
    submitted,
    /** A new applicant's partial save, from an address no attacker uses. */
    applicantWrite: (key: string) =>
      call(port, {
        method: 'POST',
        path: applicationUrl(key),
        host: 'carfinance.localhost',
        localAddress: BYSTANDER_ADDRESS,
        headers: applicantHeaders,
        body: partialPayload(key),
      }),
    /** Signs in with the next authenticator code, then reads the list of applications. */
    signInAndRead: async () => {
      backOffice.clock.advance(30_000)
      const signIn = await call(port, {
        method: 'POST',
        path: '/api/back-office/sign-in',
        host: BACK_OFFICE,
        localAddress: BROKER_ADDRESS,
        headers: { cookie: backOffice.anonymous.cookie, 'x-csrf-token': backOffice.anonymous.csrf },
        body: {
          email: operator.email,
          password: PASSWORD,
          code: codeAt(operator.secret, backOffice.clock.now()),
        },
      })
      const session = signIn.setCookies
        .map((cookie) => cookie.split(';', 1)[0]!)
        .find((cookie) => cookie.startsWith('forecourt-back-office='))
      const list =
        session === undefined
          ? undefined
          : await call(port, {
              method: 'GET',
              path: '/api/back-office/applications',
              host: BACK_OFFICE,
              localAddress: BROKER_ADDRESS,
              headers: { cookie: `${backOffice.anonymous.cookie}; ${session}` },
            })
      return { signIn, list }
    },
    ready: () =>
      call(port, {
        method: 'GET',
        path: '/api/ready',
        host: 'localhost',
        localAddress: '127.0.0.1',
      }),
  }
}

function applicationKeys(answer: Answer | undefined): string[] | undefined {
  return (answer?.body as { items?: { applicationKey: string }[] } | undefined)?.items?.map(
    (item) => item.applicationKey,
  )
}

test('slow bodies filling every receiving place of the applicant pool refuse no sign-in, no back-office read, and leave readiness ready', async () => {
  // No cap per client (the test set-up's), and small pools: one address takes the whole applicant pool.
  const scene = await backOfficeUnderAttack({ LOAD_SHEDDING_MAX_IN_FLIGHT: '4' })
  const applicantPool = scene.app.loadGauge.pool('applicant')
  expect(applicantPool.maxReceiving).toBe(64)
  attack = await attackInChildProcess({ port: scene.port, addresses: 1, perAddress: 100 })
  await expect
    .poll(() => applicantPool.receiving(), { timeout: 5000, interval: 50 })
    .toBe(applicantPool.maxReceiving)

  // The applicant pool is full: a new applicant's write is refused…
  const refused = await scene.applicantWrite(randomUUID())
  expect(refused.status).toBe(503)
  expect(refused.body).toEqual(SERVICE_UNAVAILABLE)
  // …and the back office, in a pool of its own, is not.
  const { signIn, list } = await scene.signInAndRead()
  expect(signIn.status).toBe(200)
  expect(signIn.body).toMatchObject({ operator: { email: 'ann@broker.example' } })
  expect(list?.status).toBe(200)
  expect(applicationKeys(list)).toEqual([scene.submitted])
  // Bodies arriving slowly do not make the instance unready.
  const ready = await scene.ready()
  expect(ready.status).toBe(200)
  expect(ready.body).toEqual({ status: 'ready' })
  expect(applicantPool.receiving()).toBe(applicantPool.maxReceiving)

  await attack.stop()
  attack = undefined
  await expect.poll(() => scene.app.loadGauge.receiving() + scene.app.loadGauge.inFlight()).toBe(0)
}, 30_000)

test('slow bodies from forty addresses hold at most about half the applicant pool: a new applicant, sign-in and the back office all get in', async () => {
  // The default cap per client (32) and a quarter of the default places: 16 in flight, 256 receiving.
  // Forty addresses with eight bodies each would hold 320.
  const scene = await backOfficeUnderAttack({
    LOAD_SHEDDING_MAX_IN_FLIGHT: '16',
    LOAD_SHEDDING_MAX_PER_CLIENT: '32',
  })
  const applicantPool = scene.app.loadGauge.pool('applicant')
  expect(applicantPool.maxReceiving).toBe(256)
  attack = await attackInChildProcess({ port: scene.port, addresses: 40, perAddress: 8 })
  // Every attacking socket has connected and sent its headers, and those refused have come back once.
  await expect
    .poll(() => applicantPool.receiving(), { timeout: 5000, interval: 50 })
    .toBeGreaterThan(100)
  await sleep(2000)
  const held = applicantPool.receiving()

  const saved = randomUUID()
  const write = await scene.applicantWrite(saved)
  const { signIn, list } = await scene.signInAndRead()
  const ready = await scene.ready()
  const { endings } = await attack.stop()
  attack = undefined

  expect(held).toBeGreaterThan(100)
  expect(held).toBeLessThanOrEqual(150)
  expect(write.status).toBe(202)
  expect(write.body).toEqual({ status: 'saved' })
  expect(signIn.status).toBe(200)
  expect(list?.status).toBe(200)
  expect(applicationKeys(list)?.sort()).toEqual([scene.submitted, saved].sort())
  expect(ready.status).toBe(200)
  expect(ready.body).toEqual({ status: 'ready' })
  // The attackers were refused past their shrinking share.
  expect(endings.get('503') ?? 0).toBeGreaterThan(0)
  await expect.poll(() => scene.app.loadGauge.receiving() + scene.app.loadGauge.inFlight()).toBe(0)
}, 40_000)
