// The whole journeys the size budget walks in Chromium: the longest ones the product has, each on the
// brand whose questions make it long, answered with the end-to-end suite's helpers (e2e/support) and
// the answers of its specs (e2e/journeys/joint-property-harbourlend.spec.ts and
// single-vehicle-carfinance.spec.ts), without their axe checks and payload assertions: those specs
// prove the journeys, this walk only records what a browser fetches on them.

/**
 * @typedef {object} Helpers the e2e helpers (e2e/support/journey.ts and answers.ts)
 * @typedef {object} Journey
 * @property {string} id
 * @property {string} label the brand's host label
 * @property {string} name what the report calls it
 * @property {(page: import('playwright-core').Page, helpers: Helpers) => Promise<void>} walk from the
 *   start screen to the press of Submit application
 */

/** @type {readonly Journey[]} */
export const JOURNEYS = [
  {
    id: 'joint-property',
    label: 'harbourlend',
    name: 'a joint application secured on a property',
    walk: walkJointProperty,
  },
  {
    id: 'single-vehicle',
    label: 'carfinance',
    name: 'a single applicant, secured on the vehicle',
    walk: walkSingleVehicle,
  },
]

async function walkJointProperty(page, helpers) {
  const { step, choose, yearsMonths, findAddress } = helpers
  const { aboutYou, address, circumstancesAndConsent, agreeAndSubmit } = helpers
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
  // One year at the first address: a second address is asked for.
  await address(page, 1, 'LS1 4DY', '1', 'Homeowner with a mortgage')
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
  // They do not live with the applicant: their own history, found by postcode and typed by hand.
  await step(page, '/joint-same-address', () => choose(page, 'No'))
  await step(page, '/joint-address/1', () => findAddress(page, 'SW1A 1AA'))
  await step(page, '/joint-address-length/1', () => yearsMonths(page, '1', '4'))
  await step(page, '/joint-residential-status/1', () => choose(page, 'Living with parents'))
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
  await agreeAndSubmit(page)
}

async function walkSingleVehicle(page, helpers) {
  const { step, choose, yearsMonths } = helpers
  const { aboutYou, address, agreeAndSubmit } = helpers
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('12,000'),
  )
  await step(
    page,
    '/term-to-borrow',
    () => page.getByRole('textbox', { name: 'Or type the number of years' }).fill('4'),
    { emptyFails: false },
  )
  await aboutYou(page)
  await address(page, 1, 'm11ae', '5', 'Private tenant')
  await step(page, '/employment/1', () => choose(page, 'Full-time employed'))
  await step(page, '/employment-add/1', async () => {
    await page.getByRole('textbox', { name: 'Occupation' }).fill('Engineer')
    await page.getByRole('textbox', { name: 'Employer name' }).fill('Analytical Engines Ltd')
    await page.getByRole('textbox', { name: 'Employer town' }).fill('London')
  })
  await step(page, '/employment-length/1', () => yearsMonths(page, '6'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('2450.40'),
  )
  await step(page, '/joint', () => choose(page, 'No'))
  await step(page, '/breathing-space', async () => {
    await choose(page, 'No', /breathing space/)
    await choose(page, 'No', /discuss your financial circumstances/)
  })
  await step(
    page,
    '/optins',
    () =>
      page
        .getByRole('group', { name: /Offers from Car Finance Direct/ })
        .getByRole('checkbox', { name: 'Email' })
        .check(),
    { emptyFails: false },
  )
  await step(page, '/soft-search', () =>
    page.getByRole('checkbox', { name: 'I agree to a soft search' }).check(),
  )
  await step(page, '/fair-processing-notice', () =>
    page.getByRole('checkbox', { name: 'I have read how my information will be used' }).check(),
  )
  await agreeAndSubmit(page)
}
