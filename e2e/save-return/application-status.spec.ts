// The applicant's own page (decision 2113) in Chromium against the real server: an application submitted on
// milebroker goes to two lenders; its confirmation email, read from the SMTP server, carries the one-time
// link; both lenders post signed decisions with offers, one open and one already expired. The link opens on
// the date of birth, then the page shows each lender's answer in words and the offers side by side with the
// lenders' exact figures, at 320 pixels wide too; choosing with nothing picked is an error, choosing the open
// offer records the choice, which a reload shows again from the session cookie. A used link has expired and
// offers a new one. Axe runs on every screen.
import { expect, test, type Page } from '@playwright/test'
import { formatExpiry } from '@forecourt/domain/save-return/save-return'
import { expectNoAxeViolations } from '../support/axe'
import { expectNoHorizontalScroll } from '../back-office/support/back-office'
import {
  newestStatusLink,
  openStatusPage,
  submitAndReadStatusLink,
  twoOffers,
} from './support/offers'
import { SERVER_DATABASE_MISSING } from './support/server-env'

const TITLE = 'Your application – Mile Broker'

// Run on SQLite by the save-and-return runner and on PostgreSQL by e2e/postgres/playwright.config.ts, which
// skips it loudly when PostgreSQL does not answer.
test.skip(SERVER_DATABASE_MISSING !== undefined, SERVER_DATABASE_MISSING)

/** The cell of the offers table in the row `row` and the column of `lender`. */
function offerCell(page: Page, row: string, column: 1 | 2) {
  return page
    .getByRole('table', { name: 'The offers, side by side' })
    .getByRole('row', { name: row })
    .getByRole('cell')
    .nth(column - 1)
}

test('milebroker: the applicant opens their page from the email, compares the offers and chooses one', async ({
  browser,
  request,
}) => {
  const email = `olu.${Date.now()}@example.com`
  const submitted = await submitAndReadStatusLink(request, email)
  const { reference, key } = submitted
  expect(submitted.link.url.startsWith(`http://milebroker.localhost:`)).toBe(true)
  const expiresAt = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
  await twoOffers(request, key, expiresAt)
  // Each lender's answer is emailed with a new link, which stops the one before.
  const link = await newestStatusLink(request, email, submitted.seen, 2)
  expect(link.token).not.toBe(submitted.link.token)

  // On a phone 320 pixels wide: the page does not scroll sideways; the table scrolls in its own region.
  const context = await browser.newContext({ viewport: { width: 320, height: 720 } })
  const page = await context.newPage()
  await page.goto(link.url)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Enter your date of birth to see your application',
    }),
  ).toBeVisible()
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/application-status$/)
  await expect(page).toHaveTitle('Enter your date of birth to see your application – Mile Broker')
  await expectNoAxeViolations(page)
  await page.getByRole('textbox', { name: 'Day' }).fill('7')
  await page.getByRole('textbox', { name: 'Month' }).fill('3')
  await page.getByRole('textbox', { name: 'Year' }).fill('1985')
  await page.getByRole('button', { name: 'Continue' }).click()

  const heading = page.getByRole('heading', { level: 1, name: 'Your application', exact: true })
  await expect(heading).toBeVisible()
  await expect(heading).toBeFocused()
  await expect(page).toHaveTitle(TITLE)
  await expect(
    page.getByText(
      `Reference ${reference}. We sent your application to 2 lenders. This is what each has said so far; we will email you when there is news, without figures.`,
    ),
  ).toBeVisible()
  const answers = page.getByRole('list').filter({ hasText: 'Fake Lender' })
  await expect(answers.getByRole('listitem')).toHaveText([
    'Fake Lender: Has made you an offer.',
    'Second Lender: Its offer has expired.',
  ])

  const table = page.getByRole('table', { name: 'The offers, side by side' })
  await expect(table.getByRole('columnheader')).toHaveText(['Fake Lender', 'Second Lender'])
  const figures: Array<[string, string, string]> = [
    ['Amount of credit', '£7,500.00', '£8,000.00'],
    ['Term', '48 months', '36 months'],
    ['APR (representative of this offer only)', '21.4% APR', '19.9% APR'],
    ['Monthly payment', '£246.15', '£290.00'],
    ['Total amount payable', '£11,825.20', '£10,440.00'],
    ['Total cost of credit', '£4,325.20', '£2,440.00'],
    ['Offer open until', `${formatExpiry(expiresAt)} (UK time)`, 'Expired'],
  ]
  for (const [row, open, expired] of figures) {
    await expect(offerCell(page, row, 1)).toHaveText(open)
    await expect(offerCell(page, row, 2)).toHaveText(expired)
  }
  await expectNoHorizontalScroll(page)
  await expectNoAxeViolations(page)

  // Only the open offer can be chosen; choosing nothing is an error the summary names.
  const choices = page.getByRole('group', { name: 'Which offer would you like to go ahead with?' })
  await expect(choices.getByRole('radio')).toHaveCount(1)
  await page.getByRole('button', { name: 'I’d like to go ahead' }).click()
  // The summary takes focus, and its link names the question.
  await expect(page.getByRole('heading', { level: 2, name: 'There is a problem' })).toBeVisible()
  await expect(page.locator('.error-summary')).toBeFocused()
  await expect(
    page.getByRole('link', { name: 'Choose the offer you would like to go ahead with.' }),
  ).toHaveAttribute('href', '#offer-choice')
  await expectNoHorizontalScroll(page)
  await expectNoAxeViolations(page)

  await choices
    .getByRole('radio', { name: 'Fake Lender: £246.15 a month for 48 months, 21.4% APR' })
    .check()
  await page.getByRole('button', { name: 'I’d like to go ahead' }).click()
  const notice = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: 'Your choice' }) })
  const chosen =
    'You told us you would like to go ahead with Fake Lender’s offer. We have let Mile Broker know, and told the other lenders. We will contact you about the next steps; nothing is agreed until you sign the lender’s agreement.'
  await expect(notice.getByText(chosen)).toBeVisible()
  await expect(page.getByText('There is a problem')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'I’d like to go ahead' })).toHaveCount(0)
  await expectNoHorizontalScroll(page)
  await expectNoAxeViolations(page)

  // The session cookie opens the page again, with the choice.
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(notice.getByText(chosen)).toBeVisible()
  await expect(offerCell(page, 'Total amount payable', 1)).toHaveText('£11,825.20')
  await expectNoAxeViolations(page)
  await context.close()

  // The link worked once: opened again, elsewhere, it has expired and offers a new one.
  const elsewhere = await browser.newContext()
  const again = await elsewhere.newPage()
  await again.goto(link.url)
  await expect(
    again.getByRole('heading', { level: 1, name: 'This link has expired' }),
  ).toBeVisible()
  await expect(again).toHaveTitle('This link has expired – Mile Broker')
  await expect(
    again.getByText(
      'Links work once and for 7 days, and stop working after 5 wrong answers. Enter the email address the link was sent to and we will send you a new one.',
    ),
  ).toBeVisible()
  await expect(again.getByRole('textbox', { name: 'Email address' })).toBeVisible()
  await expect(again.getByRole('button', { name: 'Send me a new link' })).toBeVisible()
  await expectNoAxeViolations(again)
  await elsewhere.close()
})

test('milebroker: before any answer each lender is considering; without the link or a session the page points to the email', async ({
  browser,
  request,
}) => {
  const { link } = await submitAndReadStatusLink(request, `ama.${Date.now()}@example.com`)
  const context = await browser.newContext()
  const page = await context.newPage()
  await openStatusPage(page, link.url)
  await expect(
    page.getByRole('list').filter({ hasText: 'Fake Lender' }).getByRole('listitem'),
  ).toHaveText([
    'Fake Lender: Considering your application.',
    'Second Lender: Considering your application.',
  ])
  await expect(page.getByRole('table', { name: 'The offers, side by side' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await context.close()

  const other = await browser.newContext()
  const second = await other.newPage()
  await second.goto(link.url.replace(/\/[A-Za-z0-9_-]{43}$/, ''))
  await expect(
    second.getByRole('heading', { level: 1, name: 'Your application', exact: true }),
  ).toBeVisible()
  await expect(
    second.getByText(
      'Open the link in the email we sent you to see your application. To ask for a new link, or if you have a question, contact us:',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(second)
  await other.close()
})
