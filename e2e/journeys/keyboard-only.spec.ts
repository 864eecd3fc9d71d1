// Two whole journeys with the keyboard alone (docs/requirements.md#accessibility): Tab and Shift+Tab to move,
// Space, Enter and the arrow keys to act, typing to answer; never a click or a fill. On every screen the
// heading takes focus on arrival, and every element focus stops on is on screen, not covered by
// anything, and shows a focus indicator (e2e/support/keyboard.ts).
import { expect, test, type Page } from '@playwright/test'
import { brandUrl } from '../support/brands'
import {
  CHECK_PAGE,
  expectProgress,
  expectThankYouPage,
  progressSeen,
  storedApplication,
  submissionBody,
} from '../support/journey'
import {
  arriveAt,
  chooseOption,
  chooseRadio,
  expectFocusVisible,
  keyboardStep,
  pressContinue,
  tabTo,
  tick,
  typeInto,
} from '../support/keyboard'

// Each journey is about 25 to 35 screens; on a busy two-core machine a screen takes one to three seconds
// (every focus stop checked, and the progress bar read).
const JOURNEY_TIMEOUT = 150_000

const box = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name })
const radios = (page: Page) => page.locator('main')

/** The start page: the cookie question answered by keyboard, then the start link. */
async function startWithKeyboard(page: Page, brand: string) {
  await page.goto(brandUrl(brand))
  const reject = page.getByRole('button', { name: 'Reject analytics cookies' })
  await tabTo(page, reject, 'Reject analytics cookies')
  await page.keyboard.press('Enter')
  const hide = page.getByRole('button', { name: 'Hide this message' })
  await tabTo(page, hide, 'Hide this message')
  await page.keyboard.press('Enter')
  await expect(hide).toBeHidden()
  await tabTo(page, page.getByRole('link', { name: 'Start your application' }), 'the start link')
  await page.keyboard.press('Enter')
}

async function dateOfBirth(page: Page, day: string, month: string, year: string) {
  // Focus stays in a part after two digits (decision 2081): one Tab goes from Day to Month and
  // one from Month to Year, as on a phone keyboard's Next.
  await tabTo(page, box(page, 'Day'), 'Day')
  await page.keyboard.type(day.padStart(2, '0'))
  await expect(box(page, 'Day')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(box(page, 'Month')).toBeFocused()
  await expect(box(page, 'Day')).toHaveValue(day.padStart(2, '0'))
  await page.keyboard.type(month.padStart(2, '0'))
  await expect(box(page, 'Month')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(box(page, 'Year')).toBeFocused()
  await page.keyboard.type(year)
  await expect(box(page, 'Month')).toHaveValue(month.padStart(2, '0'))
  await expect(box(page, 'Year')).toHaveValue(year)
  await expectFocusVisible(page, 'the year')
}

async function findAddressByKeyboard(page: Page, postcode: string) {
  await typeInto(page, box(page, 'Postcode'), postcode, 'Postcode')
  await tabTo(page, page.getByRole('button', { name: 'Find address' }), 'Find address')
  await page.keyboard.press('Enter')
  const list = page.getByRole('combobox', { name: 'Address' })
  await expect(list).toBeVisible()
  const first = (await list.locator('option').nth(1).textContent())?.trim() ?? ''
  await chooseOption(page, list, first, 'the address list')
}

async function yearsMonths(page: Page, years: string, months?: string) {
  await typeInto(page, box(page, 'Years'), years, 'Years')
  if (months !== undefined) await typeInto(page, box(page, 'Months'), months, 'Months')
}

async function circumstancesAndConsent(page: Page, { joint }: { joint: boolean }) {
  await keyboardStep(page, '/breathing-space', async () => {
    await chooseRadio(page, page.getByRole('group', { name: /breathing space/ }), 'No')
    await chooseRadio(
      page,
      page.getByRole('group', { name: /discuss your financial circumstances/ }),
      'No',
    )
  })
  await keyboardStep(page, '/optins', async () => {
    await tick(
      page,
      page
        .getByRole('group')
        .filter({ hasText: /^Offers from/ })
        .first()
        .getByRole('checkbox', {
          name: 'Email',
        }),
      'the email opt-in',
    )
  })
  if (joint) await keyboardStep(page, '/joint-optins', async () => {})
  await keyboardStep(page, '/soft-search', () =>
    tick(page, page.getByRole('checkbox', { name: 'I agree to a soft search' }), 'soft search'),
  )
  await keyboardStep(page, '/fair-processing-notice', () =>
    tick(
      page,
      page.getByRole('checkbox', { name: 'I have read how my information will be used' }),
      'the fair processing notice',
    ),
  )
}

/** The check page: agree by keyboard and submit; returns the submitted body. */
async function agreeAndSubmit(page: Page, { termsInModal }: { termsInModal: boolean }) {
  await arriveAt(page, CHECK_PAGE)
  await expectProgress(page, CHECK_PAGE)
  if (termsInModal) {
    // Read both texts in their modals: Escape closes one, the Close button the other, and focus
    // goes back to the button that opened each.
    for (const [name, close] of [
      ['terms and conditions', 'Escape'],
      ['privacy policy', 'Close button'],
    ] as const) {
      const opener = page.getByRole('button', { name, exact: true })
      await tabTo(page, opener, `the ${name} button`)
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('heading', { level: 2 }).first()).toBeFocused()
      await expectFocusVisible(page, `the ${name} modal`)
      if (close === 'Escape') {
        await page.keyboard.press('Escape')
      } else {
        await tabTo(page, dialog.getByRole('button', { name: 'Close' }), 'Close')
        await page.keyboard.press('Enter')
      }
      await expect(dialog).toBeHidden()
      await expect(opener).toBeFocused()
      await expectFocusVisible(page, `back from the ${name} modal`)
    }
  }
  await tick(
    page,
    page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }),
    'the terms',
  )
  await expectProgress(page, CHECK_PAGE, { complete: true })
  const submission = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/submission/'),
  )
  await pressContinue(page, 'Submit application')
  return submissionBody(await submission)
}

test.use({ viewport: { width: 390, height: 720 } })

test.describe('the focus checks themselves', () => {
  // The page's policy refuses injected styles, rightly; these two checks need them.
  test.use({ bypassCSP: true })

  test('fail on a missing focus indicator and on a bar covering the focus', async ({ page }) => {
    await page.goto(brandUrl('scorepal'))
    const start = page.getByRole('link', { name: 'Start your application' })
    await page.addStyleTag({ content: '*:focus, *:focus-visible { outline: none !important; }' })
    await expect(tabTo(page, start, 'the start link')).rejects.toThrow(
      /has no visible focus indicator/,
    )

    await page.reload()
    await page.addStyleTag({
      content:
        '#cover { position: fixed; inset: 0; z-index: 1000; background: rgb(255 255 255 / 0.9); }',
    })
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('div'), { id: 'cover' })),
    )
    await expect(tabTo(page, start, 'the start link')).rejects.toThrow(/is covered by <div#cover>/)
  })
})

test('creditlens: a single applicant secured on the vehicle, start to thank-you, keyboard only', async ({
  page,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT)
  await startWithKeyboard(page, 'creditlens')

  await keyboardStep(page, '/looking-to-borrow', () =>
    typeInto(page, box(page, /Loan amount/), '9000', 'the loan amount'),
  )
  await keyboardStep(page, '/term-to-borrow', async () => {
    await tabTo(page, page.getByRole('slider'), 'the slider')
    await page.keyboard.press('ArrowRight')
    await expect(box(page, 'Or type the number of years')).toHaveValue('5')
  })
  await keyboardStep(page, '/driving-licence', () => chooseRadio(page, radios(page), 'Full UK'))
  await keyboardStep(page, '/marital-status', () => chooseRadio(page, radios(page), 'Married'))
  await keyboardStep(page, '/date-of-birth', () => dateOfBirth(page, '9', '12', '1979'))
  await keyboardStep(page, '/personal', async () => {
    await chooseRadio(page, radios(page), 'Ms')
    await typeInto(page, box(page, 'First name'), 'ada', 'First name')
    await typeInto(page, box(page, 'Last name'), 'lovelace', 'Last name')
  })
  await keyboardStep(page, '/contact', async () => {
    // The phone first, then Shift+Tab back up to the email address.
    await typeInto(page, box(page, 'Phone number'), '07123 456789', 'Phone number', '07123456789')
    await typeInto(page, box(page, 'Email address'), 'ada@example.com', 'Email address')
  })
  await keyboardStep(page, '/address/1', () => findAddressByKeyboard(page, 'M1 1AE'))
  await keyboardStep(page, '/address-length/1', () => yearsMonths(page, '5', '2'))
  await keyboardStep(page, '/residential-status/1', () =>
    chooseRadio(page, radios(page), 'Private tenant'),
  )
  await keyboardStep(page, '/employment/1', () =>
    chooseRadio(page, radios(page), 'Full-time employed'),
  )
  await keyboardStep(page, '/employment-add/1', async () => {
    await typeInto(page, box(page, 'Occupation'), 'Engineer', 'Occupation')
    await typeInto(page, box(page, 'Employer name'), 'Analytical Engines', 'Employer name')
    await typeInto(page, box(page, 'Employer town'), 'London', 'Employer town')
  })
  await keyboardStep(page, '/employment-length/1', () => yearsMonths(page, '6'))
  await keyboardStep(page, '/employment-income/1', () =>
    typeInto(page, box(page, /monthly income/), '2450', 'the monthly income'),
  )
  await keyboardStep(page, '/joint', () => chooseRadio(page, radios(page), 'No'))
  await circumstancesAndConsent(page, { joint: false })

  await expect(page.getByText('Ms Ada Lovelace')).toBeVisible()
  const body = await agreeAndSubmit(page, { termsInModal: false })
  // 20 screens on a path that never changes: 5 % each, 100 with the agreement.
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual([
    ...Array.from({ length: 20 }, (_, i) => 5 * i),
    100,
  ])
  expect(body).toMatchObject({
    loanPurposeType: 'vehicle',
    isJointApplication: false,
    loanAmount: 9000,
    term: 60,
    drivingLicenceType: 'Full UK',
    maritalStatus: 'Married',
    dateOfBirth: '1979-12-09T00:00:00.000',
    title: 'Ms',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    contactNumber: '07123456789',
    netMonthlyIncome: 2450,
    IsOptedEmail: true,
    agreeSoftSearch: true,
    termsAndConditionsAgreed: true,
  })
  expect(body.addresses).toEqual([
    expect.objectContaining({ postcode: 'M1 1AE', yearsAtAddress: 5, monthsAtAddress: 2 }),
  ])
  await expectThankYouPage(page, 'creditlens')
  expect(storedApplication(String(body.submissionKey))?.status).toBe('submitted')
})

test('harbourlend: a joint application secured on a property, start to thank-you, keyboard only', async ({
  page,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT)
  await startWithKeyboard(page, 'harbourlend')

  await keyboardStep(page, '/looking-to-buy', () =>
    chooseRadio(page, radios(page), 'I am still looking'),
  )
  await keyboardStep(page, '/loan-type', () =>
    chooseRadio(page, radios(page), 'A homeowner loan secured on my property'),
  )
  await keyboardStep(page, '/looking-to-borrow', () =>
    typeInto(page, box(page, /Loan amount/), '25000', 'the loan amount'),
  )
  await keyboardStep(page, '/deposit', () => chooseRadio(page, radios(page), 'No'))
  await keyboardStep(page, '/term-to-borrow', () =>
    typeInto(page, box(page, 'Or type the number of years'), '10', 'the number of years'),
  )
  await keyboardStep(page, '/driving-licence', () => chooseRadio(page, radios(page), 'Full UK'))
  await keyboardStep(page, '/marital-status', () => chooseRadio(page, radios(page), 'Married'))
  await keyboardStep(page, '/date-of-birth', () => dateOfBirth(page, '21', '11', '1984'))
  await keyboardStep(page, '/personal', async () => {
    await chooseRadio(page, radios(page), 'Mr')
    await typeInto(page, box(page, 'First name'), 'grace', 'First name')
    await typeInto(page, box(page, 'Last name'), 'hopper', 'Last name')
  })
  await keyboardStep(page, '/contact', async () => {
    await typeInto(page, box(page, 'Email address'), 'grace@example.com', 'Email address')
    await typeInto(page, box(page, 'Phone number'), '07987 654321', 'Phone number', '07987654321')
  })
  await keyboardStep(page, '/address/1', () => findAddressByKeyboard(page, 'LS1 4DY'))
  await keyboardStep(page, '/address-length/1', () => yearsMonths(page, '4'))
  await keyboardStep(page, '/residential-status/1', () =>
    chooseRadio(page, radios(page), 'Homeowner with a mortgage'),
  )
  await keyboardStep(page, '/property-details', async () => {
    await typeInto(page, box(page, /Property value/), '250000', 'Property value')
    await typeInto(page, box(page, /Outstanding mortgage balance/), '100000', 'Mortgage balance')
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Number of bedrooms' }),
      '3',
      'Number of bedrooms',
    )
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Property type' }),
      'Semi-detached',
      'Property type',
    )
  })
  await keyboardStep(page, '/security-address-confirm', () =>
    chooseRadio(page, radios(page), 'Yes'),
  )
  await keyboardStep(page, '/own-other-properties', () => chooseRadio(page, radios(page), 'No'))
  await keyboardStep(page, '/employment/1', () => chooseRadio(page, radios(page), 'Self-employed'))
  await keyboardStep(page, '/employment-add/1', async () => {
    await typeInto(page, box(page, 'Occupation'), 'Joiner', 'Occupation')
    await typeInto(page, box(page, 'Business name'), 'Hopper Joinery', 'Business name')
    await typeInto(page, box(page, 'Business town'), 'Leeds', 'Business town')
  })
  await keyboardStep(page, '/employment-length/1', () => yearsMonths(page, '5'))
  await keyboardStep(page, '/employment-income/1', () =>
    typeInto(page, box(page, /monthly income/), '3100', 'the monthly income'),
  )
  await keyboardStep(page, '/joint', () => chooseRadio(page, radios(page), 'Yes'))
  await keyboardStep(page, '/joint-customer-details', async () => {
    await chooseRadio(page, page.getByRole('group', { name: 'Their title' }), 'Mrs')
    await typeInto(page, box(page, 'Their first name'), 'mary', 'Their first name')
    await typeInto(page, box(page, 'Their last name'), 'hopper', 'Their last name')
    await chooseRadio(
      page,
      page.getByRole('group', { name: 'What is their marital status?' }),
      'Married',
    )
    await chooseRadio(
      page,
      page.getByRole('group', { name: 'What type of driving licence do they have?' }),
      'Provisional UK',
    )
  })
  await keyboardStep(page, '/joint-date-of-birth', () => dateOfBirth(page, '2', '6', '1986'))
  await keyboardStep(page, '/joint-same-address', () => chooseRadio(page, radios(page), 'Yes'))
  await keyboardStep(page, '/joint-employment-add', async () => {
    await chooseRadio(page, radios(page), 'Part-time employed')
    await typeInto(page, box(page, 'Their occupation'), 'Teacher', 'Their occupation')
    await typeInto(page, box(page, 'Their employer name'), 'Leeds Primary', 'Their employer name')
    await typeInto(page, box(page, 'Their employer town'), 'Leeds', 'Their employer town')
  })
  await keyboardStep(page, '/joint-employment-length', () => yearsMonths(page, '7'))
  await keyboardStep(page, '/joint-employment-income', () =>
    typeInto(page, box(page, /monthly income/), '1500', 'their monthly income'),
  )
  await keyboardStep(page, '/joint-customer-contact', async () => {
    await typeInto(page, box(page, 'Their email address'), 'mary@example.com', 'Their email')
    await typeInto(
      page,
      box(page, 'Their phone number'),
      '07311 222333',
      'Their phone number',
      '07311222333',
    )
  })
  await circumstancesAndConsent(page, { joint: true })

  await expect(page.getByText('Mrs Mary Hopper')).toBeVisible()
  const body = await agreeAndSubmit(page, { termsInModal: true })
  // The joint applicant lengthens the path at /joint: the bar slows from there and never falls.
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual([
    0, 4, 8, 12, 15, 19, 23, 27, 31, 34, 38, 42, 46, 50, 54, 57, 61, 65, 69, 73, 77, 78, 80, 81, 83,
    85, 86, 88, 90, 91, 93, 95, 96, 98, 100,
  ])
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
    termsAndConditionsAgreed: true,
  })
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
  await expectThankYouPage(page, 'harbourlend', { joint: true })
  expect(storedApplication(String(body.submissionKey))?.status).toBe('submitted')
})
