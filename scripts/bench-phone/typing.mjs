/* global document */
// The end-to-end suite's walks (e2e/support/walks.ts) typed as a person types: the page they are
// given is this page seen through a proxy whose locators type (`fill` becomes a tap on the field
// and one key press after another, with a pause between keys) and tap (`check` becomes a tap, then
// the tick is made sure of). Everything else is the page's own.
//
// With `reloads`, the first answer given on each question screen is given on that screen freshly
// reloaded: the page is reloaded, the field is found on the pre-rendered page as soon as it shows,
// and the answer is typed (or tapped) at once, before the app's scripts have run; once they have
// taken the page over, what the field holds is compared with what was typed. The app's entry
// script is held at the network until the answer is in (as e2e/start/typed-before-takeover.spec.ts
// holds it): on a phone its scripts take seconds, and on a loaded machine the harness's own
// round trips could otherwise decide whether the typing came first. The other scripts come from
// the browser's cache, as a phone's reopened tab has them.
import { missingCharacters, notOnShow } from './figures.mjs'
import { ownedByApp } from './phone.mjs'

/** A pause between two key presses: a quick typist's. */
export const KEY_DELAY_MS = 80
/** After the app owns the field, its first render's follow-ups (carrying what was typed) settle. */
const SETTLE_MS = 1000
const TAKEOVER_TIMEOUT_MS = 60_000
/** The app's entry script (Vite's `assets/index-<hash>.js`), which starts everything else. */
const ENTRY_SCRIPT_PATTERN = '*/assets/index-*.js'

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
 * @property {boolean} raced the answer was in before the app owned the field (else not valid)
 * @property {string} [notOnShow] why the screen showed no field to answer before the app took it
 *   over (then nothing was typed before it, and the answer was typed once the app had the field)
 * @property {number} typed characters typed (text)
 * @property {number} lost characters missing once the app had taken over (text)
 * @property {boolean} choiceLost the radio or tick box was no longer chosen (choice)
 * @property {boolean} focusKept the field still had focus once the app had taken over
 * @property {number} takeoverMs from the reload to the app owning the field
 */

/**
 * @param {import('playwright-core').Page} page
 * @param {{ reloads?: boolean, maxReloads?: number, onReload?: (result: ReloadResult) => void, entry?: ReturnType<typeof holdEntryScript> }} [options]
 *   `entry`: started before the page's first load, for the reloads.
 */
export function typingPage(page, { reloads = false, maxReloads = Infinity, onReload, entry } = {}) {
  const tested = new Set()
  const due = () => {
    if (!reloads || tested.size >= maxReloads) return undefined
    const path = new URL(page.url()).pathname
    if (tested.has(path)) return undefined
    tested.add(path)
    return path
  }

  const here = () => new URL(page.url()).pathname

  /**
   * The screen reloaded with the app's entry script held. `shown`: the field is on show on the
   * pre-rendered page, the script still held (call `release`); else `why` it is not, the script
   * released and the app owning the field.
   */
  async function reload(locator) {
    const started = Date.now()
    const release = entry.hold()
    await page.reload({ waitUntil: 'commit' })
    // The HTML parsed and its stylesheets applied; the held entry script has not run.
    await page
      .waitForFunction(
        () =>
          document.readyState !== 'loading' &&
          [...document.querySelectorAll('link[rel="stylesheet"]')].every(
            (link) => link.sheet !== null,
          ),
        undefined,
        { timeout: TAKEOVER_TIMEOUT_MS, polling: 20 },
      )
      .catch((error) => {
        release()
        throw new Error(`${here()}: the reloaded page was not parsed: ${firstLine(error)}`)
      })
    const frame = await page.evaluate(() => {
      const screen = document.querySelector('.screen')
      return {
        screen: screen !== null,
        unseen: screen?.classList.contains('screen--unseen') ?? false,
        held: document.documentElement.hasAttribute('data-deep-link-hold'),
      }
    })
    const fieldVisible = await locator.isVisible()
    if (fieldVisible) return { shown: true, started, release }
    const why = notOnShow({ fieldVisible, ...frame })
    release()
    if (why === undefined) {
      throw new Error(
        `${here()}: the pre-rendered screen is on show but not the field to answer (${locator})`,
      )
    }
    await locator.waitFor({ state: 'visible', timeout: TAKEOVER_TIMEOUT_MS }).catch((error) => {
      throw new Error(
        `${here()}: the field to answer did not show once the app ran: ${firstLine(error)}`,
      )
    })
    while (!(await ownedByApp(locator).catch(() => false))) {
      if (Date.now() - started > TAKEOVER_TIMEOUT_MS) {
        throw new Error(`${here()}: the app did not take the page over`)
      }
      await page.waitForTimeout(20)
    }
    return { shown: false, why, takeoverMs: Date.now() - started }
  }

  /** A screen that showed no field before the app took over: nothing could be typed there first. */
  const unshown = (path, kind, { why, takeoverMs }) => ({
    path,
    kind,
    raced: false,
    notOnShow: why,
    typed: 0,
    lost: 0,
    choiceLost: false,
    focusKept: true,
    takeoverMs,
  })

  async function takenOver(locator, started, release) {
    const raced = !(await ownedByApp(locator))
    release()
    const deadline = Date.now() + TAKEOVER_TIMEOUT_MS
    while (!(await ownedByApp(locator).catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${here()}: the app did not take the page over`)
      await page.waitForTimeout(20)
    }
    const takeoverMs = Date.now() - started
    await page.waitForTimeout(SETTLE_MS)
    const focusKept = await locator.evaluate((element) => element === document.activeElement)
    return { raced, takeoverMs, focusKept }
  }

  async function type(locator, value) {
    await locator.click()
    // A phone's browser opens its on-screen keyboard and scrolls the field into the screen left
    // above it. Chromium's emulation has no keyboard: typed into a field at the bottom edge of the
    // emulated screen, no frame was presented until the next scroll, and each key counted 2-5 s
    // of Interaction to Next Paint that no phone shows (docs/benchmarks.md, bench:phone notes).
    await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    if ((await locator.inputValue()) !== '') await locator.press('ControlOrMeta+a')
    if (value === '') await locator.press('Delete')
    else await locator.pressSequentially(value, { delay: KEY_DELAY_MS })
  }

  const actions = {
    async fill(locator, value) {
      const path = due()
      if (path === undefined) return type(locator, value)
      const reloaded = await reload(locator)
      if (!reloaded.shown) {
        onReload?.(unshown(path, 'text', reloaded))
        return type(locator, value)
      }
      const { started, release } = reloaded
      await type(locator, value)
      const { raced, takeoverMs, focusKept } = await takenOver(locator, started, release)
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
      const reloaded = await reload(locator)
      if (!reloaded.shown) {
        onReload?.(unshown(path, 'choice', reloaded))
        await locator.click()
        if (!(await locator.isChecked())) await locator.check()
        return
      }
      const { started, release } = reloaded
      await locator.click()
      const { raced, takeoverMs, focusKept } = await takenOver(locator, started, release)
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

/**
 * Holds the app's entry script at the network while `hold()`'s release is not called, through
 * Chromium's own request interception for that one address. Playwright's routing would make every
 * request bypass the cache, which a phone's reopened tab does not; instead the entry script alone
 * is answered with `Cache-Control: no-store`, so that each reload asks the network for it (a cached
 * copy would never reach the interception) while every other script comes from the cache.
 * `start()` before the page's first load.
 * @param {import('playwright-core').Page} page
 */
export function holdEntryScript(page) {
  let held = Promise.resolve()
  let session
  return {
    async start() {
      session = await page.context().newCDPSession(page)
      session.on(
        'Fetch.requestPaused',
        async ({ requestId, responseStatusCode, responseHeaders }) => {
          if (responseStatusCode === undefined) {
            await held
            await session.send('Fetch.continueRequest', { requestId }).catch(() => undefined)
            return
          }
          const headers = [
            ...(responseHeaders ?? []).filter(
              ({ name }) =>
                !/^(cache-control|expires|etag|last-modified|content-encoding|content-length)$/i.test(
                  name,
                ),
            ),
            { name: 'Cache-Control', value: 'no-store' },
          ]
          try {
            const { body, base64Encoded } = await session.send('Fetch.getResponseBody', {
              requestId,
            })
            await session.send('Fetch.fulfillRequest', {
              requestId,
              responseCode: responseStatusCode,
              responseHeaders: headers,
              body: base64Encoded ? body : Buffer.from(body).toString('base64'),
            })
          } catch (error) {
            console.error(`The entry script's response could not be rewritten: ${error}`)
            await session.send('Fetch.continueRequest', { requestId }).catch(() => undefined)
          }
        },
      )
      await session.send('Fetch.enable', {
        patterns: [
          { urlPattern: ENTRY_SCRIPT_PATTERN, requestStage: 'Request' },
          { urlPattern: ENTRY_SCRIPT_PATTERN, requestStage: 'Response' },
        ],
      })
    },
    hold() {
      let release = () => {}
      held = new Promise((resolve) => (release = resolve))
      return release
    },
  }
}

/** An error's first line. */
export function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split('\n')[0]
}
