// The phone benchmark's figures from what the browser recorded, and the bars they are judged
// against (issue 18; docs/requirements.md#performance for the front end). Pure: no browser here.
import { median, percentile } from '../bench-web/stats.mjs'

/** Continue pressed → next heading painted, p95, at 4 × CPU slow-down. */
export const CONTINUE_P95_BAR_MS = 150
/** Interaction to Next Paint over a journey, p98 of its interactions. */
export const INP_P98_BAR_MS = 200
/** Largest Contentful Paint of `/` and of a deep-linked question on slow 4G, cold cache. */
export const LCP_BAR_MS = 2500
/** How many of the slowest presses and interactions the report names. */
const SLOWEST = 3
/** The event timing entries counted: Chromium reports an event only when it took at least this long. */
export const DURATION_THRESHOLD_MS = 16

/**
 * How many characters of `typed` are not in `kept`, in order: the length of `typed` less the
 * longest common subsequence of the two. A field that formats what was typed (a thousands comma, a
 * padded day) adds characters and loses none; a field emptied by a render loses them all.
 * @param {string} typed
 * @param {string} kept
 */
export function missingCharacters(typed, kept) {
  const a = [...typed]
  const b = [...kept]
  let previous = new Array(b.length + 1).fill(0)
  for (const char of a) {
    const row = [0]
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = char === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], row[j - 1])
    }
    previous = row
  }
  return a.length - previous[b.length]
}

/**
 * Why a reloaded question screen showed no field to answer before the app took it over, from what
 * the page held once its HTML was parsed (the app's entry script held): the server sent the shell
 * alone (only each question's first entry, `/address/1`, is pre-rendered: docs/decisions/1941); the
 * pre-rendered screen is kept unseen because its words follow answers the page does not have yet
 * (`screen--unseen`); or the deep-link guard holds it back (`data-deep-link-hold`, decision 2156).
 * Nothing can be typed there before the app, so nothing can be lost. `undefined` when the screen
 * was on show and the field should have been too: the walk fails on that screen.
 * @param {{ fieldVisible: boolean, screen: boolean, unseen: boolean, held: boolean }} page
 *   `screen`: the page holds a pre-rendered screen frame (`.screen`)
 * @returns {string | undefined}
 */
export function notOnShow({ fieldVisible, screen, unseen, held }) {
  if (fieldVisible) return undefined
  if (!screen) return 'not pre-rendered: the page is the shell alone until the app renders it'
  if (unseen) return 'pre-rendered unseen: its words follow answers the page does not have yet'
  if (held) return 'held back by the deep-link guard until the app decides'
  return undefined
}

/**
 * One figure per interaction: the longest of its event timing entries (a key press is a keydown,
 * a keypress and a keyup with one interaction id; a tap a pointerdown, a pointerup and a click).
 * Entries without an interaction id (mouse moves and the like) are not interactions. `document`
 * tells the documents of a walk apart: interaction ids start again on each page load.
 * @param {{ document: string, interactionId: number, name: string, duration: number, path?: string }[]} entries
 * @returns {{ key: string, duration: number, name: string, path?: string }[]}
 */
export function interactions(entries) {
  const byKey = new Map()
  for (const entry of entries) {
    if (!(entry.interactionId > 0)) continue
    const key = `${entry.document}#${entry.interactionId}`
    const known = byKey.get(key)
    if (!known || entry.duration > known.duration) {
      byKey.set(key, { key, duration: entry.duration, name: entry.name, path: entry.path })
    }
  }
  return [...byKey.values()]
}

/**
 * The 98th percentile of the interactions' durations (nearest rank: always a measured value).
 * Interactions under the duration threshold produce no entry at all: they count as taking the
 * threshold, which is below every bar, so `count` must be the number of interactions made.
 * @param {number[]} durations the interactions that produced an entry
 * @param {number} count every interaction made (at least durations.length)
 */
export function interactionP98(durations, count = durations.length) {
  const unseen = Math.max(0, count - durations.length)
  return percentile([...durations, ...new Array(unseen).fill(DURATION_THRESHOLD_MS)], 98)
}

/**
 * The figures of one brand (or of every brand together: pass the walks of all).
 * @param {object} input
 * @param {{ ms: number, label: string, from: string, to: string, scripts: string[], sawLoading: boolean }[]} input.presses Continue presses timed in the page
 * @param {{ duration: number }[]} input.interactions from `interactions`
 * @param {number} input.interactionCount every key press, tap and click the walk made
 * @param {{ screens: number, raced: number, typed: number, lost: number, choices: number, choicesLost: number, notOnShow?: number }} input.typing
 *   `notOnShow`: reloaded screens that showed no field before the app took over (not in `screens`)
 * @param {{ path: string, ms: number[], takeoverMs?: number[] }[]} input.lcp runs per page, and
 *   when the app took the page over in each
 * @param {{ requests: number, bytes: number, bodyBytes: number }[]} input.scripts one per journey
 */
export function summarise({ presses, interactions: list, interactionCount, typing, lcp, scripts }) {
  const continues = presses.filter((press) => press.label !== 'Start your application')
  const times = continues.map((press) => press.ms)
  const durations = list.map((each) => each.duration)
  const p98 = interactionP98(durations, interactionCount)
  const pages = lcp.map(({ path, ms, takeoverMs = [] }) => ({
    path,
    median: median(ms),
    runs: ms,
    takeover: median(takeoverMs),
  }))
  return {
    typing: { ...typing, ok: typing.screens > 0 && typing.lost === 0 && typing.choicesLost === 0 },
    continue: {
      count: continues.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      ok: continues.length > 0 && percentile(times, 95) <= CONTINUE_P95_BAR_MS,
      withScripts: continues.filter((press) => press.scripts.length > 0).length,
      withLoading: continues.filter((press) => press.sawLoading).length,
      slowest: [...continues].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
    },
    inp: {
      count: interactionCount,
      entries: durations.length,
      p98,
      worst: durations.length > 0 ? Math.max(...durations) : Number.NaN,
      ok: interactionCount > 0 && p98 <= INP_P98_BAR_MS,
      slowest: [...list].sort((a, b) => b.duration - a.duration).slice(0, SLOWEST),
    },
    lcp: pages.map((page) => ({
      ...page,
      ok: page.runs.length > 0 && page.median <= LCP_BAR_MS,
    })),
    scripts: {
      journeys: scripts.length,
      requests: median(scripts.map((each) => each.requests)),
      bytes: median(scripts.map((each) => each.bytes)),
      bodyBytes: median(scripts.map((each) => each.bodyBytes)),
    },
  }
}

const integer = (value) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-GB') : 'none'
const kilobytes = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : 'none')
const verdict = (ok) => (ok ? 'pass' : '**FAIL**')

/**
 * The section's markdown: one table per brand and one over every brand, each figure with its bar
 * and verdict; and every reason the run fails.
 * @param {object} input
 * @param {string} input.header the command, date, machine and load line
 * @param {{ brand: string, walk: string, figures: ReturnType<typeof summarise> }[]} input.brands
 * @param {ReturnType<typeof summarise>} input.overall
 * @param {string[]} input.problems what made a measurement not valid
 * @param {string[]} [input.notes] how it was measured
 * @param {string[]} [input.extra] further markdown (an experiment's figures)
 * @param {boolean} [input.typingOnly] only the reloading walk ran: only its rows, only its bars
 */
export function buildPhoneReport({
  header,
  brands,
  overall,
  problems,
  notes = [],
  extra = [],
  typingOnly = false,
}) {
  const failures = [...problems]
  const lines = [header, '']
  const rows = (figures) => {
    const { typing, continue: steps, inp, lcp, scripts } = figures
    const typingRows = [
      `| characters typed before the app took over and lost (${typing.typed} typed on ${typing.screens} reloaded screens; all of it in before the app took over on ${typing.raced} of them${typing.notOnShow > 0 ? `; ${typing.notOnShow} more showed no field before the app took over` : ''}) | ${typing.lost} | 0 | ${verdict(typing.screens > 0 && typing.lost === 0)} |`,
      `| choices made (radio, tick box) before the app took over and lost | ${typing.choicesLost} of ${typing.choices} | 0 | ${verdict(typing.choicesLost === 0)} |`,
    ]
    if (typingOnly) return typingRows
    return [
      ...typingRows,
      `| Continue → next heading painted, p50 (${steps.count} presses) | ${integer(steps.p50)} ms | | |`,
      `| Continue → next heading painted, p95 | ${integer(steps.p95)} ms | ≤ ${CONTINUE_P95_BAR_MS} ms | ${verdict(steps.ok)} |`,
      `| Continue presses that fetched JavaScript before the heading was painted; that showed the loading line | ${steps.withScripts} of ${steps.count}; ${steps.withLoading} of ${steps.count} | | information |`,
      `| Interaction to Next Paint over the journey, p98 (${inp.count} interactions, ${inp.entries} of them ≥ ${DURATION_THRESHOLD_MS} ms; slowest ${integer(inp.worst)} ms) | ${integer(inp.p98)} ms | ≤ ${INP_P98_BAR_MS} ms | ${verdict(inp.ok)} |`,
      ...lcp.map(
        (page) =>
          `| LCP of \`${page.path}\`, slow 4G, cold cache (median of ${page.runs.length}: ${page.runs.map(integer).join(', ')} ms) | ${integer(page.median)} ms | ≤ ${LCP_BAR_MS.toLocaleString('en-GB')} ms | ${verdict(page.ok)} |`,
      ),
      ...lcp.map(
        (page) =>
          `| the app took \`${page.path}\` over, cold cache (median) | ${integer(page.takeover)} ms | | information |`,
      ),
      `| JavaScript per journey, requests (median of ${scripts.journeys}) | ${integer(scripts.requests)} | | information |`,
      `| JavaScript per journey, bytes transferred, headers included (median of ${scripts.journeys}; bodies alone ${kilobytes(scripts.bodyBytes)}) | ${kilobytes(scripts.bytes)} | | information |`,
    ]
  }
  const table = ['| what | figure | bar | result |', '|---|---|---|---|']
  for (const { brand, walk, figures } of brands) {
    lines.push(`### ${brand}: ${walk}`, '', ...table, ...rows(figures), '')
    if (!typingOnly) lines.push(slowest(figures), '')
    failures.push(...missed(figures, { typingOnly }).map((what) => `${brand}: ${what}`))
  }
  if (brands.length > 1) {
    lines.push('### Every brand together', '', ...table, ...rows(overall), '')
    if (!typingOnly) lines.push(slowest(overall), '')
    failures.push(...missed(overall, { typingOnly }).map((what) => `every brand: ${what}`))
  }
  lines.push(...extra)
  if (notes.length > 0) lines.push(...notes.map((note) => `- ${note}`), '')
  if (failures.length > 0) {
    lines.push('Missed or not valid:', '', ...failures.map((failure) => `- ${failure}`), '')
  }
  return { markdown: lines.join('\n'), failures }
}

/** The slowest Continue presses and interactions, by screen: where the time went. */
export function slowest(figures) {
  const presses = figures.continue.slowest.map(
    (press) =>
      `\`${press.from} → ${press.to}\` ${integer(press.ms)} ms` +
      (press.scripts.length > 0 ? ` (${press.scripts.length} scripts fetched first)` : ''),
  )
  const events = figures.inp.slowest.map(
    (each) => `${each.name} on \`${each.path ?? '?'}\` ${integer(each.duration)} ms`,
  )
  return (
    `Slowest Continue presses: ${presses.join(', ') || 'none'}. ` +
    `Slowest interactions: ${events.join(', ') || 'none'}.`
  )
}

/**
 * The bars one set of figures misses, in words; with `typingOnly`, those of the reloading walk.
 * @param {ReturnType<typeof summarise>} figures
 */
export function missed(figures, { typingOnly = false } = {}) {
  const out = []
  const { typing, continue: steps, inp, lcp } = figures
  if (typing.screens === 0) out.push('no screen was reloaded and typed on')
  if (typing.lost > 0)
    out.push(`${typing.lost} characters typed before the app took over were lost`)
  if (typing.choicesLost > 0)
    out.push(`${typing.choicesLost} choices made before the app took over were lost`)
  if (typingOnly) return out
  if (!steps.ok) {
    out.push(
      steps.count === 0
        ? 'no Continue press was timed'
        : `Continue → heading p95 ${integer(steps.p95)} ms > ${CONTINUE_P95_BAR_MS} ms`,
    )
  }
  if (!inp.ok) {
    out.push(
      inp.count === 0
        ? 'no interaction was timed'
        : `INP p98 ${integer(inp.p98)} ms > ${INP_P98_BAR_MS} ms`,
    )
  }
  for (const page of lcp) {
    if (!page.ok) out.push(`LCP of ${page.path} ${integer(page.median)} ms > ${LCP_BAR_MS} ms`)
  }
  return out
}
