// The back office cannot be read from another origin, even one CORS_ORIGINS lists (decision 2114): in
// Chromium, an operator signed in to the back office opens a page on a listed origin (a brand's site), whose
// script asks the back office's API for the applications with the operator's cookies; the browser gives it
// nothing to read.
import { expect, test } from '@playwright/test'
import { E2E_PORT } from '../support/env'
import { addOperator, authenticator } from './support/back-office'

test('a script on an origin CORS_ORIGINS lists cannot read the back office with the operator’s session', async ({
  page,
}) => {
  await page.goto(addOperator(`cors-${Date.now()}@broker.example`, 'admin'))
  await page.getByLabel('New password').fill('a long enough passphrase')
  await page.getByLabel('Type the password again').fill('a long enough passphrase')
  await page.getByRole('button', { name: 'Continue' }).click()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)

  // The listed origin: the applicant's API answers it across origins.
  await page.goto(`http://carfinance.localhost:${E2E_PORT}/`)
  const applicant = await page.evaluate(async (port) => {
    const answer = await fetch(`http://carfinance.localhost:${port}/api/csrf`, {
      credentials: 'include',
    })
    return answer.status
  }, E2E_PORT)
  expect(applicant).toBe(200)
  const outcome = await page.evaluate(async (port) => {
    try {
      const answer = await fetch(
        `http://backoffice.localhost:${port}/api/back-office/applications`,
        {
          credentials: 'include',
        },
      )
      return { read: await answer.text() }
    } catch (error) {
      return { refused: String(error) }
    }
  }, E2E_PORT)
  expect(outcome).toEqual({ refused: 'TypeError: Failed to fetch' })
})
