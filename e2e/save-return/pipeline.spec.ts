// The broker's pipeline and follow-ups (decision 2115) in Chromium against the real server: a caseworker made
// by `npm run operators -- add` enrols in the browser; an application on milebroker gets a lender's offer and
// is "Offers in"; the applicant chooses the offer on their own page and the case moves to "Offer chosen";
// the caseworker sets a follow-up for today with a note, and the pipeline shows it "Due today". Axe runs on
// every page.
import { expect, test, type Page } from '@playwright/test'
import { addOperator, authenticator, checkPage } from '../back-office/support/back-office'
import {
  decidedNow,
  lenderDecides,
  newestStatusLink,
  OPEN_OFFER,
  openStatusPage,
  submitAndReadStatusLink,
} from './support/offers'
import { SAVE_RETURN_ENV, SERVER_DATABASE_MISSING } from './support/server-env'

const TITLE = (screen: string) => `${screen} – Forecourt back office`

// Run on SQLite by the save-and-return runner and on PostgreSQL by e2e/postgres/playwright.config.ts, which
// skips it loudly when PostgreSQL does not answer.
test.skip(SERVER_DATABASE_MISSING !== undefined, SERVER_DATABASE_MISSING)

/** Today in the UK, as the date field takes it and the pipeline shows it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

/** The case's row in the pipeline's table of `stage`. */
function caseIn(page: Page, stage: string, reference: string) {
  return page
    .getByRole('region', { name: stage, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: reference, exact: true }) })
}

test('milebroker: a caseworker follows a case through the pipeline, from offers in to offer chosen, and sets a follow-up due today', async ({
  browser,
  request,
}) => {
  const email = `kofi.${Date.now()}@example.com`
  const submitted = await submitAndReadStatusLink(request, email)
  const { key, reference } = submitted
  await lenderDecides(request, 'fake-lender', {
    submissionKey: key,
    decision: 'approved',
    lenderReference: `FAKE-${Date.now()}`,
    decidedAt: decidedNow(),
    offer: {
      ...OPEN_OFFER,
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    },
  })
  const link = await newestStatusLink(request, email, submitted.seen, 1)

  // A caseworker made by the operators command, enrolled in the browser.
  const office = await browser.newContext()
  const page = await office.newPage()
  const enrolment = addOperator(
    `caseworker-pipeline-${Date.now()}@broker.example`,
    'caseworker',
    SAVE_RETURN_ENV(),
  )
  await page.goto(enrolment)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Choose a password/)
  await page.getByLabel('New password').fill('correct horse battery staple')
  await page.getByLabel('Type the password again').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Continue' }).click()
  // The password is hashed with scrypt, made slow on purpose (apps/server/src/back-office/passwords.ts): on a
  // loaded machine, with other journeys beside it, the answer can take longer than 5 s.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /Set up your authenticator app/,
    {
      timeout: 20_000,
    },
  )
  const codes = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await codes.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)

  // An offer is in: the case is in that stage, with no follow-up.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Pipeline' })
    .click()
  await expect(page).toHaveURL(/\/pipeline$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible()
  const offersIn = caseIn(page, 'Offers in', reference)
  await expect(offersIn).toHaveCount(1)
  await expect(offersIn.getByRole('cell').nth(0)).toHaveText('Mile Broker')
  await expect(offersIn.getByRole('cell').nth(1)).toHaveText('0 days')
  await expect(offersIn.getByRole('cell').nth(2)).toHaveText('None')
  await checkPage(page, TITLE('Pipeline'))

  // The applicant chooses the offer on their own page.
  const applicant = await browser.newContext()
  const own = await applicant.newPage()
  await openStatusPage(own, link.url)
  await own
    .getByRole('radio', { name: 'Fake Lender: £246.15 a month for 48 months, 21.4% APR' })
    .check()
  await own.getByRole('button', { name: 'I’d like to go ahead' }).click()
  await expect(own.getByRole('heading', { name: 'Your choice' })).toBeVisible()
  await applicant.close()

  await page.reload()
  const chosen = caseIn(page, 'Offer chosen', reference)
  await expect(chosen).toHaveCount(1)
  await expect(caseIn(page, 'Offers in', reference)).toHaveCount(0)
  await expect(chosen.getByRole('cell').nth(2)).toHaveText('None')
  await checkPage(page, TITLE('Pipeline'), { focused: false })

  // A follow-up for today, with a note.
  await chosen.getByRole('link', { name: `Set a follow-up for ${reference}` }).click()
  await expect(page).toHaveURL(new RegExp(`/pipeline/follow-up/${key}$`))
  await checkPage(page, TITLE('Set a follow-up'))
  const day = today()
  await page.getByLabel('Follow up on').fill(day)
  await page.getByRole('textbox', { name: 'What to do' }).fill('Call about the payslips')
  await page.getByRole('button', { name: 'Save the follow-up' }).click()

  await expect(page).toHaveURL(/\/pipeline$/)
  const due = caseIn(page, 'Offer chosen', reference)
  await expect(due.getByRole('cell').nth(2)).toHaveText(`Due today ${day}: Call about the payslips`)
  await expect(page.getByRole('status').filter({ hasText: 'Follow-ups:' })).toHaveText(
    /^Follow-ups: \d+ overdue, [1-9]\d* due today\.$/,
  )
  await checkPage(page, TITLE('Pipeline'))
  await office.close()
})
