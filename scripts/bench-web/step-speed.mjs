// Continue pressed → next screen's heading painted, in Chromium through Playwright (the library):
// whole single-applicant journeys on one brand, answered with the end-to-end suite's own helpers
// (e2e/support), each walk in a fresh browser context (a new visitor: empty cache and storage).
// Needs tsx registered (the helpers are TypeScript).
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lighthouse-run.mjs'
import { installContinueProbe, PRESS_LABELS } from './continue-probe.mjs'

/**
 * @typedef {object} PressRecord
 * @property {string} label the control pressed
 * @property {string} from path before the press
 * @property {string} to path once the heading was painted
 * @property {number} ms press → heading painted
 * @property {number} appearedMs press → heading in the document
 * @property {string[]} scripts JavaScript requested between the press and the paint
 * @property {boolean} sawLoading the route's loading fallback showed in between
 * @property {string} [error]
 * @property {number} walk 1-based
 */

/**
 * @param {{ origin: string, walks: number, log?: (line: string) => void }} options
 * @returns {Promise<{ presses: PressRecord[], problems: string[], browserVersion: string }>}
 */
export async function measureStepSpeed({ origin, walks, log = () => undefined }) {
  const { step, choose, yearsMonths, stubThankYouPages } =
    await import('../../e2e/support/journey.ts')
  const { aboutYou, address, circumstancesAndConsent, agreeAndSubmit } =
    await import('../../e2e/support/answers.ts')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const presses = []
  const problems = []
  try {
    for (let walk = 1; walk <= walks; walk += 1) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const records = []
      await page.exposeFunction('__benchReport', (record) => {
        records.push({ ...record, walk })
      })
      await page.addInitScript(installContinueProbe, PRESS_LABELS)
      await stubThankYouPages(page)
      const started = Date.now()
      try {
        await page.goto(`${origin}/`)
        await page.getByRole('link', { name: 'Start your application' }).click()
        // The answers of e2e/journeys/single-vehicle-carfinance.spec.ts, through the shared helpers.
        await step(page, '/looking-to-borrow', () =>
          page.getByRole('textbox', { name: /Loan amount/ }).fill('12,000'),
        )
        await step(
          page,
          '/term-to-borrow',
          () => page.getByRole('textbox', { name: 'Or type the number of years' }).fill('4'),
          { emptyFails: false },
        )
        await aboutYou(page)
        await address(page, 1, 'm11ae', '5', 'Private tenant')
        await step(page, '/employment/1', () => choose(page, 'Full-time employed'))
        await step(page, '/employment-add/1', async () => {
          await page.getByRole('textbox', { name: 'Occupation' }).fill('Engineer')
          await page.getByRole('textbox', { name: 'Employer name' }).fill('Analytical Engines Ltd')
          await page.getByRole('textbox', { name: 'Employer town' }).fill('London')
        })
        await step(page, '/employment-length/1', () => yearsMonths(page, '6'))
        await step(page, '/employment-income/1', () =>
          page.getByRole('textbox', { name: /monthly income/ }).fill('2450.40'),
        )
        await step(page, '/joint', () => choose(page, 'No'))
        await circumstancesAndConsent(page)
        await agreeAndSubmit(page)
        // The press of Submit is timed to the sending screen's heading; the walk ends there.
        const deadline = Date.now() + 15_000
        while (!records.some((record) => record.from === '/before-you-submit')) {
          if (Date.now() > deadline) throw new Error('no report for Submit application')
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      } catch (error) {
        problems.push(`walk ${walk}: ${firstLine(error)} (at ${page.url()})`)
      } finally {
        await context.close()
      }
      for (const record of records) {
        if (record.error) problems.push(`walk ${walk}: ${record.from}: ${record.error}`)
      }
      presses.push(...records.filter((record) => !record.error))
      log(
        `  walk ${walk}: ${records.length} presses in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
    }
    return { presses, problems, browserVersion: browser.version() }
  } finally {
    await browser.close()
  }
}

function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split('\n')[0]
}
