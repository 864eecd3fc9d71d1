// What the joint applicant says reaches the broker, in Chromium against the real server: a joint application
// on harbourlend; the joint applicant confirms with a correction and chooses email; the broker's inbox gets
// an alert without personal data; a caseworker made by `npm run operators -- add` sees, in the application,
// the correction as written after the joint applicant's answers, their own marketing choice, and
// "Joint applicant confirmed" and "Joint applicant corrected: …" on the timeline. Axe on every page.
import { expect, test } from '@playwright/test'
import { addOperator, authenticator, checkPage } from '../back-office/support/back-office'
import {
  enterDateOfBirth,
  jointLinkEmailTo,
  jointLinkIn,
  submitJointApplication,
} from './support/links'
import { inbox, SAVE_RETURN_ENV } from './support/server-env'

const TITLE = (screen: string) => `${screen} – Forecourt back office`
const CORRECTION = 'I have been with Smith-Jones Joinery for 8 years, not 7.'

test('harbourlend: the joint applicant’s correction and choices show in the back office, and the broker is alerted', async ({
  browser,
  page,
  request,
}) => {
  const jointEmail = `sam.bo.${Date.now()}@example.co.uk`
  const { key, reference } = await submitJointApplication(request, jointEmail)
  const { url } = jointLinkIn(await jointLinkEmailTo(jointEmail))

  await page.goto(url)
  await enterDateOfBirth(page, '21', '11', '1983')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your part of the application' }),
  ).toBeVisible()
  await page.getByRole('textbox', { name: 'Anything that is wrong (optional)' }).fill(CORRECTION)
  await page
    .getByRole('group', { name: 'How may we contact you about other products and offers?' })
    .getByRole('checkbox', { name: /from Harbour Lending by email/ })
    .check()
  await page
    .getByRole('group', { name: 'Do you agree to a soft search?' })
    .getByRole('checkbox')
    .check()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, you have confirmed your part' }),
  ).toBeVisible()

  // The broker's alert: what happened and where to read it, nothing of what was written.
  let alert = { to: [] as string[], subject: '', text: '' }
  await expect
    .poll(async () => {
      alert =
        (await inbox()).find(
          (m) =>
            m.subject === `The joint applicant sent corrections: ${reference} (Harbour Lending)`,
        ) ?? alert
      return alert.to
    })
    .toEqual(['applications@harbourlend.example'])
  expect(alert.text).toContain(`/applications/${key}`)
  expect(alert.text).not.toContain('Joinery')
  expect(alert.text).not.toContain(jointEmail)

  // A caseworker made by the operators command, enrolled in the browser.
  const office = await browser.newContext()
  const staff = await office.newPage()
  const enrolment = addOperator(
    `caseworker-joint-${Date.now()}@broker.example`,
    'caseworker',
    SAVE_RETURN_ENV(),
  )
  await staff.goto(enrolment)
  await staff.getByLabel('New password').fill('correct horse battery staple')
  await staff.getByLabel('Type the password again').fill('correct horse battery staple')
  await staff.getByRole('button', { name: 'Continue' }).click()
  const codes = authenticator(await staff.locator('#setup-key').innerText())
  await staff
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await codes.code())
  await staff.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(staff).toHaveURL(/\/applications$/)

  await staff.goto(new URL(`/applications/${key}`, staff.url()).href)
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText("Ada O'Neill")
  const confirmation = staff.getByRole('region', { name: 'Joint applicant’s confirmation' })
  await expect(confirmation.getByRole('definition')).toHaveText([
    /^Yes, on \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2}[ap]m$/,
    CORRECTION,
  ])
  const joint = staff.getByRole('region', { name: 'Joint applicant', exact: true })
  const answer = (label: string) =>
    joint.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]')
  await expect(answer('How they hear from the broker')).toHaveText('Email')
  await expect(answer('Marketing choices given by')).toHaveText(
    'Themselves, when they confirmed their part',
  )
  await checkPage(staff, TITLE('Application answers'), { focused: false })

  await staff
    .getByRole('navigation', { name: 'Parts of this application' })
    .getByRole('link', { name: 'Timeline' })
    .click()
  await expect(staff.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible()
  await expect(
    staff.getByRole('heading', { level: 3, name: 'Joint applicant confirmed' }),
  ).toBeVisible()
  const corrected = staff.getByRole('heading', {
    level: 3,
    name: `Joint applicant corrected: ${CORRECTION}`,
  })
  await expect(corrected).toBeVisible()
  await expect(
    staff.getByRole('listitem').filter({ has: corrected }).getByText('by the joint applicant'),
  ).toBeVisible()
  await checkPage(staff, TITLE('Application timeline'))
  await office.close()
})
