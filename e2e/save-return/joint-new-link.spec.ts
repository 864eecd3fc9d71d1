// The joint applicant's used or expired link offers a new one, in Chromium
// (docs/requirements.md#the-joint-applicant-confirms-their-own-part; decision 1921): their expired link's
// page asks for the address it was sent to, gives the same answer whatever is typed, and sends a new link
// only to their own address; that link opens after their date of birth and confirms. Then the back office,
// served by the same server, shows an operator that the joint applicant's confirmation is awaited, and
// then that it was given. axe on every new page.
import { expect, test, type Page } from '@playwright/test'
import { brands } from '@forecourt/domain/brands/brand-data'
import { addOperator, authenticator, checkPage } from '../back-office/support/back-office'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import {
  enterDateOfBirth,
  expectTheirDateOfBirthAsked,
  expireLink,
  jointLinkEmailTo,
  jointLinkIn,
  submitJointApplication,
} from './support/links'
import { SAVE_RETURN_ENV, inbox } from './support/server-env'

const ANSWER = 'If this address is right, we have sent a link to it.'

/** Today in the broker's office, as the back office writes a date. */
const today = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date())

/** The joint applicant's date of birth opens their part; they agree to a soft search and confirm it as it is. */
async function confirmTheirPart(page: Page, url: string, reference: string) {
  await page.goto(url)
  await expectTheirDateOfBirthAsked(page)
  await enterDateOfBirth(page, '21', '11', '1983')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your part of the application' }),
  ).toBeVisible()
  await page
    .getByRole('group', { name: 'Do you agree to a soft search?' })
    .getByRole('checkbox')
    .check()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, you have confirmed your part' }),
  ).toBeVisible()
  await expect(
    page.getByText(
      `We have recorded your confirmation for application ${reference} and passed it to the lenders.`,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
}

test('harbourlend: an expired joint link’s page sends a new link to the joint applicant’s address, which opens and confirms', async ({
  page,
  request,
}) => {
  const jointEmail = `sam.renewed.${Date.now()}@example.co.uk`
  const stranger = `someone.else.${Date.now()}@example.co.uk`
  const start = (await inbox()).length
  const { reference } = await submitJointApplication(request, jointEmail)
  const first = jointLinkIn(await jointLinkEmailTo(jointEmail, start))
  expireLink(first.token)

  await page.goto(first.url)
  await expect(page).toHaveURL(brandUrl('harbourlend', '/joint-confirm'))
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible()
  await expect(page).toHaveTitle('This link has expired – Harbour Lending')
  await expect(
    page.getByText(
      'Links work once and for 7 days, and stop working after 5 wrong answers. Enter the email address the link was sent to and we will send you a new one.',
    ),
  ).toBeVisible()
  const { contact } = brands.harbourlend
  await expect(
    page.getByText(
      `If no new link arrives, or you no longer use that address, contact Harbour Lending at ${contact.email} or on ${contact.phone}.`,
    ),
  ).toBeVisible()
  const field = page.getByRole('textbox', { name: 'Email address' })
  await expect(field).toHaveAttribute('autocomplete', 'email')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(page.locator('.error-summary')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Please enter your email address.' })).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)

  // Another address: the same answer as for theirs, and nothing is sent to it.
  await field.fill(stranger)
  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(page.getByRole('status')).toHaveText(ANSWER)
  await expect(page.locator('.error-summary')).toHaveCount(0)
  await expectNoAxeViolations(page)

  const asked = (await inbox()).length
  await field.fill(jointEmail)
  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(page.getByRole('status')).toHaveText(ANSWER)
  const renewed = await jointLinkEmailTo(jointEmail, asked)
  expect(renewed.subject).toBe(`Confirm your part of the application (${reference})`)
  const second = jointLinkIn(renewed)
  expect(second.token).not.toBe(first.token)
  expect(second.url.startsWith(brandUrl('harbourlend', '/joint-confirm/'))).toBe(true)
  expect((await inbox()).filter((message) => message.to.includes(stranger))).toEqual([])

  await confirmTheirPart(page, second.url, reference)
})

test('harbourlend: the back office shows the joint applicant’s confirmation awaited, then given', async ({
  browser,
  request,
}) => {
  const jointEmail = `sam.office.${Date.now()}@example.co.uk`
  const start = (await inbox()).length
  const { key, reference } = await submitJointApplication(request, jointEmail)
  const link = jointLinkIn(await jointLinkEmailTo(jointEmail, start))

  // An admin made by the operators command against this server's database, enrolled in the browser.
  const office = await browser.newContext()
  const operator = await office.newPage()
  const enrolment = addOperator(
    `admin-joint-${Date.now()}@broker.example`,
    'admin',
    SAVE_RETURN_ENV(),
  )
  const backOffice = new URL(enrolment).origin
  await operator.goto(enrolment)
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText(/Choose a password/)
  await operator.getByLabel('New password').fill('correct horse battery staple')
  await operator.getByLabel('Type the password again').fill('correct horse battery staple')
  await operator.getByRole('button', { name: 'Continue' }).click()
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText(
    /Set up your authenticator app/,
  )
  const codes = authenticator(await operator.locator('#setup-key').innerText())
  await operator
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await codes.code())
  await operator.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(operator).toHaveURL(/\/applications$/)

  const jointFact = operator.getByRole('listitem').filter({ hasText: 'Joint applicant:' })
  await operator.goto(`${backOffice}/applications/${key}`)
  await expect(operator.getByText(reference, { exact: true })).toBeVisible()
  await expect(jointFact).toHaveText(`Joint applicant: Not confirmed yet (asked on ${today()})`)
  await checkPage(operator, 'Application answers – Forecourt back office', { focused: false })

  const applicant = await browser.newContext()
  await confirmTheirPart(await applicant.newPage(), link.url, reference)
  await applicant.close()

  await operator.reload()
  await expect(jointFact).toHaveText(`Joint applicant: Confirmed on ${today()}`)
  await checkPage(operator, 'Application answers – Forecourt back office', { focused: false })
  await office.close()
})
