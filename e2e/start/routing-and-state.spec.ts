import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { apiRequest, brandUrl } from '../support/brands'

const STORAGE_KEY = 'forecourt.application'

async function storedState(page: import('@playwright/test').Page) {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), STORAGE_KEY)
}

test('an unknown path lands on the start screen', async ({ page }) => {
  await page.goto(brandUrl('carfinance', '/no/such/page'))
  await expect(page).toHaveURL(brandUrl('carfinance', '/'))
  await expect(page.getByRole('link', { name: 'Start your application' })).toBeVisible()
})

/**
 * The page's state once the app has finished its start-up writes (the IP lookup's answer among them), so
 * that a state the test writes is not overwritten by one the page was still saving.
 */
async function settledState(page: import('@playwright/test').Page) {
  await expect.poll(async () => (await storedState(page))?.GUID).toBeTruthy()
  await page.waitForLoadState('networkidle')
  return storedState(page)
}

test('session storage with version 1.0.0 is restored after a reload', async ({ page }) => {
  await page.goto(brandUrl('carfinance'))
  await settledState(page)
  const state = await storedState(page)
  expect(state.version).toBe('1.0.0')
  state.form.firstName = 'Restored'
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [STORAGE_KEY, JSON.stringify(state)],
  )
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const restored = await storedState(page)
  expect(restored.GUID).toBe(state.GUID)
  expect(restored.form.firstName).toBe('Restored')
  expect(restored.appliedDate).toBe(state.appliedDate)
})

test('session storage with another version is discarded and a fresh application starts', async ({
  page,
}) => {
  await page.goto(brandUrl('carfinance'))
  const state = await settledState(page)
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [
      STORAGE_KEY,
      JSON.stringify({ ...state, version: '0.9.0', form: { ...state.form, firstName: 'Old' } }),
    ],
  )
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(async () => (await storedState(page))?.version).toBe('1.0.0')
  const fresh = await storedState(page)
  expect(fresh.GUID).not.toBe(state.GUID)
  expect(fresh.form.firstName).toBe('')
})

test('start-new clears session storage, returns to the start and reloads the page', async ({
  page,
}) => {
  await page.goto(brandUrl('carfinance', '/privacy-policy'))
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect.poll(async () => (await storedState(page))?.GUID).toBeTruthy()
  const before = await storedState(page)
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true))

  await page.getByRole('button', { name: 'Start a new application' }).click()
  await page
    .getByRole('dialog', { name: 'Start a new application?' })
    .getByRole('button', { name: 'Yes, start again' })
    .click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/'))
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)
        // The reload destroys the page's context mid-poll: count that as "not reloaded yet".
        .catch(() => true),
    )
    .toBe(false)
  await expect
    .poll(async () => (await storedState(page).catch(() => null))?.GUID ?? null)
    .not.toBeNull()
  expect((await storedState(page)).GUID).not.toBe(before.GUID)
})

test('query parameters are captured at start-up', async ({ page }) => {
  await page.goto(
    brandUrl(
      'carfinance',
      '/?utm_source=news&utm_medium=email&utm_campaign=spring&token=dealer-42&sid=s-1&appid=a-9&loan-amount=12000&gclid=g-1',
    ),
  )
  await expect.poll(async () => (await storedState(page))?.GUID).toBeTruthy()
  const state = await storedState(page)
  expect(state.GUID).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  )
  expect(state.host).toBe(new URL(brandUrl('carfinance')).host)
  expect(state.subdomain).toBe('carfinance')
  expect(state.form.utmParameters).toMatchObject({
    source: 'news',
    medium: 'email',
    campaign: 'spring',
  })
  expect(state.partnerSetup.affiliateUserId).toBe('dealer-42')
  expect(state.form.sessionId).toBe('s-1')
  expect(state.applicationId).toBe('a-9')
  expect(state.form.loanAmount).toBe(12000)
  expect(state.form.gclid).toBe('g-1')
  expect(state.form.vehicleType).toBe('Car')
  await expect
    .poll(async () => (await storedState(page))?.form.remoteAddress)
    .toMatch(/127\.0\.0\.1|::1/)
})

test('legal pages: each has its heading, moves focus to it and passes axe', async ({ page }) => {
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' })
  await expect(heading).toBeFocused()
  await expect(page.getByText('Privacy Statement')).toBeVisible()
  await expect(page).toHaveTitle(/Privacy Policy/)
  await expectNoAxeViolations(page)

  await page.goto(brandUrl('carfinance', '/terms-and-conditions'))
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible()
  await expect(page.getByText(/18 or over/)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto(brandUrl('carfinance', '/cookie-policy'))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Cookie/i)
  await expect(page.getByText('forecourt.application')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the privacy banner opens the Terms & Conditions modal in-page when the brand has no external terms', async ({
  page,
}) => {
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('button', { name: /terms and conditions/i }).click()
  const modal = page.getByRole('dialog', { name: 'Terms & Conditions' })
  await expect(modal).toBeVisible()
  await expect(modal).toContainText(/English law/)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
})

test('the privacy banner links to the external terms for a partner brand', async ({ page }) => {
  await page.goto(brandUrl('scorepal'))
  const link = page.getByRole('link', { name: /terms and conditions/i }).first()
  await expect(link).toHaveAttribute('href', /^https:\/\/.*scorepal\.example/)
})

test('security headers are on the page', async ({ request }) => {
  const page = apiRequest('carfinance', '/')
  const response = await request.get(page.url, {
    headers: { ...page.headers, accept: 'text/html' },
  })
  const headers = response.headers()
  const scriptSrc = headers['content-security-policy']
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '))
  expect(scriptSrc).toContain("'self'")
  expect(scriptSrc).not.toContain('unsafe-inline')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['strict-transport-security']).toBeTruthy()
  expect(headers['referrer-policy']).toBeTruthy()
})
