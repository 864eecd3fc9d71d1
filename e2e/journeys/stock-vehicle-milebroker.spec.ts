import { expect, test } from '@playwright/test'
import {
  address,
  agreeAndSubmit,
  aboutYou,
  circumstancesAndConsent,
  termInYears,
} from '../support/answers'
import { brandUrl } from '../support/brands'
import {
  choose,
  expectThankYouPage,
  progressSeen,
  step,
  storedApplication,
  submissionBody,
  yearsMonths,
} from '../support/journey'

test('milebroker: a stock vehicle with a cash deposit', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto(brandUrl('milebroker', '/?vehicleid=demo-car-1'))
  await expect(
    page.getByRole('region', { name: "Let's start with the vehicle you want to finance" }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Start your application' }).click()

  await step(page, '/looking-to-buy', () => choose(page, 'I have found a vehicle'))
  // Prefilled from the vehicle's price.
  await expect(page.getByRole('textbox', { name: /Amount to finance/ })).toHaveValue(/14,?995/)
  await step(page, '/amount-to-finance', () =>
    page.getByRole('textbox', { name: /Amount to finance/ }).fill('12995'),
  )
  await step(page, '/deposit', async () => {
    await choose(page, 'Yes')
    await page.getByRole('combobox', { name: 'Deposit type' }).selectOption('Cash')
    await page.getByRole('textbox', { name: /Cash deposit/ }).fill('2000')
  })
  await termInYears(page, '3')
  await aboutYou(page)
  await address(page, 1, 'M1 1AE', '4', 'Living with parents')
  await step(page, '/employment/1', () => choose(page, 'Retired'))
  await step(page, '/employment-length/1', () => yearsMonths(page, '10'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('1800'),
  )
  await step(page, '/joint', () => choose(page, 'No'))
  await circumstancesAndConsent(page)

  const submission = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/api/submission/'),
  )
  await agreeAndSubmit(page)
  // 22 screens while an employer screen is expected (floor(100 × i / 22)); Retired has none, so
  // from there the 45.45 % left is shared by the 9 screens left, 5.05 % each; 100 with the agreement.
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual([
    0, 4, 9, 13, 18, 22, 27, 31, 36, 40, 45, 50, 54, 59, 64, 69, 74, 79, 84, 89, 94, 100,
  ])
  const body = await submissionBody(await submission)
  expect(body).toMatchObject({
    lookingToBuy: 'Found a vehicle',
    loanAmount: 12995,
    cashDeposit: 2000,
    term: 36,
    vehicleId: 'demo-car-1',
    make: 'Ford',
    model: 'Focus 1.0 EcoBoost Titanium 5dr',
    price: 14995,
    vrm: 'LB21 KXT',
    imageUrl: '/vehicles/demo-car-1.svg',
    isJointApplication: false,
  })
  expect(body.JointApplicant).toBeUndefined()
  expect(body.employments).toEqual([
    { employmentIndex: 1, employmentStatus: 'Retired', yearsAtEmployer: 10 },
  ])
  await expectThankYouPage(page, 'milebroker')
  expect(storedApplication(String(body.submissionKey))?.status).toBe('submitted')
})
