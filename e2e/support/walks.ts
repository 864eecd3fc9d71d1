// Whole walks through the journey that more than one spec or script takes, answered as a person would
// with the helpers of journey.ts and answers.ts. A walk starts on the first question (Start already
// pressed) and ends on the check page, nothing agreed there yet, so each caller submits its own way.
// The specs that prove these journeys assert between the steps through `checks`
// (`withArrivalChecks`); the scripts that measure them (scripts/size-budget/journeys.mjs,
// scripts/bench-web/step-speed.mjs) walk the same answers without them.
import type { Page } from '@playwright/test'
import {
  ADA,
  aboutYou,
  address,
  circumstancesAndConsent,
  jointApplicant,
  jointIncomeAndContact,
  loanAmount,
  termInYears,
} from './answers'
import {
  choose,
  findAddress,
  step,
  withArrivalChecks,
  yearsMonths,
  type ArrivalChecks,
} from './journey'

/** £12,000 over 4 years, on a brand whose journey opens with the amount (carfinance). */
export async function vehicleLoanOnCarfinance(page: Page) {
  await loanAmount(page, '12,000')
  await termInYears(page, '4')
}

/** A full-time engineer for 6 years on £2,450.40 a month, applying alone. */
export async function engineerApplyingAlone(page: Page) {
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
}

/**
 * carfinance: a single applicant, Ms Ada Lovelace (`ADA`), borrowing on the vehicle; no breathing
 * space, no wish to discuss her circumstances, offers by email from the broker only
 * (e2e/journeys/single-vehicle-carfinance.spec.ts).
 */
export async function singleVehicleOnCarfinance(page: Page, checks: ArrivalChecks = {}) {
  await withArrivalChecks(page, checks, async () => {
    await vehicleLoanOnCarfinance(page)
    await aboutYou(page, ADA)
    await address(page, 1, 'm11ae', '5', 'Private tenant', { months: '2' })
    await engineerApplyingAlone(page)
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
  })
}

/**
 * harbourlend: a joint application for a homeowner loan secured on the applicant's home, with short
 * histories that need a second entry: two addresses, two employments, and the joint applicant's own
 * two addresses, one found by postcode and one typed by hand
 * (e2e/journeys/joint-property-harbourlend.spec.ts).
 */
export async function jointPropertyOnHarbourlend(page: Page, checks: ArrivalChecks = {}) {
  await withArrivalChecks(page, checks, async () => {
    await step(page, '/looking-to-buy', () => choose(page, 'I am still looking'))
    await step(page, '/loan-type', () => choose(page, 'A homeowner loan secured on my property'))
    await loanAmount(page, '25000')
    await step(page, '/deposit', () => choose(page, 'No'))
    await termInYears(page, '10')
    await aboutYou(page)
    // One year at the first address is not three years of history: a second address is asked for.
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
    await jointApplicant(page, 'Provisional UK')
    // They do not live with the applicant (decision 1841): their own history, an address found by
    // postcode and, as it is short of three years, an earlier one typed by hand.
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
    await jointIncomeAndContact(page)
    await circumstancesAndConsent(page, { joint: true })
  })
}
