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
  const { stubThankYouPages } = await import('../../e2e/support/journey.ts')
  const { agreeAndSubmit } = await import('../../e2e/support/answers.ts')
  const { singleVehicleOnCarfinance } = await import('../../e2e/support/walks.ts')
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
        // The walk of e2e/journeys/single-vehicle-carfinance.spec.ts, without its assertions.
        await singleVehicleOnCarfinance(page)
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
