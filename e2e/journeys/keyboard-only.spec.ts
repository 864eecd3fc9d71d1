import { expect, test, type Page } from '@playwright/test'
import { brandUrl } from '../support/brands'

/** Presses Tab until the focused element matches, as a keyboard user would; fails after 40 presses. */
async function tabTo(page: Page, describe: string, matches: (el: Element) => boolean) {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab')
    const found = await page.evaluate((source) => {
      const el = document.activeElement
      return el ? (new Function('el', `return (${source})(el)`)(el) as boolean) : false
    }, matches.toString())
    if (found) return
  }
  throw new Error(`Tab never reached ${describe}`)
}

const byText = (text: string) => `(el) => el.textContent.trim() === ${JSON.stringify(text)}`

async function tabToButton(page: Page, name: string) {
  await tabTo(page, name, new Function('return ' + byText(name))() as (el: Element) => boolean)
}

test('the first screens of the journey work with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(brandUrl('creditlens'))
  await tabToButton(page, 'Start your application')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/looking-to-borrow$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await tabTo(page, 'the amount', (el) => el.id === 'loanAmount')
  await page.keyboard.type('9000')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/term-to-borrow$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await tabTo(page, 'the slider', (el) => el.getAttribute('type') === 'range')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('textbox', { name: 'Or type the number of years' })).toHaveValue('5')
  await tabToButton(page, 'Continue')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/driving-licence$/)
  await tabTo(page, 'the first licence', (el) => el.getAttribute('type') === 'radio')
  await page.keyboard.press('Space')
  await tabToButton(page, 'Continue')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/marital-status$/)
  await tabTo(page, 'the first status', (el) => el.getAttribute('type') === 'radio')
  await page.keyboard.press('ArrowDown')
  await tabToButton(page, 'Continue')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/date-of-birth$/)
  // An empty Continue: the error summary appears and focus goes to the first error's field.
  await tabToButton(page, 'Continue')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Day' })).toBeFocused()
  // Focus moves on after two digits of the day, and again after two of the month.
  await page.keyboard.type('0912')
  await expect(page.getByRole('textbox', { name: 'Month' })).toHaveValue('12')
  await expect(page.getByRole('textbox', { name: 'Year' })).toBeFocused()
  await page.keyboard.type('1979')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/personal$/)
  const state = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('forecourt.application')!),
  )
  expect(state.form).toMatchObject({
    loanAmount: 9000,
    term: 60,
    drivingLicenceType: 'Full UK',
    maritalStatus: 'Married',
    dateOfBirth: '1979-12-09T00:00:00.000Z',
  })
})
