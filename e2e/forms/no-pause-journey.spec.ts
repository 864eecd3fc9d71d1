// An applicant who never pauses: every screen is filled and Continue pressed at once, with no wait
// for debounces or for the page to settle. The first partial save must reach the server right
// after the contact screen, later answers must follow while the applicant keeps going, and the
// last ones must be saved when the page goes away (docs/decisions/1536).
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import { continueButton, storedApplication } from '../support/journey'

const isPartialSave = (url: string, method: string) =>
  method === 'POST' && url.includes('/api/application/')

/** Fills the screen at `path` and presses Continue at once: no pause anywhere. */
async function answerAtOnce(page: Page, path: string, fill: () => Promise<void>) {
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await fill()
  await continueButton(page).click()
  await expect(page).not.toHaveURL(new RegExp(`${path}$`))
}

type PartialSaveClock = Window & { partialSaveCalls: number[] }

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).check()
const box = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name })

test('a journey that never pauses is saved right after the contact screen, and again as it goes', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const saves: { at: number; body: Record<string, unknown> }[] = []
  // Notes, on the page's monotonic clock, each time the form hands a partial save to fetch.
  await page.addInitScript(() => {
    const clock = window as PartialSaveClock
    clock.partialSaveCalls = []
    const fetchOfThePage = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (init?.method === 'POST' && url.includes('/api/application/')) {
        clock.partialSaveCalls.push(performance.now())
      }
      return fetchOfThePage(input, init)
    }
  })
  page.on('request', (request) => {
    if (isPartialSave(request.url(), request.method())) {
      saves.push({ at: Date.now(), body: JSON.parse(request.postData() ?? '{}') })
    }
  })

  await page.goto(brandUrl('carfinance'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await answerAtOnce(page, '/looking-to-borrow', () => box(page, /Loan amount/).fill('9000'))
  await answerAtOnce(page, '/term-to-borrow', () =>
    box(page, 'Or type the number of years').fill('3'),
  )
  await answerAtOnce(page, '/driving-licence', () => radio(page, 'Full UK'))
  await answerAtOnce(page, '/marital-status', () => radio(page, 'Single'))
  await answerAtOnce(page, '/date-of-birth', async () => {
    await box(page, 'Day').fill('12')
    await box(page, 'Month').fill('08')
    await box(page, 'Year').fill('1991')
  })
  await answerAtOnce(page, '/personal', async () => {
    await radio(page, 'Mx')
    await box(page, 'First name').fill('Robin')
    await box(page, 'Last name').fill('Quick')
  })
  expect(saves).toEqual([])

  // The email waits 1 s after typing before it is committed; Continue commits it at once, and the
  // partial save goes with the same press.
  const firstSave = page.waitForResponse(
    (response) => isPartialSave(response.url(), response.request().method()),
    { timeout: 5_000 },
  )
  await answerAtOnce(page, '/contact', async () => {
    await box(page, 'Email address').fill('robin.quick@example.com')
    await box(page, 'Phone number').fill('07911 123456')
  })
  const pressedAt = Date.now()
  const answer = await firstSave
  expect(answer.status()).toBe(202)
  expect(await answer.json()).toEqual({ status: 'saved' })
  const guid = decodeURIComponent(new URL(answer.url()).pathname.split('/').pop()!)
  expect(saves[0]!.at - pressedAt).toBeLessThan(1500)
  expect(saves[0]!.body).toMatchObject({
    firstName: 'Robin',
    lastName: 'Quick',
    email: 'robin.quick@example.com',
    contactNumber: '07911123456',
    maritalStatus: 'Single',
  })
  expect(storedApplication(guid)?.status).toBe('partial')

  // Still no pause: the answers that follow are saved at most every 2 s, without waiting for one.
  await answerAtOnce(page, '/address/1', async () => {
    await box(page, 'Postcode').fill('LS1 4DY')
    await page.getByRole('button', { name: 'Find address' }).click()
    await page.getByRole('combobox', { name: 'Address' }).selectOption({ index: 1 })
  })
  await answerAtOnce(page, '/address-length/1', async () => {
    await box(page, 'Years').fill('6')
  })
  await answerAtOnce(page, '/residential-status/1', () => radio(page, 'Private tenant'))
  await answerAtOnce(page, '/employment/1', () => radio(page, 'Self-employed'))
  // The employer screen speaks of a business to the self-employed, in its heading and its title.
  await expect(page.getByRole('heading', { level: 1, name: 'About your business' })).toBeFocused()
  await expect(page).toHaveTitle('About your business – Car Finance Direct')
  await expectNoAxeViolations(page)
  await answerAtOnce(page, '/employment-add/1', async () => {
    await box(page, 'Occupation').fill('Plumber')
    await box(page, 'Business name').fill('Quick Pipes')
    await box(page, 'Business town').fill('Leeds')
  })

  await expect.poll(() => saves.length, { timeout: 5_000 }).toBeGreaterThan(1)
  // The gaps are read from the page's own clock at the moment the form called fetch: neither when
  // the test process heard of the request nor when the browser's network stack started it, both of
  // which arrive late and bunched together on a loaded machine.
  const calledAt = await page.evaluate(() => (window as PartialSaveClock).partialSaveCalls)
  expect(calledAt.length).toBeGreaterThan(1)
  for (let i = 1; i < calledAt.length; i += 1) {
    // At most one save in any 2 s (a little allowance for timers on a busy page).
    expect(calledAt[i]! - calledAt[i - 1]!).toBeGreaterThan(1900)
  }
  // The trailing save carries the answers given since, without the applicant ever stopping.
  await expect
    .poll(() => (storedApplication(guid)?.payload as { employments?: unknown[] })?.employments, {
      timeout: 6_000,
    })
    .toEqual([
      expect.objectContaining({
        employmentStatus: 'Self-employed',
        occupation: 'Plumber',
        employerName: 'Quick Pipes',
      }),
    ])

  // The answer given just before the page goes is saved as it goes.
  await expect(page).toHaveURL(/\/employment-length\/1$/)
  await box(page, 'Years').fill('9')
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/employment-income\/1$/)
  await box(page, /monthly income/).fill('2750')
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/joint$/)
  await page.close({ runBeforeUnload: true })
  await expect
    .poll(
      () => (storedApplication(guid)?.payload as { netMonthlyIncome?: number })?.netMonthlyIncome,
      {
        timeout: 5_000,
      },
    )
    .toBe(2750)
})
