// The progress bar when answers changed from the check page lengthen the path
// (docs/decisions/2082-progress-never-moves-backwards.md): a history shortened, then a joint
// applicant added. The bar never falls, is below 100 while any screen is unanswered, and reaches
// 100 with the check page's agreement. The readings themselves are taken by `step` (journey.ts).
import { expect, test, type Page } from '@playwright/test'
import { agreeAndSubmit, jointApplicant, jointIncomeAndContact } from '../support/answers'
import { brandUrl } from '../support/brands'
import {
  CHECK_PAGE,
  choose,
  expectProgress,
  findAddress,
  progressSeen,
  step,
  yearsMonths,
} from '../support/journey'
import { singleVehicleOnCarfinance } from '../support/walks'

async function change(page: Page, answer: string) {
  await page.getByRole('link', { name: `Change ${answer}` }).click()
}

test('carfinance: a short history and a joint applicant added from the check page never move the bar back', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await singleVehicleOnCarfinance(page)

  // 20 screens on a path that never changed: each takes 5 % of the bar, floor(100 × i / 20).
  await expect(page).toHaveURL(new RegExp(`${CHECK_PAGE}$`))
  expect(await expectProgress(page, CHECK_PAGE)).toBe(95)
  expect(progressSeen(page).map(({ percent }) => percent)).toEqual(
    Array.from({ length: 20 }, (_, i) => 5 * i),
  )

  // Five years at the address becomes one: three screens for a previous address join the path.
  // Nothing answered is lost, so the bar holds at 95; the 5 % left is shared by the 4 screens left
  // (the three new ones and the agreement): 1.25 % each, shown rounded down.
  await change(page, 'time at current address')
  await step(page, '/address-length/1', () => yearsMonths(page, '1'))
  await step(page, '/address/2', () => findAddress(page, 'SW1A 1AA'))
  await step(page, '/address-length/2', () => yearsMonths(page, '4'))
  await step(page, '/residential-status/2', () => choose(page, 'Private tenant'))
  await expect(page).toHaveURL(new RegExp(`${CHECK_PAGE}$`))
  expect(await expectProgress(page, CHECK_PAGE)).toBe(98)

  // A joint applicant: 8 more screens. The 1.25 % left is shared by the 9 screens left, so the bar
  // creeps from 98.75 % and still shows 99 % at most until the agreement is given.
  await change(page, 'joint application')
  await step(page, '/joint', () => choose(page, 'Yes'))
  await jointApplicantFromCheck(page)
  await expect(page).toHaveURL(new RegExp(`${CHECK_PAGE}$`))

  expect(progressSeen(page).slice(20)).toEqual([
    { path: '/address-length/1', percent: 95 },
    { path: '/address/2', percent: 95 },
    { path: '/address-length/2', percent: 96 },
    { path: '/residential-status/2', percent: 97 },
    { path: '/before-you-submit', percent: 98 },
    { path: '/joint', percent: 98 },
    { path: '/joint-customer-details', percent: 98 },
    { path: '/joint-date-of-birth', percent: 98 },
    { path: '/joint-same-address', percent: 99 },
    { path: '/joint-employment-add', percent: 99 },
    { path: '/joint-employment-length', percent: 99 },
    { path: '/joint-employment-income', percent: 99 },
    { path: '/joint-customer-contact', percent: 99 },
    { path: '/joint-optins', percent: 99 },
  ])
  // The agreement is the last answer: 99 % before it, 100 % with it (agreeAndSubmit reads both).
  await agreeAndSubmit(page)
  expect(progressSeen(page).slice(-2)).toEqual([
    { path: CHECK_PAGE, percent: 99 },
    { path: CHECK_PAGE, percent: 100 },
  ])
  await expect(page).toHaveURL(/\/submit$/)
})

/**
 * The joint applicant's screens, each opened from the check page in turn (the way back carried in
 * the address), answered as the shared answers give them; they live with the applicant.
 */
async function jointApplicantFromCheck(page: Page) {
  await jointApplicant(page, 'Full UK')
  await step(page, '/joint-same-address', () => choose(page, 'Yes'))
  await step(page, '/joint-employment-add', async () => {
    await choose(page, 'Part-time employed')
    await page.getByRole('textbox', { name: 'Their occupation' }).fill('Teacher')
    await page.getByRole('textbox', { name: 'Their employer name' }).fill('Leeds Primary')
    await page.getByRole('textbox', { name: 'Their employer town' }).fill('Leeds')
  })
  await jointIncomeAndContact(page)
  await step(page, '/joint-optins', async () => {}, { emptyFails: false })
}
