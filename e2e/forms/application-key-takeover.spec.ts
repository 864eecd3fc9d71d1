// Someone who learns an application's key (the GUID in its addresses) tries to take it over from another
// browser: overwrite its partial save and submit first. The application is bound to the browser that
// started it (decision 1801): every write of the other browser is refused 403, nothing it sent is
// stored, and the applicant's own page keeps saving.
import { expect, test, type Page } from '@playwright/test'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { csrfToken } from '../support/api'
import { apiRequest, brandUrl } from '../support/brands'
import { continueButton, storedApplication } from '../support/journey'

const isPartialSave = (url: string, method: string) =>
  method === 'POST' && url.includes('/api/application/')

async function answer(page: Page, path: string, fill: () => Promise<void>) {
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await fill()
  await continueButton(page).click()
  await expect(page).not.toHaveURL(new RegExp(`${path}$`))
}

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).check()
const box = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name })

test('another browser that knows the key can neither overwrite nor submit the application', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await answer(page, '/looking-to-borrow', () => box(page, /Loan amount/).fill('9000'))
  await answer(page, '/term-to-borrow', () => box(page, 'Or type the number of years').fill('3'))
  await answer(page, '/driving-licence', () => radio(page, 'Full UK'))
  await answer(page, '/marital-status', () => radio(page, 'Single'))
  await answer(page, '/date-of-birth', async () => {
    await box(page, 'Day').fill('12')
    await box(page, 'Month').fill('08')
    await box(page, 'Year').fill('1991')
  })
  await answer(page, '/personal', async () => {
    await radio(page, 'Mx')
    await box(page, 'First name').fill('Robin')
    await box(page, 'Last name').fill('Quick')
  })
  const firstSave = page.waitForResponse((response) =>
    isPartialSave(response.url(), response.request().method()),
  )
  await answer(page, '/contact', async () => {
    await box(page, 'Email address').fill('robin.quick@example.com')
    await box(page, 'Phone number').fill('07911 123456')
  })
  const saved = await firstSave
  expect(saved.status()).toBe(202)
  const guid = decodeURIComponent(new URL(saved.url()).pathname.split('/').pop()!)

  // The other browser: its own session and anti-forgery pair, and the key, but not the secret.
  const other = await browser.newContext()
  try {
    const token = await csrfToken(other.request, 'carfinance')
    const write = (path: string, data: unknown) => {
      const target = apiRequest('carfinance', path)
      return other.request.post(target.url, {
        headers: { ...target.headers, 'x-csrf-token': token },
        data,
      })
    }
    const overwrite = await write(`/api/application/${guid}`, {
      ...(saved.request().postDataJSON() as Record<string, unknown>),
      firstName: 'Mallory',
      email: 'mallory@example.com',
    })
    expect(overwrite.status()).toBe(403)
    expect(await overwrite.json()).toEqual({
      error:
        'Every write to an application must send the x-application-secret header of the browser that started it',
      reason: 'application-secret',
    })
    const state = filledState()
    Object.assign(state, { GUID: guid, applicationKey: guid })
    const submitted = await write(
      `/api/submission/${guid}`,
      toFullSubmissionPayload(state, {
        brand: brands.carfinance,
        now: new Date(),
        agreeTerms: true,
      }),
    )
    expect(submitted.status()).toBe(403)
  } finally {
    await other.close()
  }
  expect(storedApplication(guid)).toMatchObject({ status: 'partial' })
  expect(storedApplication(guid)?.payload).toMatchObject({
    firstName: 'Robin',
    email: 'robin.quick@example.com',
  })

  // The applicant's own page still saves: back to the contact screen, a changed phone number.
  await page.goBack()
  await expect(page).toHaveURL(/\/contact$/)
  const nextSave = page.waitForResponse((response) =>
    isPartialSave(response.url(), response.request().method()),
  )
  await box(page, 'Phone number').fill('07911 654321')
  await continueButton(page).click()
  expect((await nextSave).status()).toBe(202)
  await expect
    .poll(() => (storedApplication(guid)?.payload as { contactNumber?: string }).contactNumber)
    .toBe('07911654321')
})
