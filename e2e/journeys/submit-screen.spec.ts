// The submit screen in the browser, against the real server: a refused submission stays on the
// page with the reference and the broker's contact details (docs/decisions/1523), the countdown
// counts down (decision 1529), and Back after submitting says the application was sent
// (decision 1530).
import { expect, test, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { REFERENCE, expectThankYouPage } from '../support/journey'

/** A complete application in this tab, as if every screen had been answered, terms not yet agreed. */
async function seedCompleteApplication(
  page: Page,
  change: (state: ApplicationState) => void = () => {},
): Promise<string> {
  const state = filledState()
  const guid = randomUUID()
  Object.assign(state, { GUID: guid, applicationKey: guid })
  state.form.vehicle.vrm = ''
  state.form.loanAmountCompleted = true
  state.completedSteps = ['optins']
  state.form.isAgreedTermsAndConditions = false
  change(state)
  // Seeded before the app's own scripts run, once, so nothing the page saves can overwrite it.
  await page.addInitScript((saved) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('forecourt.application', saved)
    sessionStorage.setItem('e2e-seeded', '1')
  }, JSON.stringify(state))
  return guid
}

async function agreeAndSubmit(page: Page) {
  await page.goto(brandUrl('carfinance', '/before-you-submit'))
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible()
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().includes('/api/submission/'),
  )
  await page.getByRole('button', { name: 'Submit application' }).click()
  return answer
}

async function expectRefusalShown(page: Page, reference: string, kept: boolean) {
  await expect(page).toHaveURL(brandUrl('carfinance', '/submit'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your application could not be sent automatically',
  )
  await expect(page).toHaveTitle(
    'Your application could not be sent automatically – Car Finance Direct',
  )
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your application could not be sent to us automatically.' +
      (kept ? ' We have kept the details you sent.' : '') +
      `Please call or email us and quote your reference ${reference}, so that we can finish ` +
      'your application with you.',
  )
  const main = page.getByRole('main')
  await expect(
    main.getByRole('heading', { level: 2, name: 'Contact Car Finance Direct' }),
  ).toBeVisible()
  await expect(main.getByRole('link', { name: '0113 496 0745' })).toHaveAttribute(
    'href',
    'tel:+441134960745',
  )
  await expect(main.getByRole('link', { name: 'hello@carfinance.example' })).toHaveAttribute(
    'href',
    'mailto:hello@carfinance.example',
  )
  await expect(page.getByText(/You will be taken to/)).toHaveCount(0)
  await expectNoAxeViolations(page)
  // Well past the 5 s redirect: still here.
  await page.waitForTimeout(6_000)
  await expect(page).toHaveURL(brandUrl('carfinance', '/submit'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your application could not be sent automatically',
  )
}

test('the real server refuses an application whose stored answers were tampered with: no redirect, the reference and the contact details', async ({
  page,
}) => {
  test.setTimeout(60_000)
  // An email address the browser's form would never let through, put straight into the saved
  // answers: the journey counts the step as answered, the server's schema refuses it.
  await seedCompleteApplication(page, (state) => void (state.form.email = 'not-an-address'))
  const response = await agreeAndSubmit(page)
  expect(response.status()).toBe(400)
  const answer = (await response.json()) as {
    error: string
    errors: { field: string }[]
    reference?: string
    status?: string
  }
  expect(answer.error).toBe('Invalid submission')
  expect(answer.errors.map((error) => error.field)).toContain('email')
  // The server's reference when it gives one, else the one the page works out from the key.
  const shown =
    answer.reference ??
    REFERENCE.exec((await page.getByRole('main').getByRole('status').textContent()) ?? '')?.[0]
  expect(shown).toMatch(REFERENCE)
  await expectRefusalShown(page, shown!, answer.status === 'needs-attention')
})

test('a refusal the server kept for follow-up says so, with the server’s reference', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await seedCompleteApplication(page)
  await page.route('**/api/submission/**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Invalid submission',
        errors: [{ field: 'securityAddress.residentialStatus', message: 'is missing' }],
        reference: 'FC-TEST-REF1',
        status: 'needs-attention',
      }),
    }),
  )
  await agreeAndSubmit(page)
  await expectRefusalShown(page, 'FC-TEST-REF1', true)
})

test('the submit screen counts down to the thank-you page, announced once, which survives a reload', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await seedCompleteApplication(page)
  const response = await agreeAndSubmit(page)
  expect(response.status()).toBe(201)
  const { reference } = (await response.json()) as { reference: string }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your application has been sent')
  const countdown = page.locator('p[aria-hidden="true"]', { hasText: 'You will be taken to' })
  const announced = page.locator('.visually-hidden[role="status"]')
  await expect(announced).toHaveText('You will be taken to the confirmation page in 5 seconds.')
  const seen = new Set<string>()
  const watching = (async () => {
    while (page.url().endsWith('/submit')) {
      const text = await countdown.textContent({ timeout: 200 }).catch(() => null)
      if (text) seen.add(text)
      await page.waitForTimeout(100)
    }
  })()
  await expectThankYouPage(page, 'carfinance', { reference })
  await watching
  for (const seconds of ['4 seconds', '3 seconds', '2 seconds', '1 second']) {
    expect([...seen]).toContain(`You will be taken to the confirmation page in ${seconds}.`)
  }

  // Reloading the thank-you page keeps it, with the server's reference.
  await page.reload()
  await expectThankYouPage(page, 'carfinance', { reference })
})

test('Back after submitting says the application was sent, with the reference and the way on', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await seedCompleteApplication(page)
  const response = await agreeAndSubmit(page)
  const { reference } = (await response.json()) as { reference: string }
  await expectThankYouPage(page, 'carfinance', { reference })

  await page.goBack()
  await expect(page).toHaveURL(brandUrl('carfinance', '/before-you-submit'))
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeDisabled()
  // At the top, where the screen starts (not scrolled back down to the disabled buttons).
  await expect(
    page.getByText(`Your application has been sent (reference ${reference}).`),
  ).toBeInViewport()
  await expect(page.getByText('Your answers can no longer be changed.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'See your reference and what happens next' }).click()
  await expectThankYouPage(page, 'carfinance', { reference })
})
