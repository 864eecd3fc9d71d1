// An address typed by hand (one postcode field, a flat field) and a flat found by postcode, as the
// check page then shows them (docs/decisions/1540).
import { expect, test } from '@playwright/test'
import { aboutYou, circumstancesAndConsent } from '../support/answers'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { choose, step, yearsMonths } from '../support/journey'

test('a manual address and a looked-up flat read right on the check page', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('12000'),
  )
  await step(page, '/term-to-borrow', () =>
    page.getByRole('textbox', { name: 'Or type the number of years' }).fill('4'),
  )
  await aboutYou(page)

  await expect(page).toHaveURL(/\/address\/1$/)
  await page.getByRole('button', { name: 'Enter the address manually' }).click()
  const manual = page.getByRole('group', { name: 'Address' })
  const flat = manual.getByRole('textbox', { name: 'Flat, apartment or unit (optional)' })
  await expect(flat).toBeFocused()
  // One postcode on the page: the lookup's gives way to the manual form's own.
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Find address' })).toHaveCount(0)
  const tokens = await Promise.all(
    [
      'Flat, apartment or unit (optional)',
      'House number or name',
      'Street',
      'Town or city',
      'County (optional)',
      'Postcode',
    ].map((name) => manual.getByRole('textbox', { name }).getAttribute('autocomplete')),
  )
  expect(tokens).toEqual([
    'address-line3',
    'address-line1',
    'address-line2',
    'address-level2',
    'address-level1',
    'postal-code',
  ])
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expectNoAxeViolations(page)

  await flat.fill('flat 2 ')
  await manual.getByRole('textbox', { name: 'House number or name' }).fill('10')
  await manual.getByRole('textbox', { name: 'Street' }).fill('acacia avenue')
  await manual.getByRole('textbox', { name: 'Town or city' }).fill(' leeds')
  await manual.getByRole('textbox', { name: 'Postcode' }).fill('ls14dy')
  await page.getByRole('button', { name: 'Continue' }).click()
  // A year at this address: the one before it is asked next.
  await step(page, '/address-length/1', () => yearsMonths(page, '1'))
  await step(page, '/residential-status/1', () => choose(page, 'Private tenant'))
  await step(page, '/address/2', async () => {
    await page.getByRole('textbox', { name: 'Postcode' }).fill('M1 1AE')
    await page.getByRole('button', { name: 'Find address' }).click()
    await page
      .getByRole('combobox', { name: 'Address' })
      .selectOption({ label: 'Flat 1, 10 Acacia Avenue, Manchester' })
  })
  await step(page, '/address-length/2', () => yearsMonths(page, '4'))
  await step(page, '/residential-status/2', () => choose(page, 'Living with parents'))
  await step(page, '/employment/1', () => choose(page, 'Retired'))
  await step(page, '/employment-length/1', () => yearsMonths(page, '10'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('1800'),
  )
  await step(page, '/joint', () => choose(page, 'No'))
  await circumstancesAndConsent(page)

  await expect(page).toHaveURL(/\/before-you-submit$/)
  const answer = (question: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.getByText(question, { exact: true }) })
      .locator('dd')
      .first()
  // As typed, trimmed, in the applicant's own case; the postcode as it is sent.
  await expect(answer('Current address')).toHaveText(
    /^\s*flat 2, 10 acacia avenue\s*leeds\s*LS1 4DY\s*$/,
  )
  // A flat found by postcode reads as Royal Mail writes it, not "1 / 10 Acacia Avenue".
  await expect(answer('Previous address 1')).toHaveText(
    /^\s*Flat 1, 10 Acacia Avenue\s*Manchester\s*Greater Manchester\s*M1 1AE\s*$/,
  )
  await expectNoAxeViolations(page)
})
