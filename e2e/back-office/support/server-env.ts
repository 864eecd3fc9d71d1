import { E2E_PORT, e2eServerEnv } from '../../support/env'

/** The fake lender's port (loopback only). */
export const FAKE_LENDER_PORT = Number(process.env.E2E_LENDER_PORT ?? E2E_PORT + 1000)

export const FAKE_LENDER = `http://127.0.0.1:${FAKE_LENDER_PORT}`

/** The origin CORS_ORIGINS lists: a brand's site, as a deployment with its API on another host has. */
export const LISTED_ORIGIN = `http://carfinance.localhost:${E2E_PORT}`

/** The server's environment in the back-office journey; the operators command gets the same. */
export function BACK_OFFICE_ENV(): Record<string, string> {
  const dataDir = process.env.E2E_BACK_OFFICE_DATA_DIR
  const dataKey = process.env.E2E_BACK_OFFICE_DATA_KEY
  const secret = process.env.E2E_BACK_OFFICE_LENDER_SECRET
  if (!dataDir || !dataKey || !secret)
    throw new Error('Run through e2e/back-office/playwright.config.ts')
  return {
    ...e2eServerEnv(dataDir),
    FORECOURT_DATA_KEY: dataKey,
    // A brand's site may call the applicant's API across origins; never the back office's (decision 2114).
    CORS_ORIGINS: LISTED_ORIGIN,
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: [{ id: 'fake-lender', url: `${FAKE_LENDER}/applications`, secret }],
    }),
  }
}

/** The secret the fake lender's destination signs with, both ways. */
export function LENDER_SECRET(): string {
  const secret = process.env.E2E_BACK_OFFICE_LENDER_SECRET
  if (!secret) throw new Error('Run through e2e/back-office/playwright.config.ts')
  return secret
}
