#!/usr/bin/env node
/* global document, window */
// `npm run bench:phone` (the npm script builds the front end first): the front end measured as a
// mid-range phone feels it (issue 18), against the real server in production mode on this machine.
// Real Chromium through playwright-core, the CPU slowed 4 × and Lighthouse's slow 4G applied by
// Chromium itself (phone.mjs), a phone's screen, a new browser context for every walk. On every
// brand, one whole journey (walks.mjs), typed key by key (typing.mjs):
//   1. a measured walk: Continue → next heading painted (timed inside the page,
//      scripts/bench-web/continue-probe.mjs), Interaction to Next Paint from the page's Event Timing
//      entries, the JavaScript fetched;
//   2. the same walk again, each question screen reloaded before its first answer and the answer
//      typed at once on the pre-rendered page, before the app has taken it over; then what the
//      field kept; `/` too (focus moved to the start link before the app took over);
//   3. Largest Contentful Paint of `/` and of a deep-linked question, cold cache.
// Prints the tables, writes the `bench:phone` section of docs/benchmarks.md after a full run, and
// exits 1 when a bar is missed or a measurement is not valid.
//
// Options: --quick (one brand, carfinance unless --brand; six reloaded screens; one LCP run per
// page; no report), --brand <id> (that brand only; no report), --lcp-runs N (3), --port P (0: a
// free one), --no-write (a full run that leaves docs/benchmarks.md alone), --cpu N (another CPU
// slow-down, to compare; no report), --raw <file> (every press, entry and result as JSON),
// --only typing (the reloading walk alone: no measured walk, no LCP, no report).
import { cpus, release, totalmem } from 'node:os'
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { register } from 'tsx/esm/api'
import { busyness, duration, writeReportSection } from '../report-section.mjs'
import { installContinueProbe, PRESS_LABELS } from '../bench-web/continue-probe.mjs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench-web/lighthouse-run.mjs'
import { dateOfBirthSeed } from '../bench-web/seed-state.mjs'
import { startServer } from '../bench-web/server.mjs'
import { buildPhoneReport, DURATION_THRESHOLD_MS, interactions, summarise } from './figures.mjs'
import {
  CPU_SLOWDOWN,
  SLOW_4G,
  installEventProbe,
  installLargestPaintProbe,
  newPhoneContext,
  ownedByApp,
  readLargestPaint,
  recordScripts,
  throttle,
} from './phone.mjs'
import { firstLine, holdEntryScript, KEY_DELAY_MS, typingPage } from './typing.mjs'
import { BRAND_WALKS, loadHelpers } from './walks.mjs'

register()

const LCP_PAGES = ['/', '/date-of-birth']
const QUICK_BRAND = 'carfinance'
const QUICK_RELOADS = 6

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    brand: { type: 'string' },
    'lcp-runs': { type: 'string' },
    port: { type: 'string', default: '0' },
    'no-write': { type: 'boolean', default: false },
    cpu: { type: 'string' },
    raw: { type: 'string' },
    only: { type: 'string' },
  },
})
/** The CPU slow-down: 4 unless --cpu asks for another to compare (such a run writes no report). */
const cpuRate = options.cpu === undefined ? CPU_SLOWDOWN : Number(options.cpu)

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

async function main() {
  const started = Date.now()
  const loadAtStart = busyness()
  const [{ BRAND_IDS, brands }, { findStep }, { brandHeadline }, helpers] = await Promise.all([
    import('@forecourt/domain/brands/brand-data'),
    import('@forecourt/domain/journey/navigation'),
    import('@forecourt/domain/brands/headline'),
    loadHelpers(),
  ])
  if (options.brand !== undefined && !BRAND_IDS.includes(options.brand)) {
    throw new Error(`--brand takes one of ${BRAND_IDS.join(', ')} (got ${options.brand})`)
  }
  if (options.only !== undefined && options.only !== 'typing') {
    throw new Error(`--only takes typing (got ${options.only})`)
  }
  const typingOnly = options.only === 'typing'
  const brandIds = options.brand ? [options.brand] : options.quick ? [QUICK_BRAND] : BRAND_IDS
  const lcpRuns = options.quick ? 1 : Number(options['lcp-runs'] ?? 3)
  if (!Number.isInteger(lcpRuns) || lcpRuns < 1) throw new Error('--lcp-runs takes a count')
  if (!(cpuRate >= 1)) throw new Error('--cpu takes a slow-down of 1 or more')
  const writeReport =
    !options.quick &&
    !options.brand &&
    !options['no-write'] &&
    !typingOnly &&
    cpuRate === CPU_SLOWDOWN
  const expectedHeading = (brand, path) =>
    path === '/' ? brandHeadline(brands[brand].headline, 'Car') : findStep(path.slice(1))?.title

  const server = await startServer({ port: Number(options.port) })
  const origin = (brand) => `http://${brand}.localhost:${server.port}`
  console.log(`Server ready on 127.0.0.1:${server.port} (production mode)`)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const problems = []
  const retried = []
  const results = []
  const browserVersion = browser.version()
  try {
    for (const brand of brandIds) {
      const { name, walk } = BRAND_WALKS[brand]
      console.log(`${brand}: ${name}`)
      const measured = typingOnly
        ? undefined
        : await twice(
            () => measuredWalk(browser, origin(brand), walk, helpers),
            (error) => retried.push(`${brand}, measured walk: ${firstLine(error)}`),
          ).catch((error) => {
            problems.push(`${brand}: measured walk: ${firstLine(error)}`)
            return undefined
          })
      if (measured) {
        problems.push(...measured.problems.map((problem) => `${brand}: ${problem}`))
        console.log(
          `  measured walk: ${measured.presses.length} presses, ${measured.interactionCount} interactions, ${measured.scripts.requests} scripts (${(measured.scripts.bytes / 1024).toFixed(1)} KB) in ${measured.seconds} s`,
        )
      }
      const reloads = await twice(
        () =>
          reloadWalk(browser, origin(brand), walk, helpers, {
            maxReloads: options.quick ? QUICK_RELOADS : Infinity,
          }),
        (error) => retried.push(`${brand}, reloading walk: ${firstLine(error)}`),
      ).catch((error) => {
        problems.push(`${brand}: reloading walk: ${firstLine(error)}`)
        return { results: [], seconds: 0 }
      })
      for (const result of reloads.results) {
        if (result.notOnShow !== undefined) {
          console.log(
            `  reloaded ${result.path.padEnd(28)} ${result.kind.padEnd(6)} no field on show before the app took over (${result.takeoverMs} ms): ${result.notOnShow}`,
          )
          continue
        }
        if (!result.raced) {
          problems.push(`${brand}: ${result.path}: the app had taken over before the answer was in`)
        }
        console.log(
          `  reloaded ${result.path.padEnd(28)} ${result.kind.padEnd(6)} ${result.raced ? 'typed before the app' : 'NOT typed before the app'} took over (${result.takeoverMs} ms); lost ${result.kind === 'text' ? `${result.lost} of ${result.typed} characters` : result.choiceLost ? 'the choice' : 'nothing'}; focus ${result.focusKept ? 'kept' : 'LOST'}`,
        )
      }
      const lcp = []
      for (const path of typingOnly ? [] : LCP_PAGES) {
        const page = { path, ms: [], takeoverMs: [], elements: new Set() }
        for (let run = 1; run <= lcpRuns; run += 1) {
          try {
            const seed = path === '/' ? undefined : await dateOfBirthSeed(brand)
            const figure = await largestPaint(browser, `${origin(brand)}${path}`, seed)
            const heading = expectedHeading(brand, path)
            if (figure.path !== path || figure.heading !== heading || !figure.largest) {
              throw new Error(
                `ended on ${figure.path} with h1 “${figure.heading}” (expected ${path}, “${heading}”), LCP ${figure.largest ? 'seen' : 'not seen'}`,
              )
            }
            page.ms.push(figure.largest.ms)
            page.takeoverMs.push(figure.takenOverMs)
            page.elements.add(figure.largest.element)
            console.log(
              `  LCP ${path} run ${run}: ${Math.round(figure.largest.ms)} ms (${figure.largest.element}); the app took over at ${Math.round(figure.takenOverMs)} ms`,
            )
          } catch (error) {
            problems.push(`${brand}: LCP of ${path}, run ${run}: ${firstLine(error)}`)
          }
        }
        lcp.push(page)
      }
      results.push({ brand, name, measured, reloads: reloads.results, lcp })
    }
  } finally {
    await browser.close()
    await server.stop()
  }

  const figuresOf = (list) =>
    summarise({
      presses: list.flatMap((each) => each.measured?.presses ?? []),
      interactions: list.flatMap((each) => interactions(each.measured?.events ?? [])),
      interactionCount: list.reduce((sum, each) => sum + (each.measured?.interactionCount ?? 0), 0),
      typing: typingFigures(list.flatMap((each) => each.reloads)),
      lcp: LCP_PAGES.map((path) => ({
        path,
        ms: list.flatMap((each) => each.lcp.find((page) => page.path === path)?.ms ?? []),
        takeoverMs: list.flatMap(
          (each) => each.lcp.find((page) => page.path === path)?.takeoverMs ?? [],
        ),
      })),
      scripts: list.flatMap((each) => (each.measured ? [each.measured.scripts] : [])),
    })
  const perBrand = results.map((each) => ({
    brand: each.brand,
    walk: each.name,
    figures: figuresOf([each]),
  }))
  const overall = figuresOf(results)

  const seconds = Math.round((Date.now() - started) / 1000)
  const args = process.argv.slice(2)
  const command = `npm run bench:phone${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`
  const cpu = cpus()
  const header =
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` ` +
    `(${duration(seconds)}), on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${Math.round(totalmem() / 2 ** 30)} GB, Linux ${release()}, Node ${process.version}, ` +
    `Chromium ${browserVersion}; ${loadAtStart} at the start and ${busyness()} at the end.`
  const focusLost = results.flatMap((each) => each.reloads).filter((each) => !each.focusKept)
  const largestElements = LCP_PAGES.map(
    (path) =>
      `\`${path}\`: ${[...new Set(results.flatMap((each) => [...(each.lcp.find((page) => page.path === path)?.elements ?? [])]))].map((element) => `\`${element}\``).join(' or ') || 'none'}`,
  )
  const notes = [
    `The phone: Chromium ${CPU_SLOWDOWN} × CPU slow-down (\`Emulation.setCPUThrottlingRate\`) and Lighthouse's slow 4G as its DevTools throttling applies it (\`Network.emulateNetworkConditions\`: ${SLOW_4G.rttMs} ms round trips, ${(SLOW_4G.throughputKbps / 1024).toFixed(1)} Mbit/s; Chromium adds latency per request, so ${SLOW_4G.requestLatencyMs} ms per request, ${(SLOW_4G.downloadThroughputKbps / 1024).toFixed(2)} Mbit/s down, ${SLOW_4G.uploadThroughputKbps} kbit/s up), the Moto G Power's screen (412 × 823, touch), a new browser context (empty cache and storage) for each walk and each LCP run. The server: production mode, rate limits off, a copy of \`apps/web/dist\`.`,
    `The walks are the end-to-end suite's (\`e2e/support/walks.ts\` and its answers), typed as a person types: a tap on the field, which is then scrolled to the middle of the screen as a phone's browser does when its on-screen keyboard opens (Chromium's emulation has none: keys typed into a field at the bottom edge of the emulated screen were never presented until the next scroll, 2–5 s of Interaction to Next Paint each, which no phone shows), then one key press after another, ${KEY_DELAY_MS} ms apart (not \`fill()\`); a radio or tick box tapped; a 250 ms pause on each screen before Continue, as the helpers make.`,
    'Typed before the app took over: on the second walk each question screen is reloaded before its first answer (a phone bringing back a discarded tab) and the answer is typed (or tapped) as soon as the pre-rendered field shows. The app’s entry script is held at the network until the answer is in, as `e2e/start/typed-before-takeover.spec.ts` holds it: on a phone the scripts take seconds to arrive and run, and on a loaded machine the harness’s own round trips could otherwise decide whether the typing came first; a screen where the app owned the field before the answer was in is reported as not valid. Then the app runs, and what the field holds 1 s after the app owns it (React has given the element its props) is compared with what was typed: lost = characters typed that are not in the kept value, in order (a formatting comma or padding loses nothing). On `/` the start link is reached with Tab before the app takes over, and counted among the choices when it loses focus.',
    `Continue → next heading painted: timed inside the page by \`scripts/bench-web/continue-probe.mjs\` on the first walk (from the press to the first task after the frame that shows the new h1). “Start your application” is not a Continue and not counted; the walk presses it once the app has taken \`/\` over (pressed before, it is an ordinary link and the first question loads as a new page, which the reloading walk covers).`,
    `Interaction to Next Paint: the page's own PerformanceEventTiming entries (\`PerformanceObserver\` type \`event\`, \`durationThreshold: ${DURATION_THRESHOLD_MS}\`, buffered), not the web-vitals library; an interaction's figure is its longest entry (keydown, keyup, pointerdown, pointerup, click); interactions with no entry (under ${DURATION_THRESHOLD_MS} ms) are counted at ${DURATION_THRESHOLD_MS} ms, their number from \`performance.interactionCount\`; p98 is the nearest rank over every interaction of the walk (for every brand: of all five walks).`,
    `LCP: Chromium's own \`largest-contentful-paint\` entries (buffered), the last one once the page has loaded, the app has taken it over and 1.5 s have passed, with no input; the app took over when the h1 has React's props (sampled every 10 ms in the page, from the start of navigation); \`/date-of-birth\` opens with the tab's session storage holding the answers before it (as \`bench:web\` seeds it), and each run counted only if it stayed on the page asked for with that page's h1. The largest paint was ${largestElements.join('; ')}.`,
    'JavaScript per journey: the `Script` responses Chromium reports on the first walk, from the first load of `/` to the press of Submit application, bytes as transferred (headers and the compressed body); scripts served from the browser’s cache are not counted. The size budget (`npm run check:size`) counts the same journeys’ scripts by their gzip size, a different measure from this one.',
    focusLost.length === 0
      ? 'Focus stayed on the field typed in on every reloaded screen once the app had taken over.'
      : `Focus was not on the field typed in once the app had taken over on: ${focusLost.map((each) => `\`${each.path}\``).join(', ')}.`,
  ]
  const unshown = results.flatMap((each) =>
    each.reloads
      .filter((result) => result.notOnShow !== undefined)
      .map((result) => `${each.brand} \`${result.path}\` (${result.notOnShow})`),
  )
  if (unshown.length > 0) {
    notes.push(
      `Reloaded screens that showed no field to answer before the app took over, so nothing could be typed there first and nothing lost (not counted among the reloaded screens; their answer was typed once the app had the field): ${unshown.join('; ')}.`,
    )
  }
  if (options.raw) {
    writeFileSync(
      options.raw,
      JSON.stringify(results, (key, value) => (value instanceof Set ? [...value] : value), 2),
    )
    console.log(`Raw results written to ${options.raw}`)
  }
  if (cpuRate !== CPU_SLOWDOWN)
    notes.unshift(
      `CPU slowed ${cpuRate} ×, not ${CPU_SLOWDOWN} ×: a comparison, not the bars' conditions.`,
    )
  if (retried.length > 0) {
    notes.push(
      `Walks that failed once and were walked again from the start (each figure comes from the second walk): ${retried.join('; ')}.`,
    )
  }
  const { markdown, failures } = buildPhoneReport({
    header,
    brands: perBrand,
    overall,
    problems,
    notes,
    typingOnly,
  })
  console.log(`\n${markdown}`)
  if (writeReport) {
    writeReportSection('bench:phone', 'Front end on a phone (slow 4G, 4 × CPU)', markdown)
    console.log('Written to docs/benchmarks.md')
  } else {
    console.log('(docs/benchmarks.md not written: only a full run writes it)')
  }
  if (failures.length > 0) process.exitCode = 1
}

/** The reloaded screens' results as the report's typing figures. */
function typingFigures(all) {
  const list = all.filter((each) => each.notOnShow === undefined)
  const text = list.filter((each) => each.kind === 'text')
  const choices = list.filter((each) => each.kind !== 'text')
  return {
    screens: list.length,
    raced: list.filter((each) => each.raced).length,
    typed: text.reduce((sum, each) => sum + each.typed, 0),
    lost: text.reduce((sum, each) => sum + each.lost, 0),
    choices: choices.length,
    choicesLost: choices.filter((each) => each.choiceLost).length,
    notOnShow: all.filter((each) => each.notOnShow !== undefined).length,
  }
}

/**
 * The measured walk: from `/` through the brand's journey to the press of Submit application.
 */
async function measuredWalk(browser, origin, walk, helpers) {
  const context = await newPhoneContext(browser)
  const started = Date.now()
  try {
    const page = await context.newPage()
    const presses = []
    const events = []
    await page.exposeFunction('__benchReport', (record) => presses.push(record))
    await page.exposeFunction('__phoneEvent', (entry) => events.push(entry))
    await page.addInitScript(installContinueProbe, PRESS_LABELS)
    await page.addInitScript(installEventProbe, DURATION_THRESHOLD_MS)
    const cdp = await throttle(page, cpuRate)
    const scripts = recordScripts(cdp)
    const typing = typingPage(page)
    await page.goto(`${origin}/`, { timeout: 60_000 })
    // Pressed before the app has taken `/` over, the start link is an ordinary link: the browser loads
    // the first question as a new page, which has no press to time (the reloading walk below covers
    // input before the app takes over). This walk times the app's own moves from screen to screen.
    const startLink = page.getByRole('link', { name: 'Start your application' })
    await pollUntil(
      page,
      () => ownedByApp(startLink).catch(() => false),
      'the app did not take `/` over',
    )
    await typing.getByRole('link', { name: 'Start your application' }).click()
    // The first question's code is fetched at this press (the start page's first input), and arrives
    // in seconds on slow 4G: longer than the walk's own checks wait for a screen. The probe reports
    // the press once the question's heading is painted.
    await pollUntil(
      page,
      () => presses.some((press) => press.from === '/'),
      'no report for Start your application',
    )
    await onScreen(page, async () => {
      await walk(typing, helpers)
      await helpers.agreeAndSubmit(typing)
    })
    await pollUntil(
      page,
      () => presses.some((press) => press.from === '/before-you-submit'),
      'no report for Submit application',
      30_000,
    )
    // The last entries reach the observer after their frame.
    await page.waitForTimeout(1000)
    const interactionCount = await page.evaluate(() => performance.interactionCount)
    return {
      presses: presses.filter((press) => !press.error),
      problems: presses
        .filter((press) => press.error)
        .map((press) => `${press.from}: ${press.error}`),
      events,
      interactionCount,
      scripts: scripts(),
      seconds: Math.round((Date.now() - started) / 1000),
    }
  } finally {
    await context.close()
  }
}

/** The reloading walk: every question screen reloaded before its first answer; `/` first. */
async function reloadWalk(browser, origin, walk, helpers, { maxReloads }) {
  const context = await newPhoneContext(browser)
  const started = Date.now()
  const results = []
  try {
    const page = await context.newPage()
    await throttle(page, cpuRate)
    const entry = holdEntryScript(page)
    await entry.start()
    await page.goto(`${origin}/`, { timeout: 60_000 })
    results.push(await startLinkBeforeTakeover(page, entry))
    const typing = typingPage(page, {
      entry,
      reloads: true,
      maxReloads,
      onReload: (result) => results.push(result),
    })
    await typing.getByRole('link', { name: 'Start your application' }).click()
    await onScreen(page, () => walk(typing, helpers))
    return { results, seconds: Math.round((Date.now() - started) / 1000) }
  } finally {
    await context.close()
  }
}

/** Waits until `condition` holds, checking every 50 ms; throws `message` after `timeoutMs`. */
async function pollUntil(page, condition, message, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(message)
    await page.waitForTimeout(50)
  }
}

/** `/` reloaded, focus moved to the start link with Tab at once; is it still there after? */
async function startLinkBeforeTakeover(page, entry) {
  const startedAt = Date.now()
  const release = entry.hold()
  await page.reload({ waitUntil: 'commit' })
  const link = page.getByRole('link', { name: 'Start your application' })
  await link.waitFor({ state: 'visible', timeout: 60_000 })
  for (let press = 0; press < 15; press += 1) {
    if (await link.evaluate((element) => element === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  const raced = !(await ownedByApp(link))
  release()
  while (!(await ownedByApp(link).catch(() => false))) {
    if (Date.now() - startedAt > 60_000) throw new Error('the app did not take `/` over')
    await page.waitForTimeout(20)
  }
  const takeoverMs = Date.now() - startedAt
  await page.waitForTimeout(1000)
  const focusKept = await link.evaluate((element) => element === document.activeElement)
  return {
    path: '/',
    kind: 'focus',
    raced,
    typed: 0,
    lost: 0,
    choiceLost: !focusKept,
    focusKept,
    takeoverMs,
  }
}

/** One cold load of `url` on the phone; its last LCP candidate, its path and heading. */
async function largestPaint(browser, url, seed) {
  const context = await newPhoneContext(browser)
  try {
    const page = await context.newPage()
    if (seed) {
      await page.addInitScript(({ key, value }) => {
        if (!sessionStorage.getItem('bench-seeded')) {
          sessionStorage.setItem(key, value)
          sessionStorage.setItem('bench-seeded', '1')
        }
      }, seed)
    }
    await page.addInitScript(installLargestPaintProbe)
    await throttle(page, cpuRate)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForFunction(() => window.__phoneTakenOverAt !== undefined, undefined, {
      timeout: 60_000,
      polling: 100,
    })
    await page.waitForTimeout(1500)
    return await readLargestPaint(page)
  } finally {
    await context.close()
  }
}

/**
 * `run`; when it fails, the error names the screen it failed on (unless it does already).
 * @param {import('playwright-core').Page} page
 */
async function onScreen(page, run) {
  try {
    await run()
  } catch (error) {
    const message = firstLine(error)
    if (message.startsWith('/')) throw error
    throw new Error(`${new URL(page.url()).pathname}: ${message}`, { cause: error })
  }
}

/**
 * `run`, and once more when it fails (the end-to-end helpers wait 5 s for each screen, which a
 * loaded machine at 4 × CPU can miss): the walk starts again in a new context.
 */
async function twice(run, onRetry) {
  try {
    return await run()
  } catch (error) {
    onRetry(error)
    return run()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
