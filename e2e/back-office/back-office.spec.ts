// The back office end to end, in Chromium against the real server: an admin made by
// `npm run operators -- add` enrols from the one-time address (password, then the setup key read off
// the page and a code computed here as an authenticator app would), signs out and in with a fresh
// code, finds an application submitted on carfinance by its email, retries its failed delivery, adds
// a note; the lender posts a signed decision, which the list and the timeline show and the broker's
// status follows; the evidence shows what the applicant agreed to and a withdrawal is recorded; the
// applicant's "How much commission will you receive?" waits in the commission requests; the outcome
// figures; then the admin exports the applicant's data and erases it, and the lender hears of
// the erasure. Axe runs on every page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Webhook } from 'standardwebhooks'
import { brands } from '@forecourt/domain/brands/brand-data'
import { currentDisclosure } from '@forecourt/domain/brands/disclosures'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { csrfToken, submitState } from '../support/api'
import { expectNoAxeViolations } from '../support/axe'
import { apiRequest } from '../support/brands'
import { LENDER_SECRET } from './support/server-env'
import { arriveAt, chooseRadio, expectFocusVisible, tabTo, typeInto } from '../support/keyboard'
import {
  addOperator,
  authenticator,
  checkPage,
  expectNoHorizontalScroll,
  lenderAccepts,
  lenderReceived,
} from './support/back-office'

const TITLE = (screen: string) => `${screen} – Forecourt back office`

/**
 * Submits a complete application on carfinance through the API, with the anti-forgery pair; the
 * applicant agrees to hear about offers by email. Answers the reference, the key and the secret.
 */
async function submitApplication(
  request: APIRequestContext,
  email: string,
): Promise<{ reference: string; key: string; secret: string }> {
  const state = filledState()
  state.form.email = email
  state.form.lastName = 'Backoffice'
  state.form.isOptedEmail = true
  return submitState(request, 'carfinance', state)
}

/**
 * The applicant asks "How much commission will you receive?" before submitting: the report the form
 * sends (apps/web/src/lib/evidence.ts), naming the commission text by the hash of what it showed.
 */
async function askHowMuchCommission(request: APIRequestContext, key: string, secret: string) {
  const text = currentDisclosure('carfinance', 'commission')!
  const evidence = apiRequest('carfinance', `/api/evidence/${key}`)
  const answer = await request.post(evidence.url, {
    headers: {
      ...evidence.headers,
      'x-csrf-token': await csrfToken(request, 'carfinance'),
      'x-application-secret': secret,
    },
    data: {
      affiliateKey: brands.carfinance.affiliateKey,
      items: [
        {
          id: randomUUID(),
          applicant: 'main',
          kind: 'requested',
          disclosureId: 'commission',
          version: text.version,
          textHash: createHash('sha256').update(text.text, 'utf8').digest('hex'),
          screen: '/before-you-submit',
        },
      ],
    },
  })
  expect(answer.status(), await answer.text()).toBe(202)
}

/** The lender's decision, signed as a lender signs it: Standard Webhooks, its destination's secret. */
async function lenderDecides(request: APIRequestContext, body: Record<string, unknown>) {
  const text = JSON.stringify(body)
  const id = `msg_${randomUUID()}`
  const at = new Date()
  const decision = apiRequest('carfinance', '/api/lender-decisions/fake-lender')
  const answer = await request.post(decision.url, {
    headers: {
      ...decision.headers,
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(LENDER_SECRET()).sign(id, at, text),
    },
    data: text,
  })
  expect(answer.status(), await answer.text()).toBe(202)
}

async function signIn(page: Page, email: string, password: string, code: string) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an admin enrols, finds an application, retries its delivery, notes, sees a lender’s decision and the evidence, records a withdrawal, reads the figures, exports and erases it', async ({
  page,
  request,
}) => {
  const adminEmail = `admin-${Date.now()}@broker.example`
  const password = 'correct horse battery staple'
  const applicantEmail = `jo.${Date.now()}@example.com`

  // Enrolment from the one-time address.
  const address = addOperator(adminEmail, 'admin')
  expect(address).toMatch(/^http:\/\/backoffice\.localhost:\d+\/enrol#/)
  await page.goto(address)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Choose a password/)
  // The token, read, leaves the address bar and the history entry at once.
  await expect(page).toHaveURL(/\/enrol$/)
  await checkPage(page, TITLE('Set up your account'), { focused: false })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await checkPage(page, `Error: ${TITLE('Set up your account')}`, { focused: false })
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Type the password again').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Set up your authenticator app/)
  await checkPage(page, TITLE('Set up your authenticator app'))
  await expect(
    page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
  ).toBeVisible()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)
  await checkPage(page, TITLE('Applications'))
  // The one-time address is used up.
  await expect(page).not.toHaveURL(/#/)

  // Sign out, then in again with a fresh code.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByText('You have signed out.')).toBeVisible()
  await checkPage(page, TITLE('Sign in'))
  await signIn(page, adminEmail, 'not the password', app.unclaimedCode())
  await expect(page.getByRole('link', { name: 'Those details are not right' })).toBeVisible()
  await checkPage(page, `Error: ${TITLE('Sign in')}`, { focused: false })
  await signIn(page, adminEmail, password, await app.code())
  await expect(page).toHaveURL(/\/applications$/)

  // An application submitted on carfinance; its lender refuses it for now.
  const { reference, key, secret } = await submitApplication(request, applicantEmail)
  await askHowMuchCommission(request, key, secret)
  await expect
    .poll(async () => (await lenderReceived()).filter((r) => r.type === 'application').length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0)

  // Found by the start of its reference, in lower case (decision 2125).
  await page.getByRole('searchbox', { name: 'Search' }).fill(reference.slice(0, 9).toLowerCase())
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 application on this page, found by reference.')).toBeVisible()
  await expect(page.getByRole('link', { name: reference })).toBeVisible()

  // Found by email, through a POST: the address never holds it.
  await page.getByRole('searchbox', { name: 'Search' }).fill(applicantEmail.toUpperCase())
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 application on this page, found by email address.')).toBeVisible()
  expect(page.url()).not.toContain('example.com')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: reference }).click()

  // The application.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ada Backoffice/)
  const applicationUrl = page.url()
  await checkPage(page, TITLE('Application answers'))
  await expect(page.getByRole('heading', { level: 3, name: 'Address history' })).toBeVisible()
  await page.getByRole('link', { name: 'Timeline' }).click()
  await checkPage(page, TITLE('Application timeline'))

  // Retry the failed delivery once the lender accepts.
  await lenderAccepts()
  await page.getByRole('link', { name: 'Deliveries' }).click()
  await checkPage(page, TITLE('Application deliveries'))
  const row = page.getByRole('row', { name: /fake-lender/ })
  await expect(row).toContainText(/Pending|Failed/)
  await row.getByRole('button', { name: 'Retry the delivery to fake-lender' }).click()
  await expect(
    page.getByText(/The delivery to fake-lender (is due now|was already delivered)/),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await expect
    .poll(
      async () =>
        (await lenderReceived()).some((r) => r.type === 'application' && r.answered === 200),
      {
        timeout: 20_000,
      },
    )
    .toBe(true)
  await expect(async () => {
    await page.getByRole('button', { name: 'Check the deliveries again' }).click()
    await expect(page.getByRole('row', { name: /fake-lender/ })).toContainText('Delivered', {
      timeout: 1000,
    })
  }).toPass({ timeout: 20_000 })

  // A note.
  await page.getByRole('link', { name: 'Notes' }).click()
  await checkPage(page, TITLE('Application notes'))
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByRole('link', { name: 'Enter the note' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('textbox', { name: 'Add a note' }).fill('Called: payslips to follow')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Called: payslips to follow')).toBeVisible()
  await expectNoAxeViolations(page)

  // The status.
  await page.getByRole('link', { name: 'Change status' }).click()
  await checkPage(page, TITLE('Change status'))
  await page.getByRole('radio', { name: 'Contacted' }).check()
  await page.getByRole('button', { name: 'Save status' }).click()
  await expect(page.getByText('The status is now Contacted.')).toBeVisible()

  // The lender approves: a signed decision. The broker's status follows, with the lender as its actor.
  await lenderDecides(request, {
    submissionKey: key,
    decision: 'approved',
    lenderReference: 'FAKE-1001',
    decidedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    offer: {
      amount: 7500,
      termMonths: 48,
      apr: 21.4,
      monthlyPayment: 246.15,
      commission: { kind: 'percentage', value: 3.5 },
    },
    message: 'Proof of income needed before payout',
  })
  await page.reload()
  const bar = page.getByRole('region', { name: 'Whose application this is' })
  await expect(bar).toContainText('Status: Approved')
  await page.getByRole('link', { name: 'Timeline' }).click()
  await checkPage(page, TITLE('Application timeline'))
  const decided = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Approved by fake-lender' }),
  })
  await expect(decided).toContainText('by fake-lender (lender)')
  await expect(decided).toContainText('Lender’s reference FAKE-1001')
  await expect(decided).toContainText('Commission to the broker: 3.5% of the amount borrowed.')
  await expect(page.getByRole('heading', { name: 'Broker status set to Approved' })).toBeVisible()
  await page.getByRole('link', { name: 'Applications', exact: true }).click()
  const listed = page.getByRole('row', { name: new RegExp(reference) })
  await expect(listed).toContainText('fake-lender: Approved')
  await expect(listed.getByRole('cell').nth(2)).toHaveText('Approved')
  await expectNoAxeViolations(page)
  await listed.getByRole('link', { name: reference }).click()

  // The evidence of what the applicant agreed to; a withdrawal on their request is a new record.
  await page.getByRole('link', { name: 'Evidence' }).click()
  await checkPage(page, TITLE('Application evidence'))
  const records = page.getByRole('table', { name: 'Evidence records, oldest first' })
  await expect(records.getByRole('row', { name: /Terms and conditions/ })).toContainText('Agreed')
  await expect(
    records.getByRole('row', { name: /Marketing consent, own offers, email/ }),
  ).toContainText('Agreed')
  await page.getByRole('button', { name: 'Record the withdrawal' }).click()
  await expect(
    page.getByRole('link', { name: 'Choose the consent the applicant withdrew' }),
  ).toBeVisible()
  await checkPage(page, `Error: ${TITLE('Application evidence')}`, { focused: false })
  await page.getByRole('radio', { name: 'Applicant: Marketing consent, own offers, email' }).check()
  await page.getByRole('button', { name: 'Record the withdrawal' }).click()
  await expect(page.getByText('The withdrawal was recorded.')).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: 'Marketing consent per channel, as it stands now' })
      .getByRole('row', { name: /own offers, email/ }),
  ).toContainText('Withdrawn')
  await expect(records.getByRole('row', { name: /own offers, email/ }).last()).toContainText(
    adminEmail,
  )
  await expectNoAxeViolations(page)
  const applicationPage = page.url().replace(/\/evidence$/, '')

  // The applicant's question about the commission waits for an answer in its own list.
  await page.getByRole('link', { name: 'Commission requests' }).click()
  await expect(
    page
      .getByRole('table', { name: 'Requests waiting for an answer, newest first' })
      .getByRole('row', { name: new RegExp(reference) }),
  ).toContainText('None yet')
  await expectNoAxeViolations(page)

  // The outcome figures: this month's application, approved by the fake lender.
  await page.getByRole('link', { name: 'Figures', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Car Finance Direct' })).toBeVisible()
  await checkPage(page, TITLE('Outcome figures'))
  await expect(
    page.getByRole('table', {
      name: 'Approval rate, payouts and commission per lender and month, Car Finance Direct',
    }),
  ).toContainText('fake-lender')
  await expect(
    page.getByRole('img', { name: /Applications per month, Car Finance Direct/ }),
  ).toBeVisible()
  await page.goto(applicationPage)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ada Backoffice/)

  // The data export: a JSON file and a printable page.
  await page.getByRole('link', { name: 'Export data' }).click()
  await checkPage(page, TITLE('Data export'))
  await page.getByRole('button', { name: 'Make the export' }).click()
  await expect(page.getByText(applicantEmail).first()).toBeVisible()
  await expectNoAxeViolations(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`data-export-${reference}.json`)
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    subject: { email: string }
    applications: { reference: string; notes: { text: string }[] }[]
  }
  expect(exported.subject.email).toBe(applicantEmail)
  expect(exported.applications[0]?.reference).toBe(reference)
  expect(exported.applications[0]?.notes.map((note) => note.text)).toEqual([
    'Called: payslips to follow',
  ])

  // Erasure: a reason and the confirmation, then every lender that had it is told.
  await page.getByRole('link', { name: 'Erase personal data' }).click()
  await checkPage(page, TITLE('Erase personal data'))
  await page.getByRole('button', { name: 'Erase personal data' }).click()
  await expect(page.getByRole('link', { name: 'Enter why the data is erased' })).toBeVisible()
  await checkPage(page, `Error: ${TITLE('Erase personal data')}`, { focused: false })
  await page
    .getByRole('textbox', { name: 'Why the data is erased' })
    .fill('Erasure request by phone')
  await page.getByRole('checkbox', { name: /cannot be restored/ }).check()
  await page.getByRole('button', { name: 'Erase personal data' }).click()
  await expect(
    page.getByText(/The personal data was erased\. 1 lender is being told\./),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased application')
  await expectNoAxeViolations(page)
  await expect
    .poll(async () => (await lenderReceived()).some((r) => r.type === 'application.erased'), {
      timeout: 20_000,
    })
    .toBe(true)

  // The search no longer finds the applicant.
  await page.getByRole('link', { name: 'Applications', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill(applicantEmail)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No applications match.')).toBeVisible()
  await expectNoAxeViolations(page)

  // The admin's other pages, and the audit trail of what was done.
  await page.getByRole('link', { name: 'Operators', exact: true }).click()
  await checkPage(page, TITLE('Operators'))
  await expect(page.getByRole('row', { name: new RegExp(adminEmail) })).toContainText('Active')
  await page.getByRole('link', { name: 'Add an operator' }).click()
  await checkPage(page, TITLE('Add an operator'))
  await page.getByRole('link', { name: 'Audit log', exact: true }).click()
  await checkPage(page, TITLE('Audit log'))
  await expect(page.getByRole('cell', { name: 'Erased an application' })).toBeVisible()

  // Reflow: at 320 CSS pixels nothing scrolls sideways.
  const { reference: second } = await submitApplication(request, `sam.${Date.now()}@example.com`)
  await page.setViewportSize({ width: 320, height: 800 })
  await expectNoHorizontalScroll(page)
  await page.getByRole('link', { name: 'Applications', exact: true }).click()
  // The list kept the last search while the admin was elsewhere.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(applicantEmail)
  await page.getByRole('button', { name: 'Clear search' }).click()
  // An erased application leaves the list; the other is there.
  await expect(page.getByRole('link', { name: second })).toBeVisible()
  await expect(page.getByRole('link', { name: reference })).toHaveCount(0)
  await expectNoHorizontalScroll(page)
  await page.screenshot({ path: test.info().outputPath('applications-320.png'), fullPage: true })
  await page.getByRole('link', { name: second }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ada Backoffice/)
  await expectNoHorizontalScroll(page)
  await page.goto(`${applicationUrl}/deliveries`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased application')
  await expect(page.getByRole('row', { name: /Erasure notice/ })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: test.info().outputPath('deliveries-320.png'), fullPage: true })
})

test('a caseworker enrols and works with the keyboard alone, focus always visible', async ({
  page,
  request,
}) => {
  const email = `case-${Date.now()}@broker.example`
  const password = 'a keyboard only passphrase'
  const applicantEmail = `kb.${Date.now()}@example.com`
  await page.goto(addOperator(email, 'caseworker'))

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Choose a password/)
  await typeInto(page, page.getByLabel('New password'), password, 'the new password')
  await typeInto(page, page.getByLabel('Type the password again'), password, 'the password again')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Set up your authenticator app/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  const app = authenticator(await page.locator('#setup-key').innerText())
  const code = page.getByRole('textbox', { name: 'Code from your authenticator app' })
  await typeInto(page, code, await app.code(), 'the code')
  await page.keyboard.press('Enter')
  await arriveAt(page, '/applications')

  const { reference } = await submitApplication(request, applicantEmail)
  await typeInto(
    page,
    page.getByRole('searchbox', { name: 'Search' }),
    applicantEmail,
    'the search box',
  )
  await page.keyboard.press('Enter')
  const result = page.getByRole('link', { name: reference })
  await tabTo(page, result, 'the application found')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  // A caseworker may change the status but not export or erase.
  await expect(page.getByRole('link', { name: 'Change status' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Erase personal data' })).toHaveCount(0)

  await tabTo(page, page.getByRole('link', { name: 'Notes' }), 'the Notes part')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Notes' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await tabTo(page, page.getByRole('button', { name: 'Add note' }), 'Add note')
  await page.keyboard.press('Enter')
  // The error summary takes focus; its link takes the user to the field.
  await expect(
    page.locator('.error-summary', {
      has: page.getByRole('heading', { name: 'There is a problem' }),
    }),
  ).toBeFocused()
  await tabTo(page, page.getByRole('link', { name: 'Enter the note' }), 'the error’s link')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Add a note' })).toBeFocused()
  await page.keyboard.type('Left a voicemail')
  await tabTo(page, page.getByRole('button', { name: 'Add note' }), 'Add note')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Left a voicemail')).toBeVisible()

  await tabTo(page, page.getByRole('link', { name: 'Change status' }), 'Change status')
  await page.keyboard.press('Enter')
  await chooseRadio(page, page.getByRole('group', { name: 'The broker’s status' }), 'With lender')
  await tabTo(page, page.getByRole('button', { name: 'Save status' }), 'Save status')
  await page.keyboard.press('Enter')
  await expect(page.getByText('The status is now With lender.')).toBeVisible()

  await tabTo(page, page.getByRole('link', { name: 'Deliveries' }), 'the Deliveries part')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('table', { name: 'Deliveries to lenders' })).toBeVisible()
  await expectFocusVisible(page, 'the Deliveries part')

  await tabTo(
    page,
    page.getByRole('button', { name: 'Sign out everywhere' }),
    'Sign out everywhere',
  )
  await page.keyboard.press('Enter')
  await expect(page.getByText('You have signed out on every device.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeFocused()
})
