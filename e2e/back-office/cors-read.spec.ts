// A script on an origin CORS_ORIGINS lists cannot read the back office with a signed-in operator's
// browser: no Access-Control-* header answers it, and the server refuses the read as another site's
// (decision 2114). The server-side rules are checked over HTTP in apps/server/test/back-office-cors.test.ts.
import { expect, test } from '@playwright/test'
import baseConfig from '../playwright.config'
import { E2E_PORT } from '../support/env'
import { addOperator, authenticator } from './support/back-office'
import { LISTED_ORIGIN } from './support/server-env'

const BACK_OFFICE = `http://backoffice.localhost:${E2E_PORT}`

// The page on the listed origin below is served by the test, so Chromium counts it as public and
// would refuse its calls to loopback before the server is asked; a real listed origin is no such page.
const launchOptions = baseConfig.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
})

test('a page on a listed origin cannot read the back office with the operator’s session', async ({
  page,
}) => {
  const email = `cors-${Date.now()}@broker.example`
  const password = 'a passphrase nobody else reads'
  await page.goto(addOperator(email, 'admin'))
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Type the password again').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Set up your authenticator app/)
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications/, { timeout: 15_000 })
  // The operator's own page reads the list.
  const own = await page.evaluate(async () => (await fetch('/api/back-office/applications')).status)
  expect(own).toBe(200)

  // The same browser, on the listed origin (the applicant's API answers it across origins).
  // Another page on that origin, without the applicant pages' Content-Security-Policy (which would stop
  // the script's fetch before the server is asked): what a script on a listed origin can do.
  await page.route(`${LISTED_ORIGIN}/elsewhere`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Elsewhere</title><h1>Elsewhere</h1></html>',
    }),
  )
  await page.goto(`${LISTED_ORIGIN}/elsewhere`)
  for (const path of [
    '/api/back-office/applications',
    '/api/back-office/csrf',
    '/api/back-office/session',
  ]) {
    const read = await page.evaluate(async (url) => {
      try {
        const response = await fetch(url, { credentials: 'include' })
        return `read ${response.status}: ${await response.text()}`
      } catch (error) {
        return `refused: ${(error as Error).name} ${(error as Error).message}`
      }
    }, `${BACK_OFFICE}${path}`)
    expect(read, path).toBe('refused: TypeError Failed to fetch')
  }
})
