// "Start a new application" on a question screen asks first (docs/decisions/1539).
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { step } from '../support/journey'

const STORAGE_KEY = 'forecourt.application'

async function stored(page: Page) {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), STORAGE_KEY)
}

test('start-new asks in a dialog; "no" and Escape keep the answers, "yes" starts again', async ({
  page,
}) => {
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await step(page, '/looking-to-borrow', () =>
    page.getByRole('textbox', { name: /Loan amount/ }).fill('12000'),
  )
  await expect(page).toHaveURL(/\/term-to-borrow$/)
  const before = await stored(page)
  expect(before.form.loanAmount).toBe(12000)

  const startNew = page.getByRole('button', { name: 'Start a new application' })
  // Drawn as a link in the footer, nothing like the Previous button.
  expect(await startNew.evaluate((element) => [...element.classList])).not.toContain('button')
  await expect(startNew).toHaveClass(/link-button/)
  const previous = page.getByRole('button', { name: 'Previous' })
  const previousBox = (await previous.boundingBox())!
  const startNewBox = (await startNew.boundingBox())!
  expect(startNewBox.y - (previousBox.y + previousBox.height)).toBeGreaterThan(200)

  await startNew.click()
  const dialog = page.getByRole('dialog', { name: 'Start a new application?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Start a new application?' })).toBeFocused()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'No, keep my answers' }).click()
  await expect(dialog).toBeHidden()
  await expect(startNew).toBeFocused()
  await expect(page).toHaveURL(/\/term-to-borrow$/)
  expect((await stored(page)).form.loanAmount).toBe(12000)

  await startNew.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect((await stored(page)).GUID).toBe(before.GUID)

  await startNew.click()
  await dialog.getByRole('button', { name: 'Yes, start again' }).click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/'))
  // After the reload a new application starts, with nothing of the old one.
  await expect
    .poll(async () => (await stored(page).catch(() => null))?.GUID ?? before.GUID)
    .not.toBe(before.GUID)
  expect((await stored(page)).form.loanAmountCompleted).toBe(false)
})
