// The size budget's figures as rows of `| what | figure | bar | result |`, for the console and for the
// `size` section of docs/benchmarks.md.

export const KB = 1000
export const KIB = 1024

export const BARS = {
  firstLoad: 90 * KB,
  firstLoadRatio: 1.35,
  screen: 8 * KB,
  // The requirements' bar, judged on what Chromium fetches over each walked journey (decision 1971,
  // which replaces the 174 KB every-chunk bar of decisions 1882, 1824 and 1921).
  journey: 160 * KB,
  html: 14 * KIB,
}

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
export const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`
const verdict = (ok) => (ok ? 'pass' : '**FAIL**')

/**
 * One row per figure; `ok` is undefined for a figure without a bar. `bare` is the baseline build,
 * `pages` the first loads per host, `bundle` the manifest figures, `walks` the journeys walked in
 * Chromium (journey-walk.mjs).
 */
export function rows({ bare, pages, bundle, walks }) {
  const result = [
    {
      what: 'bare React + react-dom, one element (baseline)',
      figure: kb(bare.gzip),
      bar: 'baseline',
    },
  ]
  for (const page of pages) {
    const ratio = page.jsGzip / bare.gzip
    result.push({
      what: `JavaScript on \`/\` before the first input, ${page.host}`,
      figure: `${kb(page.jsGzip)} in ${page.scripts.length} files; ${ratio.toFixed(2)} × bare`,
      bar: `≤ ${kb(BARS.firstLoad)} and ≤ ${BARS.firstLoadRatio} ×`,
      ok: page.jsGzip <= BARS.firstLoad && ratio <= BARS.firstLoadRatio,
    })
  }
  const further = bundle.screens.filter((screen) => screen.name !== 'start-screen')
  const largest = further.reduce((top, screen) => (screen.gzip > top.gzip ? screen : top))
  const over = further.filter((screen) => screen.gzip > BARS.screen)
  result.push({
    what: `each further screen's own chunk (${further.length} screens; largest ${largest.name})`,
    figure:
      over.length === 0 ? kb(largest.gzip) : over.map((s) => `${s.name} ${kb(s.gzip)}`).join(', '),
    bar: `≤ ${kb(BARS.screen)}`,
    ok: over.length === 0,
  })
  for (const walk of walks) {
    result.push({
      what: `all JavaScript of a whole journey as Chromium fetches it: ${walk.name}, ${walk.host}`,
      figure: `${kb(walk.gzip)} in ${walk.scripts.length} files (${kb(walk.sent)} sent as ${walk.encodings.join(', ')})`,
      bar: `≤ ${kb(BARS.journey)}`,
      ok: walk.gzip <= BARS.journey,
    })
  }
  // A bar nothing measured is not met.
  if (walks.length === 0) {
    result.push({
      what: 'all JavaScript of a whole journey as Chromium fetches it',
      figure: 'no journey walked on the hosts measured',
      bar: `≤ ${kb(BARS.journey)}`,
      ok: false,
    })
  }
  result.push({
    what: 'every chunk the app can load, all routes (information)',
    figure: `${kb(bundle.all.gzip)} in ${bundle.all.files} files`,
    bar: 'no bar',
  })
  const css = pages.map((page) => page.css)
  const cssOnStart = Math.max(...css.map((each) => each.filesGzip + each.inlineGzip))
  const inline = Math.max(...css.map((each) => each.inlineGzip))
  result.push({
    what: 'CSS on `/` before the first input (largest over the hosts)',
    figure:
      inline > 0
        ? `${kb(cssOnStart)} (${kb(inline)} inline in the HTML)`
        : `${kb(cssOnStart)} in ${Math.max(...css.map((each) => each.files))} files`,
    bar: 'no bar',
  })
  result.push({
    what: 'all CSS the app can load',
    figure: `${kb(bundle.css.gzip)} in ${bundle.css.files} files`,
    bar: 'no bar',
  })
  for (const page of pages) {
    result.push({
      what: `first HTML response of \`/\`, ${page.host}`,
      figure: `${kib(page.html.transfer)} sent (${page.html.encoding}; body ${kib(page.html.raw)}, ${kib(page.html.gzip)} gzip)`,
      bar: `≤ ${kib(BARS.html)}`,
      ok: page.html.transfer <= BARS.html,
    })
  }
  const foreign = pages.flatMap((page) => page.foreign)
  result.push({
    what: 'requests to another host before the first input (all hosts)',
    figure:
      foreign.length === 0
        ? `none of ${pages.reduce((sum, p) => sum + p.requests, 0)}`
        : foreign.join(', '),
    bar: 'none',
    ok: foreign.length === 0,
  })
  return result
}

export function table(allRows) {
  const lines = ['| what | figure | bar | result |', '|---|---|---|---|']
  for (const row of allRows) {
    const result = row.ok === undefined ? '' : verdict(row.ok)
    lines.push(`| ${row.what} | ${row.figure} | ${row.bar} | ${result} |`)
  }
  return lines.join('\n')
}

/** Each screen's own chunk and what it adds beyond the entry (its chunk and shared ones not yet loaded). */
export function screenTable(screens) {
  const lines = [
    '| screen | own chunk | with the shared chunks it needs beyond the entry |',
    '|---|---|---|',
  ]
  for (const screen of [...screens].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(`| ${screen.name} | ${kb(screen.gzip)} | ${kb(screen.withShared)} |`)
  }
  return lines.join('\n')
}

/**
 * The build's chunks that no walked journey fetched, largest first: what the every-chunk figure counts
 * beyond the journeys (the link pages, the legal texts, what loads only on a choice the walks do not make).
 */
export function notFetched(bundle, walks) {
  const fetched = new Set(
    walks.flatMap((walk) => walk.scripts.map((script) => new URL(script.url).pathname.slice(1))),
  )
  return bundle.all.scripts
    .filter((script) => !fetched.has(script.file))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file))
}

export function notFetchedTable(scripts) {
  const lines = ['| chunk | from | gzip |', '|---|---|---|']
  for (const script of scripts) {
    lines.push(`| ${script.file} | ${script.key.replace(/^_/, 'shared: ')} | ${kb(script.gzip)} |`)
  }
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0)
  lines.push(`| ${scripts.length} chunks | | ${kb(total)} |`)
  return lines.join('\n')
}
