// Answers for the screens every journey passes through, so each journey spec states only what
// differs. Each function answers one screen and presses Continue (see `step`).
import { expect, type Page } from '@playwright/test'
import { choose, findAddress, step, yearsMonths, type StepOptions } from './journey'

export async function aboutYou(page: Page, options: StepOptions = {}) {
  await step(page, '/driving-licence', () => choose(page, 'Full UK'), options)
  await step(page, '/marital-status', () => choose(page, 'Married'), options)
  await step(
    page,
    '/date-of-birth',
    async () => {
      await page.getByRole('textbox', { name: 'Day' }).fill('21')
      await page.getByRole('textbox', { name: 'Month' }).fill('11')
      await page.getByRole('textbox', { name: 'Year' }).fill('1984')
    },
    options,
  )
  await step(
    page,
    '/personal',
    async () => {
      await choose(page, 'Mr')
      await page.getByRole('textbox', { name: 'First name' }).fill('grace')
      await page.getByRole('textbox', { name: 'Last name' }).fill('hopper')
    },
    options,
  )
  await step(
    page,
    '/contact',
    async () => {
      await page.getByRole('textbox', { name: 'Email address' }).fill('grace@example.com')
      await page.getByRole('textbox', { name: 'Phone number' }).fill('07987 654321')
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
) {
  await step(page, `/address/${n}`, () => findAddress(page, postcode))
  await step(page, `/address-length/${n}`, () => yearsMonths(page, years))
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

export async function agreeAndSubmit(page: Page) {
  await expect(page).toHaveURL(/\/before-you-submit$/)
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: 'Submit application' }).click()
}
