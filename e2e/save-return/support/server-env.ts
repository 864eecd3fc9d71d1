import type { PlaywrightTestConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { E2E_PORT, e2eServerEnv } from '../../support/env'

/** The SMTP server the Forecourt server sends to, and the HTTP port the test reads it on. */
export const SMTP_INBOX_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2000)
export const SMTP_INBOX_HTTP_PORT = SMTP_INBOX_PORT + 1
export const SMTP_INBOX = `http://127.0.0.1:${SMTP_INBOX_HTTP_PORT}`

/** The fake lender's port (loopback only), as in the back office's journey. */
export const FAKE_LENDER_PORT = Number(process.env.E2E_LENDER_PORT ?? E2E_PORT + 1000)
export const FAKE_LENDER = `http://127.0.0.1:${FAKE_LENDER_PORT}`

export function SAVE_RETURN_ENV(): Record<string, string> {
  const dataDir = process.env.E2E_DATA_DIR
  const dataKey = process.env.E2E_SAVE_RETURN_DATA_KEY
  const secret = process.env.E2E_SAVE_RETURN_LENDER_SECRET
  if (!dataDir || !dataKey || !secret) {
    throw new Error('Run through e2e/save-return/playwright.config.ts')
  }
  const lender = [{ id: 'fake-lender', url: `${FAKE_LENDER}/applications`, secret }]
  // milebroker sends to two lenders, so the applicant's own page has offers to compare.
  const twoLenders = [
    ...lender,
    { id: 'second-lender', url: `${FAKE_LENDER}/applications`, secret },
  ]
  return {
    ...e2eServerEnv(dataDir),
    // On PostgreSQL (e2e/postgres/playwright.config.ts), the schema its global set-up made: the commands a
    // journey runs beside the server (`npm run operators`) then write where the server reads.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    FORECOURT_DATA_KEY: dataKey,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_INBOX_PORT}`,
    // The applicants' updates go with the broker's alert here, so a journey need not wait the broker's
    // head start (apps/server/test/decision-head-start.test.ts holds it to 30 minutes; decision 2133).
    BROKER_HEAD_START_MINUTES: '0',
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: lender,
      harbourlend: lender,
      milebroker: twoLenders,
      scorepal: lender,
      creditlens: lender,
    }),
  }
}

/**
 * Why the server's database is missing, in the PostgreSQL runner when TEST_DATABASE_URL does not answer (its
 * global set-up says so loudly and the journeys are skipped); undefined when the server runs.
 */
export const SERVER_DATABASE_MISSING: string | undefined = process.env.E2E_POSTGRES_SKIPPED

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number]

/**
 * The SMTP server and the fake lender the Forecourt server of these journeys sends to, as Playwright's web
 * servers of a config two folders below the repository's root (this runner's, and the PostgreSQL runner's).
 */
export const SAVE_RETURN_HELPERS: WebServer[] = [
  {
    command: 'node e2e/save-return/support/smtp-inbox.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${SMTP_INBOX_HTTP_PORT}/health`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      SMTP_INBOX_PORT: String(SMTP_INBOX_PORT),
      SMTP_INBOX_HTTP_PORT: String(SMTP_INBOX_HTTP_PORT),
    },
  },
  {
    command: 'node e2e/back-office/support/fake-lender.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${FAKE_LENDER_PORT}/health`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { FAKE_LENDER_PORT: String(FAKE_LENDER_PORT) },
  },
]

/** Set once by each runner's config, read by the server's settings and the workers (which inherit them). */
export function ensureSaveReturnSecrets(): void {
  process.env.E2E_SAVE_RETURN_DATA_KEY ??= randomBytes(32).toString('base64')
  process.env.E2E_SAVE_RETURN_LENDER_SECRET ??= `whsec_${randomBytes(32).toString('base64')}`
}

/** The secret every fake lender's destination signs with, both ways. */
export function LENDER_SECRET(): string {
  const secret = process.env.E2E_SAVE_RETURN_LENDER_SECRET
  if (!secret) throw new Error('Run through e2e/save-return/playwright.config.ts')
  return secret
}

export interface InboxMessage {
  to: string[]
  subject: string
  text: string
}

/** Every message the SMTP server has accepted so far, oldest first. */
export async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`${SMTP_INBOX}/messages`)
  return (await response.json()) as InboxMessage[]
}
