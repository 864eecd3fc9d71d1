import { expect, test } from '@playwright/test'
import { address, agreeAndSubmit, aboutYou, circumstancesAndConsent } from '../support/answers'
import { brandUrl } from '../support/brands'
import {
  auditEveryStep,
  choose,
  countApplications,
  expectThankYouPage,
  findAddress,
  step,
  storedApplication,
  submissionBody,
  yearsMonths,
} from '../support/journey'

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

  await step(page, '/looking-to-buy', () => choose(page, 'I am still looking'))
  await step(page, '/loan-type', () => choose(page, 'A homeowner loan secured on my property'))
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('25000'),
  )
  await step(page, '/deposit', () => choose(page, 'No'))
  await step(
    page,
    '/term-to-borrow',
    () => page.getByRole('textbox', { name: 'Or type the number of years' }).fill('10'),
    { emptyFails: false },
  )
  await aboutYou(page)
  // One year at the first address is not three years of history: a second address is asked for.
  await address(page, 1, 'LS1 4DY', '1', 'Homeowner with a mortgage')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'What was your previous address?',
  )
  await address(page, 2, 'SW1A 1AA', '3', 'Private tenant')

  await step(page, '/property-details', async () => {
    await page.getByRole('textbox', { name: /Property value/ }).fill('250000')
    await page.getByRole('textbox', { name: /Outstanding mortgage balance/ }).fill('100000')
    await page.getByRole('combobox', { name: 'Number of bedrooms' }).selectOption('3')
    await page.getByRole('combobox', { name: 'Property type' }).selectOption('Semi-detached')
  })
  await step(page, '/security-address-confirm', () => choose(page, 'Yes'))
  await step(page, '/own-other-properties', () => choose(page, 'No'))

  await step(page, '/employment/1', () => choose(page, 'Self-employed'))
  await step(page, '/employment-add/1', async () => {
    await page.getByRole('textbox', { name: 'Occupation' }).fill('Joiner')
    await page.getByRole('textbox', { name: 'Business name' }).fill('Hopper Joinery')
    await page.getByRole('textbox', { name: 'Business town' }).fill('Leeds')
  })
  await step(page, '/employment-length/1', () => yearsMonths(page, '2'))
  await step(page, '/employment/2', () => choose(page, 'Student'))
  await step(page, '/employment-length/2', () => yearsMonths(page, '1', '6'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('3100'),
  )

  await step(page, '/joint', () => choose(page, 'Yes'))
  await step(page, '/joint-customer-details', async () => {
    await choose(page, 'Mrs', 'Their title')
    await page.getByRole('textbox', { name: 'Their first name' }).fill('mary')
    await page.getByRole('textbox', { name: 'Their last name' }).fill('hopper')
    await choose(page, 'Married', 'What is their marital status?')
    await choose(page, 'Provisional UK', 'What type of driving licence do they have?')
  })
  await step(page, '/joint-date-of-birth', async () => {
    await page.getByRole('textbox', { name: 'Day' }).fill('2')
    await page.getByRole('textbox', { name: 'Month' }).fill('6')
    await page.getByRole('textbox', { name: 'Year' }).fill('1986')
  })
  // They do not live with the applicant (decision 1841): their own history, an address found by
  // postcode and, as it is short of three years, an earlier one typed by hand.
  await step(page, '/joint-same-address', async () => {
    await expect(
      page.getByRole('group', { name: 'Does the joint applicant live at your address?' }),
    ).toContainText('Your current address:')
    await choose(page, 'No')
  })
  await step(page, '/joint-address/1', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is their address?')
    await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute(
      'autocomplete',
      'off',
    )
    await findAddress(page, 'SW1A 1AA')
  })
  await step(page, '/joint-address-length/1', () => yearsMonths(page, '1', '4'))
  await step(page, '/joint-residential-status/1', () => choose(page, 'Living with parents'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'What was their previous address?',
  )
  await expect(page.getByText('1 year 4 months so far; we need 3 years')).toBeVisible()
  await step(page, '/joint-address/2', async () => {
    await page.getByRole('button', { name: 'Enter the address manually' }).click()
    const manual = page.getByRole('group', { name: 'Address' })
    await manual.getByRole('textbox', { name: 'House number or name' }).fill('Rose Cottage')
    await manual.getByRole('textbox', { name: 'Street' }).fill('Church Lane')
    await manual.getByRole('textbox', { name: 'Town or city' }).fill('Ilkley')
    await manual.getByRole('textbox', { name: 'Postcode' }).fill('ls29 9dy')
  })
  await step(page, '/joint-address-length/2', () => yearsMonths(page, '2', '6'))
  await step(page, '/joint-residential-status/2', () => choose(page, 'Private tenant'))
  await step(page, '/joint-employment-add', async () => {
    await choose(page, 'Part-time employed')
    await page.getByRole('textbox', { name: 'Their occupation' }).fill('Teacher')
    await page.getByRole('textbox', { name: 'Their employer name' }).fill('Leeds Primary')
    await page.getByRole('textbox', { name: 'Their employer town' }).fill('Leeds')
  })
  await step(page, '/joint-employment-length', () => yearsMonths(page, '7'))
  await step(page, '/joint-employment-income', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('1500'),
  )
  await step(page, '/joint-customer-contact', async () => {
    await page.getByRole('textbox', { name: 'Their email address' }).fill('mary@example.com')
    await page.getByRole('textbox', { name: 'Their phone number' }).fill('07311 222333')
  })
  await circumstancesAndConsent(page, { joint: true })

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
