#!/usr/bin/env node
// `npm run bench:web` (the npm script builds the front end first): the front-end bars of
// docs/requirements.md#quality-bars, measured against the real server in production mode on this machine.
//   1. Lighthouse (mobile, simulated throttling) on `/` and `/date-of-birth` of every brand, N runs
//      each, medians judged against the bars.
//   2. Continue pressed → next screen's heading painted, over whole single-applicant journeys in
//      Chromium, with the JavaScript requested in between.
// Prints the table, writes the `bench:web` section of docs/benchmarks.md after a full run, and
// exits 1 when a bar is missed or a measurement is not valid.
//
// Options: --runs N (Lighthouse runs per page, 3), --walks N (journeys, 3), --quick (one brand, one
// run, one walk; no report), --only lighthouse|steps (no report), --port P (0: a free one),
// --no-write (a full run that leaves docs/benchmarks.md alone).
import { cpus, release, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { register } from 'tsx/esm/api'
import { busyness, duration, writeReportSection } from '../report-section.mjs'
import { runLighthouse } from './lighthouse-run.mjs'
import { buildReport, summariseLighthouse, summariseSteps } from './report.mjs'
import { dateOfBirthSeed } from './seed-state.mjs'
import { startServer } from './server.mjs'
import { median } from './stats.mjs'
import { measureStepSpeed } from './step-speed.mjs'

// The domain and the end-to-end helpers are TypeScript, imported below as they are needed.
register()

const PAGES = ['/', '/date-of-birth']
/** The brand of the walked journey: its answers are those of the carfinance single journey spec. */
const WALK_BRAND = 'carfinance'

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    walks: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string', default: '0' },
    'no-write': { type: 'boolean', default: false },
  },
})

// Ctrl-C: leave no server behind (its 'exit' handler kills it).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

async function main() {
  const started = Date.now()
  const loadAtStart = busyness()
  const count = (value, fallback) => {
    const number = value === undefined ? fallback : Number(value)
    if (!Number.isInteger(number) || number < 1) throw new Error(`Not a count: ${value}`)
    return number
  }
  const runs = options.quick ? 1 : count(options.runs, 3)
  const walks = options.quick ? 1 : count(options.walks, 3)
  if (options.only !== undefined && !['lighthouse', 'steps'].includes(options.only)) {
    throw new Error(`--only takes lighthouse or steps (got ${options.only})`)
  }
  const doLighthouse = options.only !== 'steps'
  const doSteps = options.only !== 'lighthouse'
  const writeReport = !options.quick && options.only === undefined && !options['no-write']

  const [{ BRAND_IDS, brands }, { findStep }, { brandHeadline }] = await Promise.all([
    import('@forecourt/domain/brands/brand-data'),
    import('@forecourt/domain/journey/navigation'),
    import('@forecourt/domain/brands/headline'),
  ])
  const brandIds = options.quick ? [WALK_BRAND] : BRAND_IDS
  // Each brand's own host is a car host: its headline names the car.
  const expectedHeading = (brand, path) =>
    path === '/' ? brandHeadline(brands[brand].headline, 'Car') : findStep(path.slice(1))?.title

  const problems = []
  const server = await startServer({ port: Number(options.port) })
  const origin = (brand) => `http://${brand}.localhost:${server.port}`
  console.log(`Server ready on 127.0.0.1:${server.port} (production mode)`)

  let lighthouse
  let steps
  let walkRun
  const lighthouseRuns = []
  try {
    if (doLighthouse) {
      const targets = brandIds.flatMap((brand) => PAGES.map((path) => ({ brand, path, runs: [] })))
      console.log(`Lighthouse: ${targets.length} pages × ${runs} run(s)`)
      // Round by round, so a noisy moment on a shared machine weighs on every page alike.
      for (let run = 1; run <= runs; run += 1) {
        for (const target of targets) {
          const { brand, path } = target
          const label = `${brand} ${path} (run ${run})`
          try {
            const seed = path === '/date-of-birth' ? await dateOfBirthSeed(brand) : undefined
            const figures = await runLighthouse(`${origin(brand)}${path}`, {
              sessionStorage: seed,
            })
            const wrong =
              figures.problems.length > 0
                ? undefined
                : wrongPage(figures, path, expectedHeading(brand, path))
            if (figures.problems.length > 0 || wrong) {
              const problem = `${label}: ${[...figures.problems, wrong].filter(Boolean).join('; ')}`
              console.log(`  NOT VALID ${problem}`)
              problems.push(problem)
              continue
            }
            target.runs.push(figures)
            lighthouseRuns.push(figures)
            console.log(
              `  ${label.padEnd(34)} perf ${figures.performance}  a11y ${figures.accessibility}  bp ${figures.bestPractices}  LCP ${Math.round(figures.lcpMs)} ms  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}`,
            )
          } catch (error) {
            console.log(`  NOT VALID ${label}: ${firstLine(error)}`)
            problems.push(`${label}: ${firstLine(error)}`)
          }
        }
      }
      lighthouse = summariseLighthouse(targets.filter((target) => target.runs.length > 0))
      for (const target of targets) {
        if (target.runs.length === 0) problems.push(`${target.brand} ${target.path}: no valid run`)
      }
    }

    if (doSteps) {
      console.log(`Continue → heading: ${walks} walk(s) on ${WALK_BRAND}`)
      walkRun = await measureStepSpeed({ origin: origin(WALK_BRAND), walks, log: console.log })
      problems.push(...walkRun.problems)
      steps = summariseSteps(walkRun.presses)
    }
  } finally {
    await server.stop()
  }

  const seconds = Math.round((Date.now() - started) / 1000)
  const chromium =
    walkRun?.browserVersion ??
    lighthouseRuns[0]?.chromiumVersion.replace(/^[^/]*\//, '') ??
    'unknown'
  const args = process.argv.slice(2)
  const command = `npm run bench:web${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`
  const cpu = cpus()
  const header =
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` ` +
    `(${duration(seconds)}), on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${Math.round(totalmem() / 2 ** 30)} GB, Linux ${release()}, Node ${process.version}, ` +
    `Chromium ${chromium}` +
    (lighthouseRuns[0] ? `, Lighthouse ${lighthouseRuns[0].lighthouseVersion}` : '') +
    `; ${loadAtStart} at the start and ${busyness()} at the end.`

  const failedAudits = [...new Set(lighthouseRuns.flatMap((run) => run.failedAudits))]
  const consoleErrors = [...new Set(lighthouseRuns.flatMap((run) => run.consoleErrors))]
  const benchmarkIndex = median(
    lighthouseRuns.map((run) => run.benchmarkIndex).filter((value) => value !== undefined),
  )
  const notes = [
    ...(lighthouse
      ? [
          'Lighthouse through its Node API, with its defaults: mobile form factor and screen, simulated throttling (slow 4G, 4 × CPU slow-down), storage and cache cleared before each load. ' +
            `Its benchmark index for this machine: ${Number.isNaN(benchmarkIndex) ? 'none' : Math.round(benchmarkIndex).toLocaleString('en-GB')} (median).`,
          'The server: production mode, rate limits off (one client makes every request), serving a copy of `apps/web/dist` taken at the start of the run.',
          '`/date-of-birth` opens as it does for an applicant who answered every earlier question: the tab’s session storage holds such a state (the project’s filled fixture up to, not including, the date of birth, checked against the deep-link guard) before the app’s first script runs.',
          `Checked: every run counted only if its final address was the page asked for and its h1 read the page’s heading (${lighthouseRuns.length} valid runs).`,
          failedAudits.length > 0
            ? `Audits that lowered accessibility or best practices: ${failedAudits.join('; ')}.`
            : 'No accessibility or best-practices audit failed in any run.',
          ...PAGES.map((path) => pageDiagnosis(path, lighthouseRuns)),
          ...(consoleErrors.length > 0
            ? [`Errors logged to the console: ${consoleErrors.map((e) => `“${e}”`).join('; ')}.`]
            : []),
        ]
      : []),
    ...(steps
      ? [
          'Timed inside the page (performance marks): from the press (the first capturing pointerdown, keydown or click on the control) to the first task after the animation frame in which a new visible h1 is in the document, i.e. once that frame has been painted. JavaScript requests are the resource timing entries for `.js` files that started in between. The walk pauses 250 ms on each screen after answering, as the end-to-end helpers do.',
        ]
      : []),
  ]

  const { markdown, failures } = buildReport({
    lighthouse,
    steps,
    walks,
    runs,
    walkBrand: WALK_BRAND,
    problems,
    header,
    notes,
  })
  console.log(`\n${markdown}`)
  if (writeReport) {
    writeReportSection('bench:web', 'Front end: Lighthouse and step speed', markdown)
    console.log('Written to docs/benchmarks.md')
  } else {
    console.log('(docs/benchmarks.md not written: only a full run writes it)')
  }
  if (failures.length > 0) process.exitCode = 1
}

/** The largest paint's element and what shifted on one page, over every brand and run. */
function pageDiagnosis(path, runs) {
  const ofPage = runs.filter((run) => new URL(run.finalUrl).pathname === path)
  const largest = [...new Set(ofPage.map((run) => run.lcpElement).filter(Boolean))]
  const shifts = new Map()
  for (const { selector, score } of ofPage.flatMap((run) => run.shifted)) {
    shifts.set(selector, Math.max(score, shifts.get(selector) ?? 0))
  }
  const code = (text) => `\`${text}\``
  const shifted = [...shifts].map(
    ([selector, score]) => `${code(selector)} (up to ${score.toFixed(3)})`,
  )
  return (
    `On ${code(path)} the largest paint was ${largest.map(code).join(' or ') || 'not named'}; ` +
    `layout shifts: ${shifted.join(', ') || 'none'}.`
  )
}

/** Why a run did not audit the page it was asked for, or undefined when it did. */
function wrongPage(figures, path, heading) {
  let finalPath = ''
  try {
    finalPath = new URL(figures.finalUrl).pathname
  } catch {
    // Not an address: reported below.
  }
  if (finalPath !== path) return `ended on ${figures.finalUrl || 'no address'}, not ${path}`
  if (figures.heading !== heading) return `its h1 read “${figures.heading}”, not “${heading}”`
  return undefined
}

function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split('\n')[0]
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
