/* global document */
// The end-to-end suite's walks (e2e/support/walks.ts) typed as a person types: the page they are
// given is this page seen through a proxy whose locators type (`fill` becomes a tap on the field
// and one key press after another, with a pause between keys) and tap (`check` becomes a tap, then
// the tick is made sure of). Everything else is the page's own.
//
// With `reloads`, the first answer given on each question screen is given on that screen freshly
// reloaded: the page is reloaded, the field is found on the pre-rendered page as soon as it shows,
// and the answer is typed (or tapped) at once, before the app's scripts have taken the page over;
// once they have, what the field holds is compared with what was typed.
import { missingCharacters } from './figures.mjs'
import { ownedByApp } from './phone.mjs'

/** A pause between two key presses: a quick typist's. */
export const KEY_DELAY_MS = 80
/** After the app owns the field, its first render's follow-ups (carrying what was typed) settle. */
const SETTLE_MS = 1000
const TAKEOVER_TIMEOUT_MS = 60_000

const LOCATOR_MAKERS = new Set([
  'getByRole',
  'getByLabel',
  'getByText',
  'getByPlaceholder',
  'getByTestId',
  'getByTitle',
  'getByAltText',
  'locator',
  'filter',
  'first',
  'last',
  'nth',
  'and',
  'or',
])

function wrap(target, actions) {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(actions, property) && object._apiName === 'Locator') {
        return (...args) => actions[property](object, ...args)
      }
      const value = Reflect.get(object, property, object)
      if (typeof value !== 'function') return value
      if (LOCATOR_MAKERS.has(property)) {
        return (...args) => wrap(value.apply(object, args), actions)
      }
      return value.bind(object)
    },
  })
}

/**
 * @typedef {object} ReloadResult
 * @property {string} path the screen
 * @property {'text' | 'choice'} kind
 * @property {boolean} raced the first key (or the tap) went in before the app owned the field
 * @property {number} typed characters typed (text)
 * @property {number} lost characters missing once the app had taken over (text)
 * @property {boolean} choiceLost the radio or tick box was no longer chosen (choice)
 * @property {boolean} focusKept the field still had focus once the app had taken over
 * @property {number} takeoverMs from the reload to the app owning the field
 */

/**
 * @param {import('playwright-core').Page} page
 * @param {{ reloads?: boolean, maxReloads?: number, onReload?: (result: ReloadResult) => void }} [options]
 */
export function typingPage(page, { reloads = false, maxReloads = Infinity, onReload } = {}) {
  const tested = new Set()
  const due = () => {
    if (!reloads || tested.size >= maxReloads) return undefined
    const path = new URL(page.url()).pathname
    if (tested.has(path)) return undefined
    tested.add(path)
    return path
  }

  async function reload(locator) {
    const started = Date.now()
    await page.reload({ waitUntil: 'commit' })
    await locator.waitFor({ state: 'visible', timeout: TAKEOVER_TIMEOUT_MS })
    return { started, raced: !(await ownedByApp(locator)) }
  }

  async function takenOver(locator, started) {
    const deadline = Date.now() + TAKEOVER_TIMEOUT_MS
    while (!(await ownedByApp(locator).catch(() => false))) {
      if (Date.now() > deadline) throw new Error('the app did not take the page over')
      await page.waitForTimeout(20)
    }
    const takeoverMs = Date.now() - started
    await page.waitForTimeout(SETTLE_MS)
    const focusKept = await locator.evaluate((element) => element === document.activeElement)
    return { takeoverMs, focusKept }
  }

  async function type(locator, value) {
    await locator.click()
    if ((await locator.inputValue()) !== '') await locator.press('ControlOrMeta+a')
    if (value === '') await locator.press('Delete')
    else await locator.pressSequentially(value, { delay: KEY_DELAY_MS })
  }

  const actions = {
    async fill(locator, value) {
      const path = due()
      if (path === undefined) return type(locator, value)
      const { started, raced } = await reload(locator)
      await type(locator, value)
      const { takeoverMs, focusKept } = await takenOver(locator, started)
      const kept = await locator.inputValue()
      const lost = missingCharacters(value, kept)
      onReload?.({
        path,
        kind: 'text',
        raced,
        typed: value.length,
        lost,
        choiceLost: false,
        focusKept,
        takeoverMs,
      })
      // So the walk can go on: what was lost is typed again.
      if (lost > 0) await type(locator, value)
    },
    async check(locator) {
      const path = due()
      if (path === undefined) {
        if (await locator.isChecked()) return
        await locator.click()
        if (!(await locator.isChecked())) await locator.check()
        return
      }
      const { started, raced } = await reload(locator)
      await locator.click()
      const { takeoverMs, focusKept } = await takenOver(locator, started)
      const choiceLost = !(await locator.isChecked())
      onReload?.({
        path,
        kind: 'choice',
        raced,
        typed: 0,
        lost: 0,
        choiceLost,
        focusKept,
        takeoverMs,
      })
      if (choiceLost) await locator.check()
    },
  }
  return wrap(page, actions)
}
