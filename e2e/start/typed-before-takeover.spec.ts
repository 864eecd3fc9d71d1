// A pre-rendered page is on screen before the app takes it over (docs/decisions/1941): on a
// mid-range phone, seconds before. What the applicant types, chooses or ticks there meanwhile, and
// where focus and the caret are, must still be there once the app's render has replaced the page
// (docs/decisions/2128). Run as the phone would: Chromium's CPU slowed six times and slow 4G.
import { expect, test, type Page } from '@playwright/test'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { createInitialState } from '@forecourt/domain/state/application-state'
import { filledJointState, filledState } from '@forecourt/domain/test-support/test-fixtures'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'

// Seconds of throttled loading per page: more than the default allows.
test.describe.configure({ timeout: 90_000 })

/** A mid-range phone: CPU six times slower, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
}

/**
 * Seeds the tab once, before the app's first script, and records the first <h1> the parser makes:
 * the pre-rendered page's, which the app's render replaces.
 */
async function arriveWith(page: Page, state: ApplicationState | null, path: string, label: string) {
  await page.addInitScript(
    (saved) => {
      if (saved !== null && !sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('forecourt.application', saved)
        sessionStorage.setItem('e2e-seeded', '1')
      }
      const seen = window as unknown as { prerenderedHeading?: Element }
      new MutationObserver((records, observer) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLHeadingElement && node.tagName === 'H1') {
              seen.prerenderedHeading = node
              observer.disconnect()
            }
          }
        }
      }).observe(document, { childList: true, subtree: true })
    },
    state && JSON.stringify(state),
  )
  // The app's entry script is held until the applicant has done what the test does: on a slow
  // phone that is seconds of loading; here it is certain, however fast the machine.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  releases.set(page, release)
  await throttle(page)
  await page.goto(brandUrl(label, path), { waitUntil: 'commit' })
}

const releases = new WeakMap<Page, () => void>()

/** True once the app's render has replaced the pre-rendered page. */
function takenOver(page: Page) {
  return page.evaluate(() => {
    const { prerenderedHeading } = window as unknown as { prerenderedHeading?: Element }
    return prerenderedHeading !== undefined && !prerenderedHeading.isConnected
  })
}

/** What was done so far was done on the pre-rendered page; then the app takes over. */
async function thenTheAppTakesOver(page: Page) {
  expect(await takenOver(page), 'typed before the app took over').toBe(false)
  releases.get(page)?.()
  await expect.poll(() => takenOver(page), { timeout: 60_000 }).toBe(true)
}

/** The focused element's id and, for a text field, its caret. */
function focusNow(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null
    let caret: number | null = null
    try {
      caret = active?.selectionStart ?? null
    } catch {
      caret = null
    }
    return { id: active?.id ?? '', caret }
  })
}

function savedForm(page: Page) {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('forecourt.application') ?? '{}') as ApplicationState,
  )
}

/** A single applicant's answers, with the vehicle left out (it would load from stock). */
function answered(clear: (state: ApplicationState) => void): ApplicationState {
  const state = filledState()
  state.vehicleId = ''
  state.completedSteps = []
  state.form.isAgreedTermsAndConditions = false
  clear(state)
  return state
}

test('/date-of-birth: the three parts typed on the pre-rendered page are kept, with the caret in the year', async ({
  page,
}) => {
  const state = answered((draft) => {
    Object.assign(draft, { dobDay: '', dobMonth: '', dobYear: '' })
    Object.assign(draft.form, { dateOfBirth: '', dateOfBirthCompleted: false })
  })
  await arriveWith(page, state, '/date-of-birth', 'carfinance')
  await page.getByLabel('Day').click()
  // A single digit: the field pads it once the applicant leaves it, as it does with the app there.
  await page.keyboard.type('7')
  await page.keyboard.press('Tab')
  await page.keyboard.type('03')
  await page.keyboard.press('Tab')
  await page.keyboard.type('1990')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await thenTheAppTakesOver(page)

  await expect(page.getByLabel('Day')).toHaveValue('07')
  await expect(page.getByLabel('Month')).toHaveValue('03')
  await expect(page.getByLabel('Year')).toHaveValue('1990')
  expect(await focusNow(page)).toEqual({ id: 'dateOfBirth-year', caret: 2 })
  const saved = await savedForm(page)
  expect([saved.dobDay, saved.dobMonth, saved.dobYear]).toEqual(['07', '03', '1990'])
  // Typing goes on where the caret was.
  await page.keyboard.press('Backspace')
  await page.keyboard.type('8')
  await expect(page.getByLabel('Year')).toHaveValue('1890')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('9')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/personal'))
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('a visitor who chose about cookies before: the field stays where the page showed it when the app takes over, so a tap aimed at it lands in it', async ({
  page,
}) => {
  // Chosen on an earlier visit: the app draws no banner, so the page must not show one either
  // (otherwise everything under it moves up by its height at the takeover: decision 2128).
  await page.addInitScript(() => localStorage.setItem('forecourt.cookie-consent', 'accepted'))
  const state = answered((draft) => {
    Object.assign(draft, { dobDay: '', dobMonth: '', dobYear: '' })
    Object.assign(draft.form, { dateOfBirth: '', dateOfBirthCompleted: false })
  })
  await arriveWith(page, state, '/date-of-birth', 'carfinance')
  const shown = await page.getByLabel('Day').boundingBox()
  expect(shown).not.toBeNull()
  await expect(page.locator('.cookie-banner')).toBeHidden()
  await thenTheAppTakesOver(page)

  const drawn = await page.getByLabel('Day').boundingBox()
  expect(Math.abs((drawn?.y ?? 0) - shown!.y)).toBeLessThan(1)
  expect(Math.abs((drawn?.x ?? 0) - shown!.x)).toBeLessThan(1)
  await page.mouse.click(shown!.x + shown!.width / 2, shown!.y + shown!.height / 2)
  await expect(page.getByLabel('Day')).toBeFocused()
  await page.keyboard.type('7')
  await expect(page.getByLabel('Day')).toHaveValue('7')
  await expect(page.locator('.cookie-banner')).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('/marital-status: the radio chosen on the pre-rendered page stays chosen and focused', async ({
  page,
}) => {
  const state = answered((draft) => {
    Object.assign(draft.form, { maritalStatus: '', maritalStatusCompleted: false })
  })
  await arriveWith(page, state, '/marital-status', 'carfinance')
  await page.getByLabel('Single').check()
  await thenTheAppTakesOver(page)

  await expect(page.getByLabel('Single')).toBeChecked()
  await expect(page.getByLabel('Single')).toBeFocused()
  expect((await savedForm(page)).form.maritalStatus).toBe('Single')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/date-of-birth'))
})

test('/property-details: the amounts typed and the options chosen on the pre-rendered page are kept', async ({
  page,
}) => {
  const state = filledJointState()
  state.completedSteps = []
  Object.assign(state.form, {
    propertyValue: null,
    mortgageBalance: null,
    propertyBedrooms: '',
    propertyType: '',
  })
  await arriveWith(page, state, '/property-details', 'harbourlend')
  await page.getByLabel('Property value').click()
  await page.keyboard.type('250000')
  await page.getByLabel('Number of bedrooms').selectOption('4')
  await page.getByLabel('Property type').selectOption('Terraced')
  await page.getByLabel('Outstanding mortgage balance').click()
  await page.keyboard.type('1200')
  await page.keyboard.press('Home')
  await thenTheAppTakesOver(page)

  await expect(page.getByLabel('Property value')).toHaveValue('250000')
  await expect(page.getByLabel('Number of bedrooms')).toHaveValue('4')
  await expect(page.getByLabel('Property type')).toHaveValue('Terraced')
  await expect(page.getByLabel('Outstanding mortgage balance')).toHaveValue('1200')
  expect(await focusNow(page)).toEqual({ id: 'mortgageBalance', caret: 0 })
  const { form } = await savedForm(page)
  expect([
    form.propertyValue,
    form.mortgageBalance,
    form.propertyBedrooms,
    form.propertyType,
  ]).toEqual([250000, 1200, '4', 'Terraced'])
  await expectNoAxeViolations(page)
})

test('/term-to-borrow: the slider moved on the pre-rendered page keeps its place and its focus', async ({
  page,
}) => {
  const state = answered((draft) => {
    draft.form.term = null
  })
  await arriveWith(page, state, '/term-to-borrow', 'carfinance')
  const slider = page.getByRole('slider')
  await slider.focus()
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight')
  const moved = await slider.inputValue()
  await thenTheAppTakesOver(page)

  await expect(page.getByRole('slider')).toHaveValue(moved)
  await expect(page.getByRole('slider')).toBeFocused()
  await expect(page.getByLabel('Or type the number of years')).toHaveValue(moved)
  expect((await savedForm(page)).form.term).toBe(Number(moved) * 12)
  await expectNoAxeViolations(page)
})

test('/looking-to-borrow: the amount typed on the pre-rendered page is kept, with its caret', async ({
  page,
}) => {
  const state = createInitialState()
  state.affiliateConfig = filledState().affiliateConfig
  await arriveWith(page, state, '/looking-to-borrow', 'carfinance')
  await page.getByLabel('Loan amount').click()
  await page.keyboard.type('9500')
  await page.keyboard.press('ArrowLeft')
  await thenTheAppTakesOver(page)

  await expect(page.getByLabel('Loan amount')).toHaveValue('9500')
  expect(await focusNow(page)).toEqual({ id: 'loanAmount', caret: 3 })
  expect((await savedForm(page)).form.loanAmount).toBe(9500)
  await expectNoAxeViolations(page)
})

test('/: focus moved on the pre-rendered start page stays on the same link once a returning visitor’s render replaces it', async ({
  page,
}) => {
  const state = createInitialState()
  state.affiliateConfig = {
    brandId: 'carfinance',
    affiliateKey: filledState().affiliateConfig!.affiliateKey,
  }
  await arriveWith(page, state, '/', 'carfinance')
  const start = page.getByRole('link', { name: 'Start your application' })
  await start.waitFor()
  for (
    let press = 0;
    press < 12 && !(await start.evaluate((link) => link === document.activeElement));
    press++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(start).toBeFocused()
  await thenTheAppTakesOver(page)

  await expect(page.getByRole('link', { name: 'Start your application' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(brandUrl('carfinance'))
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('/optins: the boxes ticked on the pre-rendered page stay ticked, the last one focused', async ({
  page,
}) => {
  const state = answered((draft) => {
    for (const box of ['isOptedEmail', 'isOptedSms', 'isOptedPhone', 'isOptedPost'] as const) {
      draft.form[box] = false
    }
  })
  await arriveWith(page, state, '/optins', 'carfinance')
  const email = page.getByRole('checkbox', { name: /offers from Car Finance Direct by email/ })
  const post = page.getByRole('checkbox', { name: /offers from Car Finance Direct by post/ })
  await email.check()
  await post.check()
  // Ticked and unticked again before the app: not an answer.
  await email.uncheck()
  await post.focus()
  await thenTheAppTakesOver(page)

  await expect(
    page.getByRole('checkbox', { name: /Car Finance Direct by email/ }),
  ).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: /Car Finance Direct by post/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /Car Finance Direct by post/ })).toBeFocused()
  const { form } = await savedForm(page)
  expect([form.isOptedEmail, form.isOptedPost]).toEqual([false, true])
  await expectNoAxeViolations(page)
})

test('a deep link to a question the applicant may not answer yet, which the page cannot tell, moves them on, carrying nothing typed into the next question', async ({
  page,
}) => {
  // Answers in the tab but no list of the paths they open (no question screen has run in it): the
  // page shows the question until the app decides (decision 2156).
  const state = answered((draft) => {
    Object.assign(draft.form, { maritalStatus: '' })
    Object.assign(draft, { dobDay: '', dobMonth: '', dobYear: '' })
    Object.assign(draft.form, { dateOfBirth: '', dateOfBirthCompleted: false })
  })
  await arriveWith(page, state, '/date-of-birth', 'carfinance')
  await page.getByLabel('Day').click()
  await page.keyboard.type('07')
  await thenTheAppTakesOver(page)

  await expect(page).toHaveURL(brandUrl('carfinance', '/marital-status'))
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('What is your marital status?')
  await expect(heading).toBeFocused()
  expect((await savedForm(page)).dobDay).toBe('')
})

test('/date-of-birth: Enter and Continue pressed before the app takes over send nothing, by GET or otherwise; the answer stays and Continue then moves on', async ({
  page,
}) => {
  const state = answered((draft) => {
    Object.assign(draft, { dobDay: '', dobMonth: '', dobYear: '' })
    Object.assign(draft.form, { dateOfBirth: '', dateOfBirthCompleted: false })
  })
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await arriveWith(page, state, '/date-of-birth', 'carfinance')
  await page.getByLabel('Day').click()
  await page.keyboard.type('07')
  await page.keyboard.press('Tab')
  await page.keyboard.type('03')
  await page.keyboard.press('Tab')
  await page.keyboard.type('1990')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Continue' }).click()
  // Had the form been submitted, its document request would have gone by now.
  await page.waitForTimeout(1_000)
  await thenTheAppTakesOver(page)

  // The one document the tab loaded is the page itself: no submission, no answers in an address.
  expect(documents).toEqual([brandUrl('carfinance', '/date-of-birth')])
  await expect(page).toHaveURL(brandUrl('carfinance', '/date-of-birth'))
  await expect(page.getByLabel('Day')).toHaveValue('07')
  await expect(page.getByLabel('Month')).toHaveValue('03')
  await expect(page.getByLabel('Year')).toHaveValue('1990')
  const saved = await savedForm(page)
  expect([saved.dobDay, saved.dobMonth, saved.dobYear]).toEqual(['07', '03', '1990'])

  // The app has taken over: Continue is its own again.
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(brandUrl('carfinance', '/personal'))
  expect(documents).toHaveLength(1)
})

/**
 * Records, before each frame from the document's start, the texts of the <h1> elements the frame
 * shows (visible, not under `visibility: hidden`): a question the guard moves on from must never be
 * among them.
 */
async function recordShownHeadings(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = []
    ;(window as unknown as { shownHeadings: string[] }).shownHeadings = shown
    const frame = () => {
      for (const heading of document.querySelectorAll('h1')) {
        const text = heading.textContent ?? ''
        if (heading.checkVisibility({ visibilityProperty: true }) && !shown.includes(text)) {
          shown.push(text)
        }
      }
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
}

function shownHeadings(page: Page) {
  return page.evaluate(() => (window as unknown as { shownHeadings: string[] }).shownHeadings)
}

test('a new visitor’s deep link to a question they may not answer yet never shows that question: the page holds it back until the app moves them on', async ({
  page,
}) => {
  await recordShownHeadings(page)
  await arriveWith(page, null, '/date-of-birth', 'carfinance')
  // The pre-rendered question is in the page, held back: nothing on screen says it is being asked,
  // and there is no field to type into.
  const question = page.locator('h1', { hasText: 'What is your date of birth?' })
  await expect(question).toBeAttached()
  await expect(question).toBeHidden()
  await expect(page.locator('#dateOfBirth')).toBeHidden()
  await expect(page.getByRole('banner')).toBeVisible()
  await thenTheAppTakesOver(page)

  await expect(page).toHaveURL(brandUrl('carfinance', '/looking-to-borrow'))
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('How much would you like to borrow?')
  await expect(heading).toBeFocused()
  await expect(heading).toBeVisible()
  expect(await shownHeadings(page)).toEqual(['How much would you like to borrow?'])
  await expectNoAxeViolations(page)
})

test('a deep link past an unanswered question, in a tab whose question screens kept the paths it may open, never shows the question it is moved on from', async ({
  page,
}) => {
  // Answered up to the driving licence; the marital status is not.
  const state = answered((draft) => {
    Object.assign(draft.form, { maritalStatus: '' })
  })
  await page.addInitScript((saved) => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      sessionStorage.setItem('forecourt.application', saved)
      sessionStorage.setItem('e2e-seeded', '1')
    }
  }, JSON.stringify(state))
  await page.goto(brandUrl('carfinance', '/driving-licence'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'What type of driving licence do you have?',
  )
  // The question screen keeps what this application may open, for the next page's first paint.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('forecourt.open-paths')))
    .toContain('"/marital-status"')

  await recordShownHeadings(page)
  await throttle(page)
  await page.goto(brandUrl('carfinance', '/date-of-birth'))
  await expect(page).toHaveURL(brandUrl('carfinance', '/marital-status'), { timeout: 60_000 })
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('What is your marital status?')
  await expect(heading).toBeFocused()
  await expect(heading).toBeVisible()
  expect(await shownHeadings(page)).toEqual(['What is your marital status?'])
})

test('/: the cookie choice and “terms and conditions” pressed on the pre-rendered start page are acted on once the app has taken over, and only once', async ({
  page,
}) => {
  await arriveWith(page, null, '/', 'carfinance')
  const html = page.locator('html')
  await page.getByRole('button', { name: 'Reject analytics cookies' }).click()
  await page.getByRole('button', { name: 'terms and conditions' }).click()
  // Pressed before the app's entry script ran (it is held): nothing could act on the presses yet.
  await expect(html).not.toHaveAttribute('data-taken-over')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  releases.get(page)?.()
  const modal = page.getByRole('dialog', { name: 'Terms & Conditions' })
  await expect(modal).toBeVisible({ timeout: 60_000 })
  await expect(modal).toContainText(/English law/, { timeout: 30_000 })
  await expect(html).toHaveAttribute('data-taken-over', '')
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(page.getByText('You have rejected analytics cookies.')).toBeVisible()
  expect(await page.evaluate(() => Object.values(localStorage))).toContain('rejected')

  // Spent: back on the start page from the first question, nothing opens by itself.
  await page.getByRole('link', { name: 'Start your application' }).click()
  await expect(page).not.toHaveURL(brandUrl('carfinance', '/'))
  await page.goBack()
  await expect(page.getByRole('link', { name: 'Start your application' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(html).not.toHaveAttribute('data-early-clicked')
})
