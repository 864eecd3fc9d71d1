// The real app with its back office over a database of either engine, a clock the test moves (TOTP
// codes are computed for it, as an authenticator app would), and operators enrolled and signed in
// through the API itself.

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { brands } from '@forecourt/domain/brands/brand-data'
import { buildApp } from '../src/app'
import { addOperator, type BrandScope } from '../src/back-office/operators'
import { codeAt } from '../src/back-office/totp'
import { loadConfig } from '../src/config'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import type { OperatorRole } from '../src/db/tables'
import { TEST_ENV, validSubmission, writeHeaders } from './submission-test-helpers'
import type { Engine } from './test-databases'
import { withBrowserSecret } from '../faults/support/browser-secret'
import { assertContract } from './back-office-contract'

export const BACK_OFFICE = 'backoffice.localhost'
export const PASSWORD = 'correct horse battery staple 42'

export interface Clock {
  now(): Date
  advance(ms: number): void
}

export function testClock(start = Date.now()): Clock {
  let at = start
  return { now: () => new Date(at), advance: (ms) => (at += ms) }
}

export interface Operator {
  id: string
  email: string
  secret: string
  /** Cookie header with the session and the anti-forgery token. */
  cookie: string
  csrf: string
}

export interface BackOfficeApp {
  app: FastifyInstance
  database: Database
  clock: Clock
  /** An anti-forgery pair on the back-office host, without a session. */
  anonymous: { cookie: string; csrf: string }
  request(options: {
    method: 'GET' | 'POST'
    url: string
    as?: Operator | { cookie: string; csrf: string }
    body?: unknown
    host?: string
    headers?: Record<string, string>
  }): Promise<LightMyRequestResponse>
  /** Adds an operator with the command's code and enrols them through the API (signed in). */
  operator(email: string, role: OperatorRole, brands?: BrandScope): Promise<Operator>
  signIn(email: string, password: string, code: string): Promise<LightMyRequestResponse>
  /**
   * Submits a valid application on carfinance (or the brand's affiliate key given) through the API, on
   * that brand's host.
   */
  submit(key: string, change?: (payload: Record<string, unknown>) => void): Promise<void>
  /** A POST to the applicant's API (JSON, the anti-forgery pair) on a brand's host. */
  applicantPost(url: string, body: unknown, brand?: string): Promise<LightMyRequestResponse>
  logText(): string
  close(): Promise<void>
}

export async function startBackOffice(
  engine: Engine,
  env: Record<string, string> = {},
  /** Sent with every request, e.g. `x-forwarded-proto: https` from a trusted proxy in production. */
  everyRequest: Record<string, string> = {},
): Promise<BackOfficeApp> {
  const testDatabase = await engine.open()
  await migrateToLatest(testDatabase.database)
  const config = loadConfig({ ...TEST_ENV, ...env })
  const clock = testClock()
  const lines: string[] = []
  const app = await buildApp(config, {
    db: testDatabase.database,
    logger: { stream: { write: (line) => lines.push(line) } },
    backOffice: { now: clock.now, failureDelayBaseMs: 0 },
  })
  await app.ready()
  const applicantHeaders = await writeHeaders(app)
  const csrfResponse = await app.inject({
    method: 'GET',
    url: '/api/back-office/csrf',
    headers: { host: BACK_OFFICE, ...everyRequest },
  })
  const csrfCookie = csrfResponse.cookies[0]!
  const anonymous = {
    cookie: `${csrfCookie.name}=${csrfCookie.value}`,
    csrf: (csrfResponse.json() as { token: string }).token,
  }

  const request: BackOfficeApp['request'] = async ({ method, url, as, body, host, headers }) => {
    const options: InjectOptions = {
      method,
      url,
      headers: {
        host: host ?? BACK_OFFICE,
        ...everyRequest,
        ...(as === undefined ? {} : { cookie: as.cookie, 'x-csrf-token': as.csrf }),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
    }
    const response = await app.inject(options)
    // Every answer a test sees is checked against the contract the back office reads it by.
    assertContract(method, url, response)
    return response
  }

  const signIn: BackOfficeApp['signIn'] = (email, password, code) =>
    request({
      method: 'POST',
      url: '/api/back-office/sign-in',
      as: anonymous,
      body: { email, password, code },
    })

  const sessionFrom = (response: LightMyRequestResponse): { cookie: string; csrf: string } => {
    const session = response.cookies.find((cookie) =>
      ['forecourt-back-office', '__Host-forecourt-back-office'].includes(cookie.name),
    )
    if (session === undefined)
      throw new Error(`no session cookie (${response.statusCode} ${response.body})`)
    return { cookie: `${anonymous.cookie}; ${session.name}=${session.value}`, csrf: anonymous.csrf }
  }

  const operator: BackOfficeApp['operator'] = async (email, role, brands = 'all') => {
    const { operator: row, enrolment } = await addOperator(
      testDatabase.database.db,
      { email, role, brands },
      clock.now(),
      null,
    )
    const chose = await request({
      method: 'POST',
      url: '/api/back-office/enrolment/password',
      as: anonymous,
      body: { token: enrolment.token, password: PASSWORD },
    })
    if (chose.statusCode !== 200) throw new Error(`password: ${chose.statusCode} ${chose.body}`)
    const secret = (chose.json() as { totp: { secret: string } }).totp.secret
    const confirmed = await request({
      method: 'POST',
      url: '/api/back-office/enrolment/confirm',
      as: anonymous,
      body: { token: enrolment.token, code: codeAt(secret, clock.now()) },
    })
    if (confirmed.statusCode !== 200)
      throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`)
    // The next code is a later step: a code is never accepted twice.
    clock.advance(30_000)
    return { id: row.id, email, secret, ...sessionFrom(confirmed) }
  }

  const applicantPost: BackOfficeApp['applicantPost'] = (url, body, brand = 'carfinance') =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      // A page files an application with its own site's brand only, as the browser that started it.
      headers: withBrowserSecret(url, {
        'content-type': 'application/json',
        ...applicantHeaders,
        host: `${brand}.localhost`,
      }),
    })

  const submit: BackOfficeApp['submit'] = async (key, change) => {
    const payload = validSubmission(key) as unknown as Record<string, unknown>
    change?.(payload)
    const brand =
      Object.values(brands).find((each) => each.affiliateKey === payload.affiliateKey)?.id ??
      'carfinance'
    const response = await applicantPost(`/api/submission/${key}`, payload, brand)
    if (response.statusCode !== 201)
      throw new Error(`submit: ${response.statusCode} ${response.body}`)
  }

  return {
    app,
    database: testDatabase.database,
    clock,
    anonymous,
    request,
    operator,
    signIn,
    submit,
    applicantPost,
    logText: () => lines.join(''),
    close: async () => {
      await app.close()
      await testDatabase.cleanup()
    },
  }
}
