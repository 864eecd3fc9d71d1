// `npm run check:size` (after `npm run build`) and `npm run bench:size` (builds, then writes the `size`
// section of docs/benchmarks.md): the front-end size bars of docs/requirements.md#performance, as gzip level 9 sizes.
//
// - JavaScript on `/` before the first input, per brand host: measured in Chromium against the real
//   server, with no input, until the network is idle; ≤ 90 KB and ≤ 1.35 × a bare React + react-dom
//   build made here with the web app's own Vite settings.
// - Each further screen's own chunk ≤ 8 KB; the CSS (no bar); every chunk the app can load (no bar,
//   information): from Vite's manifest.
// - All JavaScript of a whole journey ≤ 160 KB: measured in Chromium against the same server, walking
//   the longest journeys from `/` to the thank-you page with the end-to-end helpers, idle prefetches
//   included (journey-walk.mjs, journeys.mjs; decision 1971).
// - The first HTML response of `/` per brand host, as sent (headers and body, in the encoding the
//   server chose for Chromium) ≤ 14 KiB; no request to another host before the first input.
//
// KB is 1,000 bytes (as Vite prints it), KiB 1,024. Exits 1 when any bar is missed.
// Options: --write-report (full runs only), --quick (the default brand's host only, and its journey).
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { bareReactGzip } from './size-budget/bare-react.mjs'
import { launchBrowser, measureFirstLoad, startServer } from './size-budget/browser.mjs'
import { analyseBundle } from './size-budget/bundle.mjs'
import { walkJourney } from './size-budget/journey-walk.mjs'
import { JOURNEYS } from './size-budget/journeys.mjs'
import { kb, notFetched, notFetchedTable, rows, screenTable, table } from './size-budget/report.mjs'
import { writeReportSection } from './report-section.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WEB_DIR = join(ROOT, 'apps', 'web')
const DIST_DIR = join(WEB_DIR, 'dist')

const args = new Set(process.argv.slice(2))
const quick = args.has('--quick')
const writeReport = args.has('--write-report')

async function main() {
  const startedAt = new Date()
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build` before `npm run check:size`.')
    return 1
  }
  const { BRAND_IDS, DEFAULT_BRAND_ID, APPLY_MODAL_LABEL } = await tsImport(
    '../packages/domain/src/brands/brand-data.ts',
    import.meta.url,
  )
  const { busyness, reportHeader } = await tsImport(
    '../apps/server/faults/support/machine.ts',
    import.meta.url,
  )
  const busyAtStart = busyness()
  // Every brand's host, and the apply host that opens the introductory modal over the start screen.
  const labels = quick ? [DEFAULT_BRAND_ID] : [...BRAND_IDS, APPLY_MODAL_LABEL]
  const hosts = labels.map((label) => `${label}.localhost`)
  const journeys = JOURNEYS.filter((journey) => labels.includes(journey.label))
  // The journeys are answered with the end-to-end suite's own helpers (TypeScript).
  const helpers = {
    ...(await tsImport('../e2e/support/journey.ts', import.meta.url)),
    ...(await tsImport('../e2e/support/answers.ts', import.meta.url)),
    ...(await tsImport('../e2e/support/walks.ts', import.meta.url)),
  }

  // A copy of the build: another build while this runs would otherwise mix two versions.
  const snapshot = await mkdtemp(join(tmpdir(), 'forecourt-size-dist-'))
  let bundle
  let bare
  let pages
  let walks
  try {
    await cp(DIST_DIR, snapshot, { recursive: true })
    bundle = analyseBundle(snapshot)
    let server
    let browser
    try {
      const [built, started] = await Promise.allSettled([
        bareReactGzip(WEB_DIR),
        // One client walks whole journeys side by side: the limits per client would answer 429.
        startServer(ROOT, snapshot, { env: UNLIMITED }),
      ])
      if (started.status === 'fulfilled') server = started.value
      if (built.status === 'rejected') throw built.reason
      if (started.status === 'rejected') throw started.reason
      bare = built.value
      browser = await launchBrowser()
      // Sizes do not depend on timing, so the hosts load side by side, a few at a time. The walks
      // come after: beside them, a start page on a starved CPU can look idle for 500 ms before it
      // has fetched what it fetches when idle, and would be measured short. The two walks run side by
      // side, each in its own context (an empty cache); their figures do not depend on timing either.
      pages = await inBatches(hosts, 3, (host) => measureFirstLoad(browser, host, server.port))
      walks = await Promise.all(
        journeys.map((journey) => walkJourney(browser, { journey, port: server.port, helpers })),
      )
    } finally {
      await browser?.close()
      await server?.stop()
    }
  } finally {
    await rm(snapshot, { recursive: true, force: true })
  }

  const allRows = rows({ bare, pages, bundle, walks })
  const figures = table(allRows)
  const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(1)
  console.log(figures)
  console.log(`\nMeasured in ${seconds} s.`)
  const failed = allRows.filter((row) => row.ok === false)
  if (failed.length > 0) {
    console.error(`\nSize budget missed: ${failed.map((row) => row.what).join('; ')}.`)
  } else {
    console.log('\nEvery size bar is met.')
  }

  if (writeReport) {
    if (quick) {
      console.warn('--quick measures one host only: the report is written from full runs only.')
    } else {
      const header = reportHeader({ command: 'npm run bench:size', startedAt, busyAtStart })
      writeReportSection('size', 'Front end: sizes', report(header, figures, bundle, pages, walks))
      console.log('Wrote the size section of docs/benchmarks.md.')
    }
  }
  return failed.length > 0 ? 1 : 0
}

const UNLIMITED = {
  RATE_LIMIT_WRITES_PER_MINUTE: '0',
  RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
  RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
  LOAD_SHEDDING_MAX_PER_CLIENT: '0',
}

async function inBatches(items, size, work) {
  const results = []
  for (let from = 0; from < items.length; from += size) {
    results.push(...(await Promise.all(items.slice(from, from + size).map(work))))
  }
  return results
}

function report(header, figures, bundle, pages, walks) {
  const first = pages[0]
  return [
    header,
    figures,
    [
      '- Sizes are gzip at level 9 of each file as served (KB = 1,000 bytes, KiB = 1,024), whatever ' +
        'compression the server applies, so they compare with the bare React build measured the same ' +
        'way: one element rendered with `createRoot`, built by Vite with the plugins and build settings ' +
        'of `apps/web/vite.config.ts` (decision 1401).',
      '- `/` before the first input: Chromium opens each host with an empty cache against the real ' +
        'server (production mode, a throw-away SQLite folder) and records every JavaScript response, ' +
        "with no input, until the page's own idle work has run and the network has been quiet for " +
        '500 ms after it (decision 1971). The start screen fetches the first ' +
        "question's code only after the first input, and each question the screens that may follow it " +
        'once idle (decision 1402).',
      '- A whole journey (decision 1971): Chromium opens the brand host with an empty cache against ' +
        'the same server, accepts analytics cookies (which loads the code that adds the tag manager; ' +
        "the container itself, on Google's host, is refused and not counted), walks the journey to " +
        'the thank-you page with the end-to-end helpers (`e2e/support`), pausing 250 ms before each ' +
        'Continue, and waits there in the same way, with 1.5 s of quiet. Every JavaScript ' +
        'response of the brand host is counted once per address, idle prefetches of the screens that ' +
        'may follow included. "Sent" is the encoded body as the server sent it to Chromium.',
      '- Every chunk the app can load: every chunk reachable from the entry through static and lazy ' +
        'imports (Vite manifest), for all routes and all brands; information only.',
      '- The first HTML response counts its headers and its body in the encoding the server chose for ' +
        "Chromium's `Accept-Encoding`; every request's host was checked against the brand host.",
    ].join('\n'),
    first === undefined ? '' : `Scripts loaded on \`/\` before the first input, ${first.host}:`,
    first === undefined ? '' : scriptTable(first.scripts),
    walks.length === 0 ? '' : 'The journeys walked:',
    walks.length === 0 ? '' : walkSummary(walks),
    walks.length === 0
      ? ''
      : 'Chunks the app can load that no walked journey fetched (the every-chunk figure less the ' +
        'journeys):',
    walks.length === 0 ? '' : notFetchedTable(notFetched(bundle, walks)),
    "Each screen's own chunk:",
    screenTable(bundle.screens),
  ]
    .filter((part) => part !== '')
    .join('\n\n')
}

function walkSummary(walks) {
  const lines = [
    '| journey | host | pages visited | JavaScript files | gzip | sent | other hosts refused | walk |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const walk of walks) {
    lines.push(
      `| ${walk.name} | ${walk.host} | ${walk.pages} | ${walk.scripts.length} | ${kb(walk.gzip)} | ` +
        `${kb(walk.sent)} (${walk.encodings.join(', ')}) | ${walk.foreign.length} | ${walk.seconds.toFixed(1)} s |`,
    )
  }
  return lines.join('\n')
}

function scriptTable(scripts) {
  const lines = ['| file | gzip |', '|---|---|']
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(`| ${new URL(script.url).pathname} | ${kb(script.gzip)} |`)
  }
  return lines.join('\n')
}

const stopOnSignal = () => process.exit(130)
process.once('SIGINT', stopOnSignal)
process.once('SIGTERM', stopOnSignal)

try {
  process.exitCode = await main()
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
}
