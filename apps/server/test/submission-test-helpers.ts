// Shared by the submission, partial-save and encryption tests: the real app over a database of either
// engine, write headers that pass the anti-forgery check, and valid bodies with fresh keys.

import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { brands } from '@forecourt/domain/brands/brand-data'
import {
  toFullSubmissionPayload,
  type FullSubmissionPayload,
} from '@forecourt/domain/payload/full-payload'
import { toPartialPayload, type PartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { expect } from 'vitest'
import { buildApp } from '../src/app'
import { unixSeconds, webhookHeaders } from '../src/delivery/signing'
import { loadConfig, type Config } from '../src/config'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { brandForAffiliateKey } from '../src/routes/api/submission'
import { withBrowserSecret } from '../faults/support/browser-secret'
import type { Engine } from './test-databases'
import { assertApplicantAnswers, checkApplicantAnswers } from './applicant-contract'

/** Two lenders for the default brand, so every stored submission has two outbox rows. */
export const TEST_LENDERS = {
  carfinance: [
    {
      id: 'lender-a',
      url: 'https://lender-a.example/applications',
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    },
    {
      id: 'lender-b',
      url: 'https://lender-b.example/applications',
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    },
  ],
}

export const TEST_ENV: Record<string, string> = {
  // The database is given to the app; it has no folder or front end of its own.
  DATA_DIR: '/nonexistent',
  WEB_DIST_DIR: '/nonexistent',
  LOG_LEVEL: 'info',
  // Thousands of requests from one address: the rate limits are tested elsewhere.
  RATE_LIMIT_WRITES_PER_MINUTE: '0',
  RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
  RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
  // Bursts of fifty from one address: the cap per client is tested in load-shedding.test.ts.
  LOAD_SHEDDING_MAX_PER_CLIENT: '0',
  // Deliveries are enqueued, never attempted, so the outbox rows stay as written.
  DELIVERY_WORKER: 'off',
  RETENTION_JOB: 'off',
  // No folder to anchor the audit log's head in: the anchor is tested with a folder of its own.
  AUDIT_ANCHOR_FILE: 'off',
  LENDER_DESTINATIONS: JSON.stringify(TEST_LENDERS),
}

export interface EngineApp {
  app: FastifyInstance
  database: Database
  /** The configuration the app was built from (a test's own email sender uses it). */
  config: Config
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<Answer>
  /** Every log line written so far. */
  logText(): string
  close(): Promise<void>
}

export interface Answer {
  statusCode: number
  body: string
  headers: LightMyRequestResponse['headers']
  json(): unknown
}

/** The app over a fresh, migrated database of `engine`; its close() fails with any answer outside the applicant contract. */
export async function startEngineApp(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<EngineApp> {
  const testDatabase = await engine.open()
  try {
    await migrateToLatest(testDatabase.database)
    const config = loadConfig({ ...TEST_ENV, ...env })
    const lines: string[] = []
    const app = await buildApp(config, {
      db: testDatabase.database,
      logger: { stream: { write: (line) => lines.push(line) } },
    })
    const mismatches = checkApplicantAnswers(app)
    const headers = await writeHeaders(app)
    return {
      app,
      database: testDatabase.database,
      config,
      post: (url, body, extra = {}) => postJson(app, url, body, { ...headers, ...extra }),
      logText: () => lines.join(''),
      close: async () => {
        await app.close()
        await testDatabase.cleanup()
        assertApplicantAnswers(mismatches())
      },
    }
  } catch (error) {
    await testDatabase.cleanup()
    throw error
  }
}

/** A cookie and header pair from GET /api/csrf; none when the app has no anti-forgery check. */
export async function writeHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf' })
  if (response.statusCode !== 200) return {}
  const token = (response.json() as { token?: unknown }).token
  const cookie = response.cookies[0]
  if (typeof token !== 'string' || cookie === undefined) return {}
  return { cookie: `${cookie.name}=${cookie.value}`, 'x-csrf-token': token }
}

/**
 * POSTs a body as JSON; a string is sent as it is (malformed JSON, a huge body). A write to an application
 * carries the secret of the browser that started it unless the headers give one (decision 1801).
 */
export async function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  // A body is sent from its own brand's site unless the test names another host: the server refuses an
  // affiliate key of another brand than the site's (decision 1573).
  const brand =
    typeof body === 'object' && body !== null
      ? brandForAffiliateKey((body as { affiliateKey?: unknown }).affiliateKey)
      : undefined
  const options: InjectOptions = {
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: withBrowserSecret(url, {
      'content-type': 'application/json',
      ...(brand === undefined ? {} : { host: `${brand}.localhost` }),
      ...headers,
    }),
  }
  const response = await app.inject(options)
  return {
    statusCode: response.statusCode,
    body: response.body,
    headers: response.headers,
    json: () => JSON.parse(response.body) as unknown,
  }
}

/** A complete, valid single application on the carfinance brand under a new key. */
export function validSubmission(key: string = randomUUID()): FullSubmissionPayload {
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  return toFullSubmissionPayload(state, { brand: brands.carfinance, now: new Date() })
}

/** What the browser saves in the background for the same application. */
export function partialPayload(key: string = randomUUID()): PartialPayload {
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  return toPartialPayload(state, { brand: brands.carfinance, now: new Date() })
}

/**
 * A payload as stored (decision 1572): the address the server saw (inject's 127.0.0.1) and the time it was
 * received stamped on it, the address the page sent kept as the client's own.
 */
export function asReceived(body: object, remoteAddress = '127.0.0.1'): Record<string, unknown> {
  const { remoteAddress: clientRemoteAddress, ...rest } = body as Record<string, unknown>
  return {
    ...rest,
    ...(clientRemoteAddress === undefined ? {} : { clientRemoteAddress }),
    remoteAddress,
    dateReceived: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  }
}

export const submissionUrl = (key: string) => `/api/submission/${key}`
export const applicationUrl = (key: string) => `/api/application/${key}`

export { countRows } from '../faults/support/stored-rows'

/** A lender's decision posted to the real app, signed with its destination's secret (decision 1656). */
export function postSignedDecision(
  app: FastifyInstance,
  lender: { id: string; secret: string },
  body: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/lender-decisions/${lender.id}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders({
        id: `msg_${randomUUID()}`,
        timestamp: unixSeconds(new Date()),
        body,
        secret: lender.secret,
      }),
    },
  })
}
