// Save and come back later in Chromium (docs/requirements.md#save-and-come-back-later): the answers are
// saved on one browser, the link is read from the email the server sent to a real SMTP server, and a
// second browser (no shared storage) opens it, passes the date-of-birth check, lands on the screen left
// with the same answers, finishes and submits. Then a used, an expired, a tampered and a voided link, and
// the 6-digit code on every brand host. axe on every new page.
import { expect, test, type Page } from '@playwright/test'
import { ADA, aboutYou, agreeAndSubmit, circumstancesAndConsent } from '../support/answers'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl, expectedBrands } from '../support/brands'
import { choose, expectThankYouPage, findAddress, step, yearsMonths } from '../support/journey'
import { engineerApplyingAlone, vehicleLoanOnCarfinance } from '../support/walks'
import { emailTo, enterDateOfBirth, expireLink, linkEmailRow } from './support/links'
import { inbox, type InboxMessage } from './support/server-env'

const LINK = /(http:\/\/[a-z.]+:\d+\/continue\/([A-Za-z0-9_-]{43}))/

function linkIn(message: InboxMessage): { url: string; token: string } {
  const match = LINK.exec(message.text)
  if (!match) throw new Error(`No link in the email:\n${message.text}`)
  return { url: match[1]!, token: match[2]! }
}

async function saveForLater(page: Page, email: string | undefined): Promise<void> {
  await page.getByRole('button', { name: 'Save and come back later' }).click()
  await expect(page).toHaveURL(/\/save\?from=/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Save your answers and come back later' }),
  ).toBeVisible()
  await expect(
    page.getByText(
      'We will email you a link to continue your application. The link works once, on any device, for 7 days. We keep the answers you have given so far until then.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const field = page.getByRole('textbox', { name: 'Email address' })
  if (email === undefined) {
    await expect(field).not.toHaveValue('')
  } else {
    await expect(field).toHaveValue('')
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await expect(page.locator('.error-summary')).toBeFocused()
    await expect(page.getByRole('link', { name: 'Please enter your email address.' })).toBeVisible()
    await expectNoAxeViolations(page)
    await field.fill(email)
  }
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
  await expectNoAxeViolations(page)
}

async function expectExpiredPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/continue$/)
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible()
  await expect(
    page.getByText(
      'Links work once and for 7 days, and stop working after 5 wrong answers. Enter the email address the link was sent to and we will send you a new one.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
}

test('carfinance: saved on one browser, continued on another after the date of birth, then submitted', async ({
  browser,
}) => {
  const email = `ada.${Date.now()}@example.com`
  const first = await browser.newContext()
  const page = await first.newPage()
  await page.goto(brandUrl('carfinance', '/'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await vehicleLoanOnCarfinance(page)
  await aboutYou(page, { ...ADA, email })
  await step(page, '/address/1', () => findAddress(page, 'm11ae'))
  await expect(page).toHaveURL(/\/address-length\/1$/)
  await page.getByRole('textbox', { name: 'Years' }).fill('5')
  await page.waitForTimeout(250)

  await saveForLater(page, undefined)
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveCount(0)
  await expect(
    page.getByText(`We have sent a link to a…@example.com if that address is right.`),
  ).toBeVisible()
  await expect(
    page.getByText(
      /^The link works once, on any device, until \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d\d[ap]m\. Open it to continue where you left off\.$/,
    ),
  ).toBeVisible()
  // Going on after saving: the answers behind the link follow.
  await page.getByRole('link', { name: 'Continue your application now' }).click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/address-length/1'))
  await expect(page.getByRole('textbox', { name: 'Years' })).toHaveValue('5')
  const refreshed = page.waitForResponse(
    (response) => response.url().includes('/api/saved-answers/') && response.status() === 202,
  )
  await page.getByRole('textbox', { name: 'Years' }).fill('6')
  await refreshed
  await page.waitForTimeout(2500)
  await first.close()

  const message = await emailTo(email)
  expect(message.subject).toBe('Continue your application')
  expect(message.text).toContain('Continue your application:')
  expect(message.text).toContain('When the page asks for it, enter your date of birth.')
  const { url, token } = linkIn(message)
  expect(url.startsWith(brandUrl('carfinance', '/continue/'))).toBe(true)
  // It came from the email outbox, and once sent its row keeps neither the token nor the address.
  await expect.poll(() => linkEmailRow(token)?.status).toBe('sent')
  const row = linkEmailRow(token)!
  expect(row).toMatchObject({ template: 'continue-link', attempts: 1, sealed: null })
  expect(JSON.stringify(row)).not.toContain(token)
  expect(JSON.stringify(row)).not.toContain(email)

  // Another browser: nothing of the first one's storage.
  const second = await browser.newContext()
  const other = await second.newPage()
  await other.goto(url)
  await expect(other).toHaveURL(brandUrl('carfinance', '/continue'))
  await expect(
    other.getByRole('heading', { level: 1, name: 'Enter your date of birth to see your answers' }),
  ).toBeVisible()
  await expectNoAxeViolations(other)
  await enterDateOfBirth(other, '8', '3', '1990')
  await expect(
    other.getByRole('link', {
      name: 'That date of birth does not match the application. You can try 4 more times.',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(other)
  await enterDateOfBirth(other, '07', '03', '1990')
  await expect(other).toHaveURL(brandUrl('carfinance', '/address-length/1'))
  await expect(other.getByRole('textbox', { name: 'Years' })).toHaveValue('6')

  // The rest of the journey, and the submission, on the second browser.
  await step(other, '/address-length/1', () => yearsMonths(other, '5', '2'), { emptyFails: false })
  await step(other, '/residential-status/1', () => choose(other, 'Private tenant'))
  await engineerApplyingAlone(other)
  await circumstancesAndConsent(other)
  await agreeAndSubmit(other)
  const reference = await expectThankYouPage(other, 'carfinance')

  // The link worked once, and its application has been sent since: the page says it is with the broker,
  // with its reference and how to reach them, and offers no new link that would never come (decision 2134).
  const again = await second.newPage()
  await again.goto(url)
  await expect(again).toHaveURL(/\/continue$/)
  await expect(
    again.getByRole('heading', { level: 1, name: 'Your application has already been sent' }),
  ).toBeVisible()
  await expect(again).toHaveTitle('Your application has already been sent – Car Finance Direct')
  await expect(
    again.getByText(
      `It is with Car Finance Direct, reference ${reference}: there is nothing more to fill in, and this link is no longer needed. Please quote the reference if you contact us.`,
    ),
  ).toBeVisible()
  await expect(again.getByRole('main').getByRole('link', { name: '0113 496 0745' })).toBeVisible()
  await expect(again.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0)
  await expectNoAxeViolations(again)
  await second.close()
})

test('an expired, a tampered and a voided link each show the expired page, which sends a new link', async ({
  browser,
}) => {
  const email = `grace.${Date.now()}@example.com`
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(brandUrl('harbourlend', '/'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  const screen = new URL(page.url()).pathname
  await saveForLater(page, email)
  const { url, token } = linkIn(await emailTo(email))

  const tampered = url.replace(token, `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`)
  await page.goto(tampered)
  await expectExpiredPage(page)

  expireLink(token)
  await page.goto(url)
  await expectExpiredPage(page)

  // A new link to the same address; it asks for the code (no date of birth was given yet).
  const before = (await inbox()).length
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(page.getByText('If this address is right, we have sent a link to it.')).toBeVisible()
  const fresh = await emailTo(email, before)
  const next = linkIn(fresh)
  await page.goto(next.url)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Enter the code from the email to see your answers',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const code = /enter this code: (\d{6})/.exec(fresh.text)![1]!
  const wrong = code === '000000' ? '000001' : '000000'
  for (const left of ['4 more times', '3 more times', '2 more times', '1 more time']) {
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(wrong)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('link', {
        name: `That code does not match the one we sent. You can try ${left}.`,
      }),
    ).toBeVisible()
  }
  await page.getByRole('textbox', { name: 'Code from the email' }).fill(wrong)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expectExpiredPage(page)
  // Void: even the right code no longer opens it.
  await page.goto(next.url)
  await expectExpiredPage(page)
  expect(screen).toMatch(/^\/[a-z-]+$/)
  await context.close()
})

for (const brand of expectedBrands) {
  test(`${brand.label}: a link saved before the date of birth opens with the emailed code on the screen left`, async ({
    browser,
  }) => {
    const email = `${brand.label}.${Date.now()}@example.com`
    const first = await browser.newContext()
    const page = await first.newPage()
    await page.goto(brandUrl(brand.label, '/'))
    await page.getByRole('link', { name: 'Start your application' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    const screen = new URL(page.url()).pathname
    await saveForLater(page, email)
    await first.close()

    const message = await emailTo(email)
    const { url } = linkIn(message)
    expect(url.startsWith(brandUrl(brand.label, '/continue/'))).toBe(true)
    const code = /enter this code: (\d{6})/.exec(message.text)?.[1]
    expect(code).toMatch(/^\d{6}$/)

    const second = await browser.newContext()
    const other = await second.newPage()
    await other.goto(url)
    await other.getByRole('textbox', { name: 'Code from the email' }).fill(code!)
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other).toHaveURL(brandUrl(brand.label, screen))
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible()
    await second.close()
  })
}
