import { expect, test } from '@playwright/test'
import { brandUrl } from '../support/brands'
import {
  answeredReference,
  auditEveryStep,
  countApplications,
  expectThankYouPage,
  progressSeen,
  step,
  storedApplication,
  submissionBody,
} from '../support/journey'
import { singleVehicleOnCarfinance } from '../support/walks'

test.use({ viewport: { width: 320, height: 720 } })

test('carfinance: a single applicant, secured on the vehicle, from the start to the thank-you page', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const partials: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/application/'))
      partials.push(request.url())
  })

  await page.goto(
    brandUrl(
      'carfinance',
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=cars&utm_keyword=finance&utm_adgroup=g1&gclid=abc123',
    ),
  )
  await page.getByRole('link', { name: 'Start your application' }).click()
  // Every screen is checked with axe here, empty and after a failed Continue.
  auditEveryStep(page)

  await singleVehicleOnCarfinance(page, {
    // No partial save before the name, email and phone are all given (docs/requirements.md#partial-saves).
    '/contact': async () => expect(partials).toEqual([]),
    '/address-length/1': () => expect.poll(() => partials.length).toBeGreaterThan(0),
    '/fair-processing-notice': () => expect(page.getByText(/commission/).first()).toBeVisible(),
  })

  // A path of 20 screens that never changes: each screen answered takes 5 % of the bar (the 19
  // before the check page here, the check page's own readings below).
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual(
    Array.from({ length: 19 }, (_, i) => 5 * i),
  )
  const submission = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/api/submission/'),
  )
  await step(page, '/before-you-submit', async () => {
    await expect(page.getByText('Ms Ada Lovelace')).toBeVisible()
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  })
  const request = await submission
  expect(progressSeen(page).slice(-2)).toEqual([
    { path: '/before-you-submit', percent: 95 },
    { path: '/before-you-submit', percent: 100 },
  ])
  const body = await submissionBody(request)
  const guid = String(body.submissionKey)
  expect(request.url()).toBe(brandUrl('carfinance', `/api/submission/${guid}`))
  expect(request.headers()['x-csrf-token']).toBeTruthy()
  // The secret that binds the application to this browser (decision 1801), never in the body.
  const secret = request.headers()['x-application-secret'] ?? ''
  expect(secret).toMatch(/^[0-9a-f]{64}$/)
  expect(JSON.stringify(body)).not.toContain(secret)

  expect(body).toEqual({
    submissionKey: guid,
    affiliateKey: expect.any(String),
    vehicleType: 'Car',
    loanPurposeType: 'vehicle',
    term: 48,
    dateApplied: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    termsAndConditionsAgreed: true,
    loanAmount: 12000,
    loanAmountUnknown: false,
    cashDeposit: 0,
    firstName: 'Ada',
    lastName: 'Lovelace',
    maritalStatus: 'Married',
    email: 'ada@example.com',
    contactNumber: '07123456789',
    isJointApplication: false,
    financeType: 'Secured',
    discussFinancialCirumstances: false,
    agreeSoftSearch: true,
    dateOfBirth: '1990-03-07T00:00:00.000',
    title: 'Ms',
    drivingLicenceType: 'Full UK',
    addresses: [
      expect.objectContaining({
        addressIndex: 1,
        postcode: 'M1 1AE',
        town: 'Manchester',
        yearsAtAddress: 5,
        monthsAtAddress: 2,
        residentialStatus: 'Private tenant',
      }),
    ],
    employments: [
      {
        employmentIndex: 1,
        employmentStatus: 'Full-time employed',
        yearsAtEmployer: 6,
        occupation: 'Engineer',
        employerName: 'Analytical Engines Ltd',
        Town: 'London',
      },
    ],
    netMonthlyIncome: 2451,
    IsOptedEmail: true,
    IsOptedSms: false,
    IsOptedPhone: false,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedThirdPartyEmail: false,
    IsOptedThirdPartySms: false,
    IsOptedThirdPartyPhone: false,
    Attribution: {
      evsrc: 'newsletter',
      evcmp: 'spring',
      Gclid: 'abc123',
      source: 'newsletter',
      medium: 'email',
      term: 'cars',
      keyword: 'finance',
      campaign: 'spring',
      Adgroup: 'g1',
    },
    userAgent: expect.any(String),
    remoteAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
    submittedBy: expect.stringMatching(/^carfinance\.localhost:\d+$/),
    IsCompleted: true,
    // The answers the specification's payload has no field for (decision 1503); carfinance asks no
    // deposit question, so there is no hasDeposit.
    forecourt: { version: 1, breathingSpace: false, fairProcessingNoticeAcknowledged: true },
  })

  await expect(page).toHaveURL(/\/submit$/)
  const reference = await answeredReference(request)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your application has been sent')
  await expect(page.getByText(reference).first()).toBeVisible()
  // Car Finance Direct has no thank-you address of its own: our thank-you page, no email in it.
  expect(await expectThankYouPage(page, 'carfinance', { reference })).toBe(reference)
  expect(page.url()).not.toContain('e=')

  const stored = storedApplication(guid)
  expect(stored?.status).toBe('submitted')
  expect(stored?.brand).toBe('carfinance')
  // As sent, with what the server stamps: the address it saw and the time received; the page's
  // address kept as the client's own (decision 1572).
  const { remoteAddress: clientRemoteAddress, ...sent } = body
  expect(stored?.payload).toEqual({
    ...sent,
    clientRemoteAddress,
    remoteAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
    dateReceived: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  })
  expect(countApplications(guid)).toBe(1)
})
