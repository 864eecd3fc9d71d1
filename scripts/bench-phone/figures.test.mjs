import assert from 'node:assert/strict'
import { test } from 'vitest'
import {
  buildPhoneReport,
  interactionP98,
  interactions,
  missed,
  missingCharacters,
  notOnShow,
  summarise,
} from './figures.mjs'

test('characters missing: what was typed and is not in the kept value, in order', () => {
  for (const [typed, kept, expected] of [
    ['1990', '1990', 0],
    ['1990', '', 4],
    // The day padded and the amount given its comma: nothing lost.
    ['7', '07', 0],
    ['12000', '12,000', 0],
    // The first keys lost to the app's first render, the last ones kept.
    ['250000', '000', 3],
    // Kept out of order is not kept.
    ['12', '21', 1],
    ['', 'anything', 0],
    ['Rose Cottage', 'Rose Cottage', 0],
  ]) {
    assert.equal(missingCharacters(typed, kept), expected, `${typed} → ${kept}`)
  }
})

test('an interaction is its longest entry, per document; entries without an interaction id are not interactions', () => {
  const list = interactions([
    { document: 'a', interactionId: 7, name: 'keydown', duration: 40, path: '/x' },
    { document: 'a', interactionId: 7, name: 'keyup', duration: 24, path: '/x' },
    { document: 'a', interactionId: 0, name: 'pointerover', duration: 300 },
    // The same id in a reloaded document is another interaction.
    { document: 'b', interactionId: 7, name: 'click', duration: 104, path: '/y' },
  ])
  assert.deepEqual(
    list.map(({ key, name, duration }) => [key, name, duration]),
    [
      ['a#7', 'keydown', 40],
      ['b#7', 'click', 104],
    ],
  )
})

test('p98 counts the interactions too quick for an entry at the threshold', () => {
  // 100 interactions, 3 of them slow: the 98th value is the third slowest.
  assert.equal(interactionP98([300, 250, 220], 100), 220)
  // 200 interactions, the same 3 slow: the 196th is a quick one.
  assert.equal(interactionP98([300, 250, 220], 200), 16)
  assert.equal(interactionP98([50, 60]), 60)
  assert.ok(Number.isNaN(interactionP98([], 0)))
})

const typing = { screens: 20, raced: 18, typed: 60, lost: 0, choices: 9, choicesLost: 0 }

function figures(overrides = {}) {
  return summarise({
    presses: [
      {
        label: 'Start your application',
        from: '/',
        to: '/a',
        ms: 900,
        scripts: ['/x.js'],
        sawLoading: true,
      },
      ...Array.from({ length: 20 }, (_, index) => ({
        label: 'Continue',
        from: `/s${index}`,
        to: `/s${index + 1}`,
        ms: 50 + index * 5,
        scripts: index === 19 ? ['/late.js'] : [],
        sawLoading: false,
      })),
    ],
    // Under 50 interactions, p98 is the slowest (as web-vitals' INP is).
    interactions: [{ key: 'a#1', name: 'keydown', duration: 180, path: '/s3' }],
    interactionCount: 40,
    typing,
    lcp: [
      { path: '/', ms: [1200, 1100, 1300] },
      { path: '/date-of-birth', ms: [2600, 2400, 2700] },
    ],
    scripts: [{ requests: 88, bytes: 240_000, bodyBytes: 200_000 }],
    ...overrides,
  })
}

test('the figures against their bars', () => {
  const result = figures()
  // The start link is not a Continue: 20 presses of 50…145 ms.
  assert.equal(result.continue.count, 20)
  assert.equal(result.continue.p50, 95)
  assert.equal(result.continue.p95, 140)
  assert.equal(result.continue.ok, true)
  assert.equal(result.continue.withScripts, 1)
  assert.equal(result.inp.p98, 180)
  assert.equal(result.inp.ok, true)
  assert.deepEqual(
    result.lcp.map(({ path, median, ok }) => [path, median, ok]),
    [
      ['/', 1200, true],
      ['/date-of-birth', 2600, false],
    ],
  )
  assert.equal(result.typing.ok, true)
  assert.deepEqual(missed(result), ['LCP of /date-of-birth 2,600 ms > 2500 ms'])
})

test('a lost character, a lost choice, a slow p95 and a slow INP each fail', () => {
  const result = figures({
    typing: { ...typing, lost: 3, choicesLost: 1 },
    interactions: [
      { key: 'a#1', name: 'keydown', duration: 480, path: '/s3' },
      { key: 'a#2', name: 'click', duration: 300, path: '/s4' },
    ],
    interactionCount: 10,
    presses: [{ label: 'Continue', from: '/a', to: '/b', ms: 151, scripts: [], sawLoading: false }],
  })
  assert.deepEqual(missed(result), [
    '3 characters typed before the app took over were lost',
    '1 choices made before the app took over were lost',
    'Continue → heading p95 151 ms > 150 ms',
    'INP p98 480 ms > 200 ms',
    'LCP of /date-of-birth 2,600 ms > 2500 ms',
  ])
})

test('no press, no interaction and no reloaded screen are failures, not passes', () => {
  const result = figures({
    presses: [],
    interactions: [],
    interactionCount: 0,
    typing: { screens: 0, raced: 0, typed: 0, lost: 0, choices: 0, choicesLost: 0 },
  })
  assert.deepEqual(missed(result).slice(0, 3), [
    'no screen was reloaded and typed on',
    'no Continue press was timed',
    'no interaction was timed',
  ])
})

test('the report: a table per brand and for every brand, each figure with its bar and verdict', () => {
  const passing = figures({
    lcp: [{ path: '/', ms: [1200], takeoverMs: [3100, 2900, 3000] }],
  })
  const failing = figures()
  const { markdown, failures } = buildPhoneReport({
    header: 'Measured now.',
    brands: [
      { brand: 'carfinance', walk: 'a single applicant', figures: passing },
      { brand: 'harbourlend', walk: 'a joint application', figures: failing },
    ],
    overall: failing,
    problems: ['harbourlend: LCP of /, run 2: ended on /looking-to-borrow'],
    notes: ['How it was measured.'],
  })
  assert.deepEqual(failures, [
    'harbourlend: LCP of /, run 2: ended on /looking-to-borrow',
    'harbourlend: LCP of /date-of-birth 2,600 ms > 2500 ms',
    'every brand: LCP of /date-of-birth 2,600 ms > 2500 ms',
  ])
  const lines = markdown.split('\n')
  assert.equal(lines[0], 'Measured now.')
  assert.ok(lines.includes('### carfinance: a single applicant'))
  assert.ok(lines.includes('### Every brand together'))
  assert.ok(
    lines.includes(
      '| characters typed before the app took over and lost (60 typed on 20 reloaded screens; all of it in before the app took over on 18 of them) | 0 | 0 | pass |',
    ),
  )
  assert.ok(lines.includes('| Continue → next heading painted, p95 | 140 ms | ≤ 150 ms | pass |'))
  assert.ok(
    lines.includes(
      '| LCP of `/date-of-birth`, slow 4G, cold cache (median of 3: 2,600, 2,400, 2,700 ms) | 2,600 ms | ≤ 2,500 ms | **FAIL** |',
    ),
  )
  assert.ok(
    lines.includes(
      '| JavaScript per journey, bytes transferred, headers included (median of 1; bodies alone 195.3 KB) | 234.4 KB | | information |',
    ),
  )
  assert.ok(
    lines.includes('| the app took `/` over, cold cache (median) | 3,000 ms | | information |'),
  )
  assert.ok(lines.includes('- How it was measured.'))
  assert.ok(lines.includes('- harbourlend: LCP of /, run 2: ended on /looking-to-borrow'))
})

test('why a reloaded screen showed no field before the app took over; none when it should have', () => {
  const page = { fieldVisible: false, screen: true, unseen: false, held: false }
  assert.equal(notOnShow({ ...page, fieldVisible: true }), undefined)
  assert.equal(notOnShow({ ...page, fieldVisible: true, unseen: true }), undefined)
  assert.equal(
    notOnShow({ ...page, screen: false }),
    'not pre-rendered: the page is the shell alone until the app renders it',
  )
  assert.equal(
    notOnShow({ ...page, unseen: true }),
    'pre-rendered unseen: its words follow answers the page does not have yet',
  )
  assert.equal(
    notOnShow({ ...page, held: true }),
    'held back by the deep-link guard until the app decides',
  )
  // The screen on show and the field not on it: the walk fails there, no excuse found.
  assert.equal(notOnShow(page), undefined)
})

test('the typing walk alone: its two rows and its bars, and the screens that showed no field', () => {
  const result = figures({
    presses: [],
    interactions: [],
    interactionCount: 0,
    lcp: [],
    scripts: [],
    typing: { ...typing, notOnShow: 2 },
  })
  assert.deepEqual(missed(result, { typingOnly: true }), [])
  assert.deepEqual(missed(result).slice(0, 2), [
    'no Continue press was timed',
    'no interaction was timed',
  ])
  const lost = figures({ typing: { ...typing, screens: 0, lost: 1 } })
  assert.deepEqual(missed(lost, { typingOnly: true }), [
    'no screen was reloaded and typed on',
    '1 characters typed before the app took over were lost',
  ])
  const { markdown, failures } = buildPhoneReport({
    header: 'Measured now.',
    brands: [{ brand: 'carfinance', walk: 'a single applicant', figures: result }],
    overall: result,
    problems: [],
    typingOnly: true,
  })
  assert.deepEqual(failures, [])
  assert.deepEqual(markdown.split('\n'), [
    'Measured now.',
    '',
    '### carfinance: a single applicant',
    '',
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    '| characters typed before the app took over and lost (60 typed on 20 reloaded screens; all of it in before the app took over on 18 of them; 2 more showed no field before the app took over) | 0 | 0 | pass |',
    '| choices made (radio, tick box) before the app took over and lost | 0 of 9 | 0 | pass |',
    '',
  ])
})
