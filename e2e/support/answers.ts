// Answers for the screens every journey passes through, so each journey spec states only what
// differs. Each function answers its screens, pressing Continue on each (see `step`).
import { expect, type Page } from '@playwright/test'
import {
  CHECK_PAGE,
  choose,
  expectProgress,
  findAddress,
  step,
  yearsMonths,
  type StepOptions,
} from './journey'

/** The applicant's own details, as typed on the screens that ask for them. */
export interface Applicant {
  title: string
  firstName: string
  lastName: string
  /** Day, month and year, as typed. */
  born: readonly [string, string, string]
  email: string
  phone: string
}

export const GRACE: Applicant = {
  title: 'Mr',
  firstName: 'grace',
  lastName: 'hopper',
  born: ['21', '11', '1984'],
  email: 'grace@example.com',
  phone: '07987 654321',
}

/** Ms Ada Lovelace, her name typed with stray spaces and in lower case, for the page to tidy. */
export const ADA: Applicant = {
  title: 'Ms',
  firstName: '  ada',
  lastName: 'lovelace ',
  born: ['7', '3', '1990'],
  email: 'ada@example.com',
  phone: '+44 7123 456789',
}

/** The amount asked on `/looking-to-borrow`, typed as `amount`. */
export async function loanAmount(page: Page, amount: string, options: StepOptions = {}) {
  await step(
    page,
    '/looking-to-borrow',
    () => page.getByRole('textbox', { name: /Loan amount/ }).fill(amount),
    options,
  )
}

/**
 * The term typed as a number of years. The slider's starting position is recorded by Continue too
 * (decision 1006), so Continue with nothing typed does not fail here.
 */
export async function termInYears(page: Page, years: string, options: StepOptions = {}) {
  await step(
    page,
    '/term-to-borrow',
    () => page.getByRole('textbox', { name: 'Or type the number of years' }).fill(years),
    { ...options, emptyFails: false },
  )
}

/** A full UK licence and married, then `applicant`'s date of birth, name and contact details. */
export async function aboutYou(page: Page, applicant = GRACE, options: StepOptions = {}) {
  const { title, firstName, lastName, born, email, phone } = applicant
  await step(page, '/driving-licence', () => choose(page, 'Full UK'), options)
  await step(page, '/marital-status', () => choose(page, 'Married'), options)
  await step(
    page,
    '/date-of-birth',
    async () => {
      await page.getByRole('textbox', { name: 'Day' }).fill(born[0])
      await page.getByRole('textbox', { name: 'Month' }).fill(born[1])
      await page.getByRole('textbox', { name: 'Year' }).fill(born[2])
    },
    options,
  )
  await step(
    page,
    '/personal',
    async () => {
      await choose(page, title)
      await page.getByRole('textbox', { name: 'First name' }).fill(firstName)
      await page.getByRole('textbox', { name: 'Last name' }).fill(lastName)
    },
    options,
  )
  await step(
    page,
    '/contact',
    async () => {
      await page.getByRole('textbox', { name: 'Email address' }).fill(email)
      await page.getByRole('textbox', { name: 'Phone number' }).fill(phone)
    },
    options,
  )
}

export async function address(
  page: Page,
  n: number,
  postcode: string,
  years: string,
  status: string,
  { months = '' } = {},
) {
  await step(page, `/address/${n}`, () => findAddress(page, postcode))
  await step(page, `/address-length/${n}`, () => yearsMonths(page, years, months))
  await step(page, `/residential-status/${n}`, () => choose(page, status))
}

export async function circumstancesAndConsent(page: Page, { joint = false } = {}) {
  await step(page, '/breathing-space', async () => {
    await choose(page, 'No', /breathing space/)
    await choose(page, 'Yes', /discuss your financial circumstances/)
  })
  await step(page, '/optins', async () => {}, { emptyFails: false })
  if (joint) await step(page, '/joint-optins', async () => {}, { emptyFails: false })
  await step(page, '/soft-search', () =>
    page.getByRole('checkbox', { name: 'I agree to a soft search' }).check(),
  )
  await step(page, '/fair-processing-notice', () =>
    page.getByRole('checkbox', { name: 'I have read how my information will be used' }).check(),
  )
}

/**
 * The joint applicant, Mrs Mary Hopper, married, born 2 June 1986, with `licence`: the two screens
 * that come after Yes to a joint application.
 */
export async function jointApplicant(page: Page, licence: string) {
  await step(page, '/joint-customer-details', async () => {
    await choose(page, 'Mrs', 'Their title')
    await page.getByRole('textbox', { name: 'Their first name' }).fill('mary')
    await page.getByRole('textbox', { name: 'Their last name' }).fill('hopper')
    await choose(page, 'Married', 'What is their marital status?')
    await choose(page, licence, 'What type of driving licence do they have?')
  })
  await step(page, '/joint-date-of-birth', async () => {
    await page.getByRole('textbox', { name: 'Day' }).fill('2')
    await page.getByRole('textbox', { name: 'Month' }).fill('6')
    await page.getByRole('textbox', { name: 'Year' }).fill('1986')
  })
}

/** The joint applicant's 7 years in their work, £1,500 a month, and their email and phone. */
export async function jointIncomeAndContact(page: Page) {
  await step(page, '/joint-employment-length', () => yearsMonths(page, '7'))
  await step(page, '/joint-employment-income', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('1500'),
  )
  await step(page, '/joint-customer-contact', async () => {
    await page.getByRole('textbox', { name: 'Their email address' }).fill('mary@example.com')
    await page.getByRole('textbox', { name: 'Their phone number' }).fill('07311 222333')
  })
}

export async function agreeAndSubmit(page: Page) {
  await expect(page).toHaveURL(/\/before-you-submit$/)
  await expectProgress(page, CHECK_PAGE)
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await expectProgress(page, CHECK_PAGE, { complete: true })
  await page.getByRole('button', { name: 'Submit application' }).click()
}
