// The subject access export's candidates (decision 2042), in Chromium against the real server: three
// applications on carfinance share a phone number, and one of them the email address and the date of
// birth too. An admin made by `npm run operators -- add` enrols and opens the export of the first: the
// other two are offered, oldest first, none ticked, the strong match said to be one; the admin ticks
// the one that shares only the phone number, and the file downloaded holds the first application and
// that one, not the strong match. Axe runs on the page.
import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { submitState } from '../support/api'
import { addOperator, authenticator, checkPage } from './support/back-office'

const TITLE = (screen: string) => `${screen} – Forecourt back office`

test('the export of one application offers those that share its phone number, and holds only the one chosen', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  // A phone number and an email address no other journey of the run uses.
  const phone = `0791${String(stamp % 10_000_000).padStart(7, '0')}`
  const email = `pat.${stamp}@example.com`
  const submit = (change: (form: ApplicationState['form']) => void = () => {}) => {
    const state = filledState()
    state.form.contactNumber = phone
    state.form.email = email
    change(state.form)
    return submitState(request, 'carfinance', state)
  }
  const asked = await submit()
  const sameDetails = await submit()
  const samePhone = await submit((form) => {
    form.email = `someone.else.${stamp}@example.com`
    form.lastName = 'Elsewhere'
  })

  await page.goto(addOperator(`export-${stamp}@broker.example`, 'admin'))
  await page.getByLabel('New password').fill('exports only what is chosen')
  await page.getByLabel('Type the password again').fill('exports only what is chosen')
  await page.getByRole('button', { name: 'Continue' }).click()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)

  await page.goto(`/applications/${asked.key}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ada/)
  await page.getByRole('link', { name: 'Export data' }).click()
  const group = page.getByRole('group', { name: 'Add other applications of this applicant' })
  await expect(group.getByRole('checkbox')).toHaveCount(2)
  await checkPage(page, TITLE('Data export'))
  const label = (reference: string) =>
    new RegExp(`^${reference}, Car Finance Direct, submitted, started \\d{1,2} \\w+ \\d{4}$`)
  const boxes = group.getByRole('checkbox')
  await expect(boxes.nth(0)).toHaveAccessibleName(label(sameDetails.reference))
  await expect(boxes.nth(0)).toHaveAccessibleDescription(
    'Strong match: same email address, phone number, date of birth and name',
  )
  await expect(boxes.nth(1)).toHaveAccessibleName(label(samePhone.reference))
  await expect(boxes.nth(1)).toHaveAccessibleDescription('Same phone number and date of birth')
  // A strong match is a hint: nothing is ticked until the admin ticks it.
  await expect(boxes.nth(0)).not.toBeChecked()
  await expect(boxes.nth(1)).not.toBeChecked()

  await boxes.nth(1).check()
  const [made] = await Promise.all([
    page.waitForRequest(
      (sent) => sent.method() === 'POST' && sent.url().endsWith(`/${asked.key}/data-export`),
    ),
    page.getByRole('button', { name: 'Make the export' }).click(),
  ])
  expect(made.postDataJSON()).toEqual({ include: [samePhone.key] })
  await expect(page.getByText('The export is made: it holds 2 applications.')).toBeVisible()
  const downloadButton = page.getByRole('button', { name: 'Download as JSON' })
  await expect(downloadButton).toBeFocused()
  await checkPage(page, TITLE('Data export'), { focused: false })
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()])
  expect(download.suggestedFilename()).toBe(`data-export-${asked.reference}.json`)
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    subject: { email: string; phone: string }
    applications: { applicationKey: string; reference: string }[]
  }
  expect(exported.subject.email).toBe(email)
  expect(
    exported.applications.map((application) => [application.applicationKey, application.reference]),
  ).toEqual([
    [asked.key, asked.reference],
    [samePhone.key, samePhone.reference],
  ])
})
