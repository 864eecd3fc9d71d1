// What each applicant was shown and agreed to reaches the evidence record from a real browser
// (docs/requirements.md#evidence-and-consent-records, decision 1654): the commission disclosure on
// the start screen and again before submitting, the notices, each marketing consent per channel and
// per applicant, the soft search and the terms, and the question "How much commission will you
// receive?". The rows are read straight from the e2e server's database, on SQLite
// (e2e/playwright.config.ts) and on PostgreSQL (e2e/postgres/playwright.config.ts, decision 1931): the same
// rows on both; each hash is checked against the text the page showed.
import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import {
  address,
  aboutYou,
  jointApplicant,
  jointIncomeAndContact,
  loanAmount,
  termInYears,
} from '../support/answers'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import {
  evidenceDatabaseMissing,
  evidenceEngine,
  evidenceRows,
  type EvidenceRow,
} from '../support/evidence-rows'
import { choose, step, submissionBody, yearsMonths } from '../support/journey'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The browser's records as `kind applicant id screen`, sorted. */
const browserLines = (rows: EvidenceRow[]) =>
  rows
    .filter((row) => row.source === 'browser')
    .map((row) => `${row.kind} ${row.applicant} ${row.disclosure_id} ${row.screen}`)
    .sort()

const CHANNELS = ['email', 'sms', 'phone', 'post', 'partner-email', 'partner-sms', 'partner-phone']

async function disclosureText(page: Page, id: string): Promise<string> {
  return (await page.locator(`[data-disclosure="${id}"]`).first().textContent()) ?? ''
}

async function applicantAndIncome(page: Page) {
  await aboutYou(page)
  await address(page, 1, 'M1 1AE', '4', 'Private tenant')
  await step(page, '/employment/1', () => choose(page, 'Retired'))
  await step(page, '/employment-length/1', () => yearsMonths(page, '10'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('1800'),
  )
}

async function softSearchAndNotice(page: Page) {
  await step(page, '/soft-search', () =>
    page.getByRole('checkbox', { name: 'I agree to a soft search' }).check(),
  )
  await step(page, '/fair-processing-notice', () =>
    page.getByRole('checkbox', { name: 'I have read how my information will be used' }).check(),
  )
}

// The PostgreSQL runner without a PostgreSQL: its global set-up has said so loudly.
test.skip(evidenceDatabaseMissing !== undefined, evidenceDatabaseMissing)

test(`carfinance on ${evidenceEngine}: a single applicant’s disclosures, consents and commission question are recorded`, async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(brandUrl('carfinance'))
  // Prominent on the start screen, before anything is asked.
  const paid = page.getByRole('region', { name: 'How we are paid' })
  await expect(paid).toBeVisible()
  const startCommission = await disclosureText(page, 'commission')
  expect(startCommission).toMatch(/^Car Finance Direct is a credit broker, not a lender\./)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Start your application' }).click()

  await loanAmount(page, '9000')
  await termInYears(page, '4')
  await applicantAndIncome(page)
  await step(page, '/joint', () => choose(page, 'No'))
  await step(page, '/breathing-space', async () => {
    await choose(page, 'No', /breathing space/)
    await choose(page, 'No', /discuss your financial circumstances/)
  })
  const emailConsent =
    'Yes, I would like to hear about offers from Car Finance Direct by email. This is optional, ' +
    'does not affect your application, and you can change your mind at any time.'
  await step(page, '/optins', () => page.getByRole('checkbox', { name: emailConsent }).check(), {
    emptyFails: false,
  })
  await softSearchAndNotice(page)

  await expect(page).toHaveURL(/\/before-you-submit$/)
  await expect(page.getByRole('region', { name: 'How we are paid' })).toBeVisible()
  expect(await disclosureText(page, 'commission')).toBe(startCommission)
  const privacy = await disclosureText(page, 'privacy')
  await page.getByRole('button', { name: 'How much commission will you receive?' }).click()
  await expect(page.getByRole('status')).toContainText(
    'we will tell you how much commission we would receive from each lender',
  )
  await expectNoAxeViolations(page)
  const terms = page.getByRole('checkbox', { name: /^I agree to the terms and conditions/ })
  const termsText =
    (await page.locator('label[for="isAgreedTermsAndConditions"]').textContent()) ?? ''
  await terms.check()
  const submission = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/submission/'),
  )
  await page.getByRole('button', { name: 'Submit application' }).click()
  const key = String((await submissionBody(await submission)).submissionKey)

  await expect
    .poll(async () => browserLines(await evidenceRows(key)), { timeout: 30_000 })
    .toEqual(
      [
        'shown main commission /',
        'shown main panel /',
        ...CHANNELS.map((channel) => `shown main marketing-${channel} /optins`),
        `agreed main marketing-email /optins`,
        ...CHANNELS.filter((channel) => channel !== 'email').map(
          (channel) => `declined main marketing-${channel} /optins`,
        ),
        'shown main soft-search /soft-search',
        'agreed main soft-search /soft-search',
        'shown main fair-processing /fair-processing-notice',
        'shown main commission /fair-processing-notice',
        'shown main panel /fair-processing-notice',
        'agreed main fair-processing /fair-processing-notice',
        'shown main commission /before-you-submit',
        'shown main panel /before-you-submit',
        'shown main privacy /before-you-submit',
        'shown main terms /before-you-submit',
        'requested main commission /before-you-submit',
        'agreed main terms /before-you-submit',
      ].sort(),
    )

  const rows = await evidenceRows(key)
  const hashOf = (kind: string, id: string, screen: string) =>
    rows.find(
      (row) =>
        row.source === 'browser' &&
        row.kind === kind &&
        row.disclosure_id === id &&
        row.screen === screen,
    )?.text_hash
  // Each hash is of the exact text the page showed.
  expect(hashOf('shown', 'commission', '/')).toBe(sha256(startCommission))
  expect(hashOf('requested', 'commission', '/before-you-submit')).toBe(sha256(startCommission))
  expect(hashOf('shown', 'privacy', '/before-you-submit')).toBe(sha256(privacy))
  expect(hashOf('agreed', 'terms', '/before-you-submit')).toBe(sha256(termsText))
  expect(hashOf('agreed', 'marketing-email', '/optins')).toBe(sha256(emailConsent))
  expect(
    rows.find((row) => row.disclosure_id === 'marketing-email' && row.source === 'browser')
      ?.channel,
  ).toBe('email')
  // The submission's own records stand beside the browser's (stored with it, which the page's own
  // reports can overtake).
  await expect
    .poll(async () =>
      (await evidenceRows(key))
        .filter((row) => row.source === 'submission')
        .map((row) => `${row.kind} ${row.disclosure_id}`)
        .sort(),
    )
    .toEqual(
      [
        'agreed terms',
        'agreed soft-search',
        'agreed marketing-email',
        ...CHANNELS.filter((channel) => channel !== 'email').map(
          (channel) => `declined marketing-${channel}`,
        ),
      ].sort(),
    )
})

test(`carfinance on ${evidenceEngine}: a joint application records what was shown and chosen for the joint applicant`, async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await loanAmount(page, '9000')
  await termInYears(page, '4')
  await applicantAndIncome(page)
  await step(page, '/joint', () => choose(page, 'Yes'))
  await jointApplicant(page, 'Full UK')
  await step(page, '/joint-same-address', () => choose(page, 'Yes'))
  await step(page, '/joint-employment-add', () => choose(page, 'Retired'))
  await jointIncomeAndContact(page)
  await step(page, '/breathing-space', async () => {
    await choose(page, 'No', /breathing space/)
    await choose(page, 'No', /discuss your financial circumstances/)
  })
  await step(page, '/optins', async () => {}, { emptyFails: false })
  const jointPost =
    'Yes, the joint applicant would like to hear about offers from Car Finance Direct by post. Only ' +
    'say yes if they have told you they are happy to be contacted this way. This is optional, does ' +
    'not affect the application, and they can change their mind at any time.'
  await step(
    page,
    '/joint-optins',
    async () => {
      await expectNoAxeViolations(page)
      await page.getByRole('checkbox', { name: jointPost }).check()
    },
    { emptyFails: false },
  )
  await softSearchAndNotice(page)
  await expect(page).toHaveURL(/\/before-you-submit$/)
  await page.getByRole('checkbox', { name: /^I agree to the terms and conditions/ }).check()
  const submission = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/submission/'),
  )
  await page.getByRole('button', { name: 'Submit application' }).click()
  const key = String((await submissionBody(await submission)).submissionKey)

  const joint = (rows: EvidenceRow[]) =>
    browserLines(rows).filter((line) => line.includes(' joint '))
  await expect
    .poll(async () => joint(await evidenceRows(key)), { timeout: 30_000 })
    .toEqual(
      [
        ...CHANNELS.map((channel) => `shown joint joint-marketing-${channel} /joint-optins`),
        'agreed joint joint-marketing-post /joint-optins',
        ...CHANNELS.filter((channel) => channel !== 'post').map(
          (channel) => `declined joint joint-marketing-${channel} /joint-optins`,
        ),
        'shown joint fair-processing /fair-processing-notice',
        'shown joint commission /fair-processing-notice',
        'shown joint panel /fair-processing-notice',
        'shown joint commission /before-you-submit',
        'shown joint panel /before-you-submit',
        'shown joint privacy /before-you-submit',
        'shown joint terms /before-you-submit',
      ].sort(),
    )
  const rows = await evidenceRows(key)
  expect(
    rows.find(
      (row) =>
        row.source === 'browser' &&
        row.disclosure_id === 'joint-marketing-post' &&
        row.kind === 'agreed',
    )?.text_hash,
  ).toBe(sha256(jointPost))
  // The main applicant's own records are there too.
  expect(browserLines(rows)).toContain('shown main commission /')
  await expect
    .poll(async () =>
      (await evidenceRows(key))
        .filter((row) => row.source === 'submission' && row.applicant === 'joint')
        .map((row) => `${row.kind} ${row.disclosure_id}`),
    )
    .toContain('agreed joint-marketing-post')
})
