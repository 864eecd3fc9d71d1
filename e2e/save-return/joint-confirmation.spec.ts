// The joint applicant confirms their own part in Chromium
// (docs/requirements.md#the-joint-applicant-confirms-their-own-part): a joint application is submitted on
// harbourlend; the joint applicant's email arrives at the SMTP server; its link opens, after their date of birth, what was said about them; they
// write a correction, choose their marketing channels and confirm; their agreement to the fair processing
// notice and each marketing choice are recorded as their own evidence, with the hash of the text the page
// showed (decision 1823); the fake lender receives the signed `application.joint-confirmed` event; the used
// link's page offers a new one, which a confirmed part does not get. The application is a homeowner loan:
// the page shows what they are applying for with the repossession warning, refuses Confirm until they
// agree to a soft search themselves, and records that agreement as theirs; "This is not right" is
// recorded for the broker instead, confirming nothing and telling no lender (decision 2127). axe on every
// new page.
import { expect, test, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { brands } from '@forecourt/domain/brands/brand-data'
import type { Received } from '../back-office/support/back-office'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { evidenceRows } from '../support/evidence-rows'
import {
  enterDateOfBirth,
  expectTheirDateOfBirthAsked,
  jointConfirmationRow,
  jointLinkEmailTo,
  jointLinkIn,
  submitJointApplication,
} from './support/links'
import { FAKE_LENDER, inbox } from './support/server-env'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** What they are applying for: the homeowner loan of filledJointState, with its warning as the applicant read it. */
async function expectTheLoanAndItsWarning(page: Page) {
  await expect(
    page.getByRole('heading', { level: 2, name: 'What you are applying for' }),
  ).toBeVisible()
  const rows = page.locator('.page-details').first().locator('.page-details__row')
  await expect(rows).toHaveText([
    'Amount to borrowNot decided yet (the lenders are given £6,500 as a starting figure)',
    'Loan term10 years',
    'Type of loanHomeowner loan',
    'Secured onThe property at The Old Forge, Mill Lane, Bramhope, Leeds, West Yorkshire, LS16 9AA',
  ])
  await expect(
    page.getByText(
      'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.',
      { exact: true },
    ),
  ).toBeVisible()
}

/** Every channel harbourlend asks about, in the order the page lists them. */
const CHANNELS = ['email', 'sms', 'phone', 'post', 'partner-email', 'partner-sms', 'partner-phone']

test('harbourlend: the joint applicant checks, corrects and confirms; the lender hears of it', async ({
  page,
  request,
}) => {
  await request.post(`${FAKE_LENDER}/accept`)
  const jointEmail = `sam.${Date.now()}@example.co.uk`
  const { key, reference } = await submitJointApplication(request, jointEmail)

  // Two emails come to the joint applicant from the email outbox, in either order: their confirmation
  // ("You are named on an application") and their link (decision 1951).
  let text = ''
  await expect
    .poll(async () => {
      const subjects = (await inbox())
        .filter((m) => m.to.includes(jointEmail))
        .map((m) => {
          if (m.subject.startsWith('Confirm your part')) text = m.text
          return m.subject
        })
      return subjects.sort()
    })
    .toEqual([
      `Confirm your part of the application (${reference})`,
      `You are named on an application (${reference})`,
    ])
  const url = /(http:\/\/[a-z.]+:\d+\/joint-confirm\/[A-Za-z0-9_-]{43})/.exec(text)?.[1]
  expect(url?.startsWith(brandUrl('harbourlend', '/joint-confirm/'))).toBe(true)

  await page.goto(url!)
  await expect(page).toHaveURL(brandUrl('harbourlend', '/joint-confirm'))
  await expectTheirDateOfBirthAsked(page)
  await enterDateOfBirth(page, '1', '1', '1980')
  await expect(
    page.getByRole('link', {
      name: 'That date of birth does not match the application. You can try 4 more times.',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await enterDateOfBirth(page, '21', '11', '1983')

  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your part of the application' }),
  ).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Name' }).first()).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Mr Sam Smith-Jones' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: '21 November 1983' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: '£1,980' })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 2, name: 'How we use your information' }),
  ).toBeVisible()
  await expectTheLoanAndItsWarning(page)
  await expectNoAxeViolations(page)

  // Not confirmed without their own agreement to a soft search.
  await page.getByRole('button', { name: 'Confirm' }).click()
  const softSearchRequired =
    'Please tick the box to agree to a soft search, or tell us what is not right.'
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expect(page.locator('.error-summary')).toBeFocused()
  await expect(page.getByRole('link', { name: softSearchRequired })).toBeVisible()
  const softSearch = page
    .getByRole('group', { name: 'Do you agree to a soft search?' })
    .getByRole('checkbox')
  await expect(softSearch).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: softSearchRequired }).click()
  await expect(softSearch).toBeFocused()
  await softSearch.check()
  const softSearchText = (await page.locator('label[for="joint-soft-search"]').textContent()) ?? ''
  expect(softSearchText).toBe(
    'I agree that Harbour Lending and the lenders on its panel may run a soft credit search on me, as the joint applicant, to see which finance we could be offered. A soft search does not affect my credit score and other lenders cannot see it.',
  )

  await page
    .getByRole('textbox', { name: 'Anything that is wrong (optional)' })
    .fill('My income is £2,100 a month.')
  const consents = page.getByRole('group', {
    name: 'How may we contact you about other products and offers?',
  })
  await consents.getByRole('checkbox', { name: /from Harbour Lending by email/ }).check()
  await consents.getByRole('checkbox', { name: /from Harbour Lending by post/ }).check()
  // The texts as the page shows them, to check the hashes the server records against.
  const notice =
    (await page
      .getByRole('heading', { level: 2, name: 'How we use your information' })
      .locator('xpath=following-sibling::p[1]')
      .textContent()) ?? ''
  expect(notice).toMatch(/^Harbour Lending /)
  await expect(consents.getByRole('checkbox')).toHaveCount(CHANNELS.length)
  const consentTexts = new Map<string, string>()
  for (const channel of CHANNELS) {
    const label = consents.locator(`label[for="joint-marketing-${channel}"]`)
    consentTexts.set(channel, (await label.textContent()) ?? '')
  }
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, you have confirmed your part' }),
  ).toBeFocused()
  // Their own agreement, as the joint applicant: the notice and every channel, yes or no, each with the
  // hash of the words they read (docs/requirements.md#the-joint-applicant-confirms-their-own-part).
  // The application was submitted through the API: every record from a page is from this one.
  const confirmed = (await evidenceRows(key))
    .filter((row) => row.source === 'browser')
    .map((row) =>
      [
        row.kind,
        row.applicant,
        row.disclosure_id,
        row.screen,
        row.channel ?? '-',
        row.text_hash,
      ].join(' '),
    )
    .sort()
  const chosen = (channel: string) =>
    channel === 'email' || channel === 'post' ? 'agreed' : 'declined'
  expect(confirmed).toEqual(
    [
      `agreed joint fair-processing /joint-confirm - ${sha256(notice)}`,
      `agreed joint joint-soft-search /joint-confirm - ${sha256(softSearchText)}`,
      ...CHANNELS.map(
        (channel) =>
          `${chosen(channel)} joint marketing-${channel} /joint-confirm ${channel} ${sha256(consentTexts.get(channel)!)}`,
      ),
    ].sort(),
  )
  await expect(
    page.getByText(
      `We have recorded your confirmation for application ${reference} and passed it to the lenders.`,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  // The fake lender serves every journey of the run and refuses until this one's /accept, so an earlier
  // journey's joint-confirmed event (joint-confirmation-back-office.spec.ts confirms one), refused then,
  // comes back after its jittered wait and can arrive now: this application's is the one with its key.
  const receipts = async () =>
    ((await (await request.get(`${FAKE_LENDER}/received`)).json()) as Received[]).filter(
      (r) => r.idempotencyKey === `joint-confirmed:${key}`,
    )
  await expect
    .poll(async () => (await receipts()).some((r) => r.answered === 200), { timeout: 20_000 })
    .toBe(true)
  // Delivery is at least once (docs/lenders.md): a repeat carries the same webhook-id and the lender drops
  // it, so one event is one delivery id, however many times it came; a claim is exclusive, so no attempt
  // of it was sent twice.
  const ours = await receipts()
  expect(ours.map((r) => r.type)).toEqual(ours.map(() => 'application.joint-confirmed'))
  expect(new Set(ours.map((r) => r.webhookId)).size).toBe(1)
  expect(new Set(ours.map((r) => r.attempt)).size).toBe(ours.length)

  // The link worked once. The page offers a new one, but their part is confirmed: none is sent, and the
  // answer is the same as ever.
  await page.goto(url!)
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible()
  const { contact } = brands.harbourlend
  await expect(
    page.getByText(
      `If no new link arrives, or you no longer use that address, contact Harbour Lending at ${contact.email} or on ${contact.phone}.`,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const before = (await inbox()).length
  await page.getByRole('textbox', { name: 'Email address' }).fill(jointEmail)
  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(
    page.getByRole('status').getByText('If this address is right, we have sent a link to it.'),
  ).toBeVisible()
  await page.waitForTimeout(500)
  expect((await inbox()).slice(before).filter((m) => m.to.includes(jointEmail))).toEqual([])
})

test('harbourlend: the joint applicant says it is not right; the broker has it, nothing is confirmed and no lender hears of it', async ({
  page,
  request,
}) => {
  const jointEmail = `sam.not-right.${Date.now()}@example.co.uk`
  const { key, reference } = await submitJointApplication(request, jointEmail)
  const { url } = jointLinkIn(await jointLinkEmailTo(jointEmail))
  await page.goto(url)
  await expectTheirDateOfBirthAsked(page)
  await enterDateOfBirth(page, '21', '11', '1983')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your part of the application' }),
  ).toBeFocused()
  await expectTheLoanAndItsWarning(page)

  const disputeBox = page.getByRole('textbox', { name: 'What is not right' })
  await page.getByRole('button', { name: 'This is not right' }).click()
  await expect(page.getByRole('link', { name: 'Please tell us what is not right.' })).toBeVisible()
  await expect(disputeBox).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)

  const said = 'I have never agreed to borrow against The Old Forge.'
  await disputeBox.fill(said)
  await page.getByRole('button', { name: 'This is not right' }).click()
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'We have told the broker that this is not right',
    }),
  ).toBeFocused()
  const { contact } = brands.harbourlend
  await expect(
    page.getByText(
      `You have not confirmed your part of application ${reference}. Harbour Lending will contact you about what you told us. To speak to them sooner, contact them at ${contact.email} or on ${contact.phone}.`,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  // Stored for the broker, sealed with the data key; not a confirmation, nothing agreed, no event queued.
  const row = jointConfirmationRow(key)
  expect(row.confirmed_at).toBeNull()
  expect(row.corrections).toBeNull()
  expect(typeof row.disputed_at).toBe('string')
  expect(typeof row.dispute).toBe('string')
  expect(row.dispute).not.toContain('Old Forge')
  expect(row.jointConfirmedEvents).toBe(0)
  expect((await evidenceRows(key)).filter((r) => r.source === 'browser')).toEqual([])
})
