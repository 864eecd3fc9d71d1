// The bars of docs/requirements.md#performance for the front end, and the `bench:web` section of docs/benchmarks.md.
import { median, percentile } from './stats.mjs'

const integer = (value) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-GB') : 'none'

/** Lighthouse bars, judged on each page's median over its runs. */
export const LIGHTHOUSE_BARS = [
  {
    key: 'performance',
    name: 'performance',
    bar: '≥ 98',
    ok: (v) => v >= 98,
    show: (v) => String(v),
  },
  {
    key: 'accessibility',
    name: 'accessibility',
    bar: '100',
    ok: (v) => v >= 100,
    show: (v) => String(v),
  },
  {
    key: 'bestPractices',
    name: 'best practices',
    bar: '≥ 95',
    ok: (v) => v >= 95,
    show: (v) => String(v),
  },
  {
    key: 'lcpMs',
    name: 'LCP',
    bar: '≤ 1,800 ms',
    ok: (v) => v <= 1800,
    show: (v) => `${integer(v)} ms`,
  },
  {
    key: 'tbtMs',
    name: 'TBT',
    bar: '≤ 100 ms',
    ok: (v) => v <= 100,
    show: (v) => `${integer(v)} ms`,
  },
  { key: 'cls', name: 'CLS', bar: '≤ 0.05', ok: (v) => v <= 0.05, show: (v) => v.toFixed(3) },
]

export const CONTINUE_P95_BAR_MS = 100
const START_LINK = 'Start your application'

/**
 * Each page's medians and the bars it misses.
 * @param {{ brand: string, path: string, runs: Record<string, number>[] }[]} pages
 */
export function summariseLighthouse(pages) {
  return pages.map(({ brand, path, runs }) => {
    const medians = Object.fromEntries(
      LIGHTHOUSE_BARS.map(({ key }) => [key, median(runs.map((run) => run[key]))]),
    )
    const missed = LIGHTHOUSE_BARS.filter(
      ({ key, ok }) => Number.isNaN(medians[key]) || !ok(medians[key]),
    ).map(({ name }) => name)
    return { brand, path, runs, medians, missed }
  })
}

/**
 * The Continue presses' percentiles (the start screen's link is reported on its own: it is not a
 * Continue), the presses that needed JavaScript, and the slowest steps by route.
 * @param {{ label: string, from: string, to: string, ms: number, scripts: string[] }[]} presses
 */
export function summariseSteps(presses, { slowest = 5 } = {}) {
  const continues = presses.filter((press) => press.label !== START_LINK)
  const starts = presses.filter((press) => press.label === START_LINK)
  const byRoute = new Map()
  for (const press of continues) {
    const route = `${press.from} → ${press.to}`
    byRoute.set(route, [...(byRoute.get(route) ?? []), press])
  }
  const routes = [...byRoute].map(([route, list]) => ({
    route,
    median: median(list.map((press) => press.ms)),
    max: Math.max(...list.map((press) => press.ms)),
    count: list.length,
    withScripts: list.filter((press) => press.scripts.length > 0).length,
  }))
  routes.sort((a, b) => b.median - a.median)
  const times = continues.map((press) => press.ms)
  return {
    count: continues.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p95Ok: continues.length > 0 && percentile(times, 95) <= CONTINUE_P95_BAR_MS,
    withScripts: continues.filter((press) => press.scripts.length > 0).length,
    withLoading: continues.filter((press) => press.sawLoading).length,
    start: {
      count: starts.length,
      median: median(starts.map((press) => press.ms)),
      withScripts: starts.filter((press) => press.scripts.length > 0).length,
    },
    slowest: routes.slice(0, slowest),
  }
}

const verdict = (ok) => (ok ? 'pass' : '**FAIL**')

/**
 * The section's markdown and every reason the run fails (a missed bar or a problem).
 * @param {object} input
 * @param {ReturnType<typeof summariseLighthouse> | undefined} input.lighthouse
 * @param {ReturnType<typeof summariseSteps> | undefined} input.steps
 * @param {number} input.walks
 * @param {number} input.runs
 * @param {string} input.walkBrand
 * @param {string[]} input.problems
 * @param {string} input.header the date, command, machine line
 * @param {string[]} [input.notes] how it was measured and what was checked
 */
export function buildReport({
  lighthouse,
  steps,
  walks,
  runs,
  walkBrand,
  problems,
  header,
  notes = [],
}) {
  const failures = [...problems]
  const lines = [header, '']

  if (lighthouse) {
    lines.push(
      `Lighthouse: median of ${runs} run${runs === 1 ? '' : 's'} per page (each in a fresh Chromium, runs interleaved across brands and pages).`,
      '',
      `| brand | page | ${LIGHTHOUSE_BARS.map(({ name, bar }) => `${name} (${bar})`).join(' | ')} | result |`,
      `|---|---|${LIGHTHOUSE_BARS.map(() => '---').join('|')}|---|`,
    )
    for (const page of lighthouse) {
      const cells = LIGHTHOUSE_BARS.map(({ key, ok, show }) => {
        const value = page.medians[key]
        if (Number.isNaN(value)) return '**none**'
        return ok(value) ? show(value) : `${show(value)} **FAIL**`
      })
      lines.push(
        `| ${page.brand} | \`${page.path}\` | ${cells.join(' | ')} | ${verdict(page.missed.length === 0)} |`,
      )
      if (page.missed.length > 0) {
        failures.push(`${page.brand} ${page.path}: ${page.missed.join(', ')}`)
      }
    }
    if (runs > 1) {
      lines.push(
        '',
        'Each run (performance; LCP ms; TBT ms):',
        '',
        ...lighthouse.map(
          (page) =>
            `- ${page.brand} \`${page.path}\`: ${page.runs.map((run) => `${run.performance}; ${integer(run.lcpMs)}; ${integer(run.tbtMs)}`).join(' · ')}`,
        ),
      )
    }
    lines.push('')
  }

  if (steps) {
    const scriptsOk = steps.count > 0 && steps.withScripts === 0
    if (steps.count === 0) failures.push('no Continue press was timed')
    else if (!steps.p95Ok) {
      failures.push(`Continue → heading p95 ${integer(steps.p95)} ms > ${CONTINUE_P95_BAR_MS} ms`)
    }
    if (steps.withScripts > 0) {
      failures.push(
        `${steps.withScripts} of ${steps.count} Continue presses requested JavaScript before the heading`,
      )
    }
    lines.push(
      `Continue pressed → next screen's heading painted: ${walks} whole single-applicant journey${walks === 1 ? '' : 's'} on ${walkBrand} (Chromium through Playwright, a new browser context each), ${steps.count} Continue presses.`,
      '',
      '| what | figure | bar | result |',
      '|---|---|---|---|',
      `| Continue → heading painted, p50 | ${integer(steps.p50)} ms | | |`,
      `| Continue → heading painted, p95 | ${integer(steps.p95)} ms | ≤ ${CONTINUE_P95_BAR_MS} ms | ${verdict(steps.p95Ok)} |`,
      `| Continue presses with a JavaScript request before the heading was painted | ${steps.withScripts} of ${steps.count} | 0 (the code is fetched while idle) | ${verdict(scriptsOk)} |`,
      `| Continue presses that showed the loading fallback | ${steps.withLoading} of ${steps.count} | | |`,
      `| “Start your application” → first question (median; not a Continue) | ${integer(steps.start.median)} ms, JavaScript requested on ${steps.start.withScripts} of ${steps.start.count} | | |`,
      '',
      'Slowest steps (median over the walks):',
      '',
      '| step | median | slowest | presses with a JavaScript request |',
      '|---|---|---|---|',
      ...steps.slowest.map(
        (route) =>
          `| \`${route.route}\` | ${integer(route.median)} ms | ${integer(route.max)} ms | ${route.withScripts} of ${route.count} |`,
      ),
      '',
    )
  }

  if (notes.length > 0) lines.push(...notes.map((note) => `- ${note}`), '')
  if (failures.length > 0) {
    lines.push('Missed or not valid:', '', ...failures.map((failure) => `- ${failure}`), '')
  }
  return { markdown: lines.join('\n'), failures }
}
