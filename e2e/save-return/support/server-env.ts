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
