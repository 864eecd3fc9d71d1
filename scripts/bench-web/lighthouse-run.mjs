// One Lighthouse navigation in a fresh Chromium: mobile form factor and simulated throttling (the
// defaults), with performance, accessibility and best practices. A page can be handed a
// session-storage entry that is in place before the app's first script runs, so a guarded screen
// opens as it does for an applicant who answered the earlier questions.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices']

/**
 * @typedef {object} LighthouseFigures
 * @property {number} performance 0–100
 * @property {number} accessibility 0–100
 * @property {number} bestPractices 0–100
 * @property {number} lcpMs
 * @property {number} tbtMs
 * @property {number} cls
 * @property {number | undefined} benchmarkIndex Lighthouse's measure of this machine's speed
 * @property {string} finalUrl the address shown at the end (after any in-app redirect)
 * @property {string} heading the page's h1 once Lighthouse had finished
 * @property {string} chromiumVersion
 * @property {string} lighthouseVersion
 * @property {string[]} problems a runtime error or a missing figure: the run does not count
 * @property {string[]} failedAudits titles of the audits that lowered accessibility or best practices
 * @property {string[]} consoleErrors the errors Lighthouse saw logged (best practices)
 * @property {string} lcpElement the CSS selector of the largest contentful paint's element
 * @property {{ selector: string, score: number }[]} shifted the elements that moved, with their share of CLS
 */

/**
 * @param {string} url
 * @param {{ sessionStorage?: { key: string, value: string } }} [options]
 * @returns {Promise<LighthouseFigures>}
 */
export async function runLighthouse(url, { sessionStorage } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  })
  let browser
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    })
    const page = (await browser.pages())[0] ?? (await browser.newPage())
    if (sessionStorage) {
      const origin = new URL(url).origin
      // Runs in every new document of the tab before the page's own scripts; only the audited
      // origin gets the entry (Lighthouse passes through about:blank first).
      await page.evaluateOnNewDocument(
        (wantedOrigin, key, value) => {
          if (globalThis.location.origin === wantedOrigin) {
            globalThis.sessionStorage.setItem(key, value)
          }
        },
        origin,
        sessionStorage.key,
        sessionStorage.value,
      )
    }
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES },
      undefined,
      page,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    const heading = await page
      .evaluate(() => globalThis.document.querySelector('h1')?.textContent?.trim() ?? '')
      .catch(() => '')
    return figures(lhr, heading, await browser.version())
  } finally {
    await browser?.disconnect().catch(() => undefined)
    chrome.kill()
  }
}

function figures(lhr, heading, chromiumVersion) {
  const problems = []
  // A run that failed as a whole says so once, rather than once per missing figure.
  if (lhr.runtimeError) problems.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const missing = (what) => {
    if (!lhr.runtimeError) problems.push(`no ${what}`)
  }
  const score = (id) => {
    const value = lhr.categories[id]?.score
    if (typeof value !== 'number') {
      missing(`${id} score`)
      return Number.NaN
    }
    return Math.round(value * 100)
  }
  const numeric = (id) => {
    const value = lhr.audits[id]?.numericValue
    if (typeof value !== 'number') {
      missing(`${id} figure`)
      return Number.NaN
    }
    return value
  }
  const failedAudits = ['accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 1)
      .map((audit) => `${category}: ${audit.title}`),
  )
  // What the console said, so a lowered best-practices score can be traced (no applicant data
  // exists on these pages: nothing has been typed).
  const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map(
    (item) => `${item.source ?? 'console'}: ${String(item.description ?? '').slice(0, 160)}`,
  )
  // Which element was the largest paint and which moved: what a missed LCP or CLS bar is about.
  const lcpNode =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
  const shifted = (lhr.audits['layout-shifts']?.details?.items ?? [])
    .filter((item) => item.node?.selector)
    .map((item) => ({ selector: item.node.selector, score: Number(item.score ?? 0) }))
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? '',
    heading,
    chromiumVersion,
    lighthouseVersion: lhr.lighthouseVersion,
    problems,
    failedAudits,
    consoleErrors,
    lcpElement: lcpNode?.selector ?? '',
    shifted,
  }
}
