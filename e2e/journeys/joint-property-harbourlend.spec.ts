import { expect, test } from '@playwright/test'
import { agreeAndSubmit } from '../support/answers'
import { brandUrl } from '../support/brands'
import {
  auditEveryStep,
  countApplications,
  expectThankYouPage,
  progressSeen,
  storedApplication,
  submissionBody,
} from '../support/journey'
import { jointPropertyOnHarbourlend } from '../support/walks'

test('harbourlend: a joint application secured on a property, with short histories that need a second entry', async ({
  page,
}) => {
  // Some 40 screens, each checked with axe empty and after a failed Continue, on a shared machine.
  test.setTimeout(600_000)
  // The property, security address, second-entry and joint screens are checked with axe here,
  // empty and after a failed Continue; the single journey checks the others.
  auditEveryStep(page)
  await page.goto(brandUrl('harbourlend'))
  await page.getByRole('link', { name: 'Start your application' }).click()

  await jointPropertyOnHarbourlend(page, {
    // One year at the first address is not three years of history: a second address is asked for.
    '/address/2': () =>
      expect(page.getByRole('heading', { level: 1 })).toHaveText('What was your previous address?'),
    '/joint-same-address': () =>
      expect(
        page.getByRole('group', { name: 'Does the joint applicant live at your address?' }),
      ).toContainText('Your current address:'),
    '/joint-address/1': async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is their address?')
      await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute(
        'autocomplete',
        'off',
      )
    },
    '/joint-address/2': async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'What was their previous address?',
      )
      await expect(page.getByText('1 year 4 months so far; we need 3 years')).toBeVisible()
    },
  })

  await expect(page.getByText('Mrs Mary Hopper')).toBeVisible()
  const jointAddress = page.locator('.answers-section', {
    has: page.getByRole('heading', { level: 3, name: 'Their address' }),
  })
  await expect(jointAddress.locator('dt')).toHaveText([
    'Do they live at your address?',
    'Their current address',
    'Time at their current address',
    'Residential status at their current address',
    'Their previous address 1',
    'Time at their previous address 1',
    'Residential status at their previous address 1',
  ])
  await expect(
    jointAddress.locator('.summary-list__value').nth(4).locator('.summary-list__line'),
  ).toHaveText(['Rose Cottage', 'Church Lane', 'Ilkley', 'LS29 9DY'])
  const submission = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/api/submission/'),
  )
  await agreeAndSubmit(page)
  // The path grows three times (a second address, a second employment, the joint applicant's own
  // history): the bar slows each time and never falls; 100 only with the agreement.
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual([
    0, 4, 8, 12, 15, 19, 23, 27, 31, 34, 38, 42, 46, 49, 52, 55, 59, 62, 65, 68, 71, 74, 77, 79, 82,
    84, 85, 86, 87, 88, 89, 90, 91, 91, 92, 93, 93, 94, 95, 95, 96, 97, 97, 98, 99, 100,
  ])
  const body = await submissionBody(await submission)

  expect(body).toMatchObject({
    loanPurposeType: 'property',
    isJointApplication: true,
    loanAmount: 25000,
    term: 120,
    lookingToBuy: 'Still looking',
    propertyValue: 250000,
    mortgageBalance: 100000,
    propertyBedrooms: '3',
    propertyType: 'Semi-detached',
    isSecurityCurrentAddress: true,
    firstName: 'Grace',
    lastName: 'Hopper',
    dateOfBirth: '1984-11-21T00:00:00.000',
    discussFinancialCirumstances: true,
    IsCompleted: true,
    termsAndConditionsAgreed: true,
  })
  expect((body.addresses as unknown[]).length).toBe(2)
  expect(body.addresses).toEqual([
    expect.objectContaining({ addressIndex: 1, postcode: 'LS1 4DY', yearsAtAddress: 1 }),
    expect.objectContaining({ addressIndex: 2, postcode: 'SW1A 1AA', yearsAtAddress: 3 }),
  ])
  expect(body.securityAddress).toEqual(expect.objectContaining({ postcode: 'LS1 4DY' }))
  expect(body.employments).toEqual([
    {
      employmentIndex: 1,
      employmentStatus: 'Self-employed',
      yearsAtEmployer: 2,
      occupation: 'Joiner',
      employerName: 'Hopper Joinery',
      Town: 'Leeds',
    },
    { employmentIndex: 2, employmentStatus: 'Student', yearsAtEmployer: 1, monthsAtEmployer: 6 },
  ])
  expect(body.JointApplicant).toMatchObject({
    title: 'Mrs',
    firstName: 'Mary',
    lastName: 'Hopper',
    email: 'mary@example.com',
    contactNumber: '07311222333',
    dateOfBirth: '1986-06-02T00:00:00.000',
    maritalStatus: 'Married',
    drivingLicenceType: 'Provisional UK',
    employmentStatus: 'Part-time employed',
    yearsAtEmployer: 7,
    netMonthlyIncome: 1500,
  })
  // Their address has no field in the specification's JointApplicant: it is in the extension.
  const extensions = body.forecourt as Record<string, unknown>
  expect(extensions.jointLivesAtApplicantAddress).toBe(false)
  expect(extensions.jointAddresses).toEqual([
    expect.objectContaining({
      addressIndex: 1,
      postcode: 'SW1A 1AA',
      yearsAtAddress: 1,
      monthsAtAddress: 4,
      residentialStatus: 'Living with parents',
    }),
    {
      addressIndex: 2,
      houseName: 'Rose Cottage',
      buildingName: 'Rose Cottage',
      street: 'Church Lane',
      town: 'Ilkley',
      postcode: 'LS29 9DY',
      yearsAtAddress: 2,
      monthsAtAddress: 6,
      residentialStatus: 'Private tenant',
    },
  ])

  await expectThankYouPage(page, 'harbourlend', { joint: true })
  const guid = String(body.submissionKey)
  // As sent, with what the server stamps: the address it saw and the time received; the page's
  // address kept as the client's own (decision 1572).
  const { remoteAddress: clientRemoteAddress, ...sent } = body
  expect(storedApplication(guid)?.payload).toEqual({
    ...sent,
    clientRemoteAddress,
    remoteAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
    dateReceived: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  })
  expect(countApplications(guid)).toBe(1)
})
