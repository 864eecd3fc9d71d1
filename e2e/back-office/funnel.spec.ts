// The funnel as a broker uses it (decision 2112), in Chromium against the real server: two people walk the
// form as people do, one on Car Finance Direct from a TV advert, who answers two questions and stops at the
// third, one on Mile Broker from a radio advert, who leaves at the first question; an analyst made by
// `npm run operators -- add` enrols and sees, on the Funnel page, each source's people at each question and
// where they stopped, and nothing else of the back office. Axe runs on the page.
import { expect, test, type Browser } from '@playwright/test'
import { E2E_PORT } from '../support/env'
import { loanAmount, termInYears } from '../support/answers'
import { addOperator, authenticator, checkPage } from './support/back-office'

async function visit(browser: Browser, brand: string, source: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`http://${brand}.localhost:${E2E_PORT}/?utm_source=${source}`)
  await page.getByRole('link', { name: 'Start your application' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  return { page, context }
}

test('a broker sees where applicants from two sources stopped, and an analyst sees nothing else', async ({
  browser,
  page,
}) => {
  const tv = await visit(browser, 'carfinance', 'tv')
  await loanAmount(tv.page, '12,000')
  await termInYears(tv.page, '4')
  const stoppedAt = await tv.page.getByRole('heading', { level: 1 }).innerText()
  const radio = await visit(browser, 'milebroker', 'radio')
  const leftAt = await radio.page.getByRole('heading', { level: 1 }).innerText()
  // The beacons of the last screens, and the counters' next write.
  await tv.page.waitForTimeout(1_000)
  await tv.context.close()
  await radio.context.close()

  await page.goto(addOperator(`analyst-${Date.now()}@broker.example`, 'analyst'))
  await page.getByLabel('New password').fill('counting people not names')
  await page.getByLabel('Type the password again').fill('counting people not names')
  await page.getByRole('button', { name: 'Continue' }).click()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  // An analyst reads no application: the back office opens on the funnel.
  await expect(page).toHaveURL(/\/funnel$/)
  await checkPage(page, 'Funnel – Forecourt back office', { focused: false })
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link')).toHaveText(['Funnel'])

  const sources = page.getByRole('table', { name: 'Conversion by source' })
  await expect(sources.getByRole('row', { name: /^radio/ })).toHaveText(/^radio1000/)
  await expect(sources.getByRole('row', { name: /^tv/ })).toHaveText(/^tv1000/)

  await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption('tv')
  await page.getByRole('button', { name: 'Show the funnel' }).click()
  const steps = page.getByRole('table', { name: 'People at each question' })
  await expect(steps.getByRole('row', { name: /^How much would you like to borrow\?/ })).toHaveText(
    'How much would you like to borrow?1100%0',
  )
  await expect(
    steps.getByRole('row', { name: /^How long would you like to borrow for\?/ }),
  ).toHaveText('How long would you like to borrow for?1100%0')
  await expect(
    steps.getByRole('row', { name: new RegExp(`^${stoppedAt.replace('?', '\\?')}`) }),
  ).toHaveText(`${stoppedAt}101100%0`)
  await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption('radio')
  await page.getByRole('button', { name: 'Show the funnel' }).click()
  await expect(
    steps.getByRole('row', { name: new RegExp(`^${leftAt.replace('?', '\\?')}`) }),
  ).toHaveText(`${leftAt}101100%0`)
  await checkPage(page, 'Funnel – Forecourt back office', { focused: false })
})
