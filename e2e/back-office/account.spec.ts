// Your account in Chromium against the real server (decision 2122): an operator made by
// `npm run operators -- add` enrols, opens Your account from the header, changes the password with the
// current one and a code from the authenticator app, signs out, and signs in with the new password; the old
// one no longer works. Axe runs on each page.
import { expect, test, type Page } from '@playwright/test'
import { addOperator, authenticator, checkPage } from './support/back-office'

const TITLE = (screen: string) => `${screen} – Forecourt back office`

async function signIn(page: Page, email: string, password: string, code: string) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an operator changes their password in Your account, then signs in with the new one', async ({
  page,
}) => {
  const email = `account-${Date.now()}@broker.example`
  const first = 'first lantern meadow words'
  const second = 'second harbour violet kettle'

  await page.goto(addOperator(email, 'caseworker'))
  await page.getByLabel('New password').fill(first)
  await page.getByLabel('Type the password again').fill(first)
  await page.getByRole('button', { name: 'Continue' }).click()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)

  await page.getByRole('link', { name: 'Your account' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await checkPage(page, TITLE('Your account'))
  const form = page.getByRole('form', { name: 'Change your password' })
  await expect(form.getByLabel('Current password')).toHaveAttribute(
    'autocomplete',
    'current-password',
  )

  // Refused by the server, beside its field: a new password holding the operator's own address.
  await form.getByLabel('Current password').fill(first)
  await form.getByLabel('New password', { exact: true }).fill(`${email} is mine`)
  await form.getByLabel('Type the new password again').fill(`${email} is mine`)
  await form
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(app.unclaimedCode())
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page.getByRole('link', {
      name: 'Your password must not contain your email address or its first part',
    }),
  ).toBeVisible()
  await checkPage(page, `Error: ${TITLE('Your account')}`, { focused: false })

  await form.getByLabel('Current password').fill(first)
  await form.getByLabel('New password', { exact: true }).fill(second)
  await form.getByLabel('Type the new password again').fill(second)
  await form
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Any other sessions you had open have been signed out.',
  )
  await checkPage(page, TITLE('Your account'))

  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByText('You have signed out.')).toBeVisible()
  await signIn(page, email, first, app.unclaimedCode())
  await expect(page.getByRole('link', { name: 'Those details are not right' })).toBeVisible()
  await signIn(page, email, second, await app.code())
  // Back where they were.
  await expect(page).toHaveURL(/\/account$/)
  await checkPage(page, TITLE('Your account'))
  await expect(page.getByText(`${email} (caseworker)`)).toBeVisible()
})
