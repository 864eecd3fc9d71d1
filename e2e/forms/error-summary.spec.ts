// Wrong answers (not blank ones) typed and Continue pressed at once, as a person does: the press
// must not be lost to the message that appears as the field is left, and the error summary must
// list every message, each linking to its field, with "Error: " in the title (docs/decisions/1538).
import { expect, test, type Page } from '@playwright/test'
import { aboutYou } from '../support/answers'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { choose, continueButton, step } from '../support/journey'

const summary = (page: Page) =>
  page.getByRole('heading', { name: 'There is a problem' }).locator('xpath=..')

async function summaryLinks(page: Page): Promise<[string, string][]> {
  return summary(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']),
    )
}

async function start(page: Page) {
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
}

test('a loan amount out of range and Continue pressed at once: the summary shows, the press is not lost', async ({
  page,
}) => {
  await start(page)
  await expect(page).toHaveURL(/\/looking-to-borrow$/)
  const amount = page.getByRole('textbox', { name: /Loan amount/ })
  await amount.fill('999999')
  await continueButton(page).click()

  await expect(summary(page)).toBeVisible()
  expect(await summaryLinks(page)).toEqual([['Must be between 1,000 and 50,000.', '#loanAmount']])
  await expect(page).toHaveTitle(/^Error: How much would you like to borrow\?/)
  // Continue ran: it moved focus to the field in error (a lost press would leave it elsewhere).
  await expect(amount).toBeFocused()
  await expect(page).toHaveURL(/\/looking-to-borrow$/)
  await expectNoAxeViolations(page)
})

test('wrong date, phone and email: every message in the summary, each link reaching its field', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await start(page)
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('12000'),
  )
  await step(page, '/term-to-borrow', () =>
    page.getByRole('textbox', { name: 'Or type the number of years' }).fill('4'),
  )
  await step(page, '/driving-licence', () => choose(page, 'Full UK'))
  await step(page, '/marital-status', () => choose(page, 'Married'))

  // Date of birth: the month is wrong; the link goes to the month.
  await expect(page).toHaveURL(/\/date-of-birth$/)
  await page.getByRole('textbox', { name: 'Day' }).fill('12')
  await page.getByRole('textbox', { name: 'Month' }).fill('13')
  await page.getByRole('textbox', { name: 'Year' }).fill('1990')
  await continueButton(page).click()
  await expect(summary(page)).toBeVisible()
  expect(await summaryLinks(page)).toEqual([
    ['Please enter a month between 1 and 12.', '#dateOfBirth-month'],
  ])
  await expect(page).toHaveTitle(/^Error: /)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Please enter a month between 1 and 12.' }).click()
  await expect(page.getByRole('textbox', { name: 'Month' })).toBeFocused()
  await page.getByRole('textbox', { name: 'Month' }).fill('11')
  await expect(summary(page)).toBeHidden()
  await expect(page).not.toHaveTitle(/^Error: /)
  await continueButton(page).click()

  await step(page, '/personal', async () => {
    await choose(page, 'Ms')
    await page.getByRole('textbox', { name: 'First name' }).fill('Ada')
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace')
  })

  // Contact: both wrong, typed one after the other and Continue pressed at once.
  await expect(page).toHaveURL(/\/contact$/)
  const email = page.getByRole('textbox', { name: 'Email address' })
  const phone = page.getByRole('textbox', { name: 'Phone number' })
  await email.fill('ada@')
  // Leaving the email shows its message in the summary at once, without taking focus from the phone.
  await phone.focus()
  await expect(summary(page)).toBeVisible()
  expect(await summaryLinks(page)).toEqual([
    ['Please try again. That email address doesn’t look right.', '#email'],
  ])
  await expect(phone).toBeFocused()
  await phone.fill('0161 496')
  await continueButton(page).click()
  expect(await summaryLinks(page)).toEqual([
    ['Please try again. That email address doesn’t look right.', '#email'],
    ['Please try again, UK phone numbers should contain 11 digits.', '#contactNumber'],
  ])
  await expect(email).toBeFocused()
  await expect(page).toHaveTitle(/^Error: How can we contact you\?/)
  await expectNoAxeViolations(page)
  await page
    .getByRole('link', { name: 'Please try again, UK phone numbers should contain 11 digits.' })
    .click()
  await expect(phone).toBeFocused()
})

test('years and months with no time at all: the summary shows as soon as the question is left', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await start(page)
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('12000'),
  )
  await step(page, '/term-to-borrow', () =>
    page.getByRole('textbox', { name: 'Or type the number of years' }).fill('4'),
  )
  await aboutYou(page)
  await step(page, '/address/1', async () => {
    await page.getByRole('textbox', { name: 'Postcode' }).fill('M1 1AE')
    await page.getByRole('button', { name: 'Find address' }).click()
    await page.getByRole('combobox', { name: 'Address' }).selectOption({ index: 1 })
  })
  await expect(page).toHaveURL(/\/address-length\/1$/)
  await page.getByRole('textbox', { name: 'Years' }).fill('0')
  await page.getByRole('textbox', { name: 'Months' }).fill('0')
  await page.keyboard.press('Tab')
  await expect(summary(page)).toBeVisible()
  expect(await summaryLinks(page)).toEqual([['Please answer this question.', '#timeAtAddress']])
  await expectNoAxeViolations(page)
})
