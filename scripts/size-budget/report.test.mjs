import assert from 'node:assert/strict'
import { test } from 'vitest'
import { BARS, notFetched, notFetchedTable, rows, table } from './report.mjs'

const bare = { files: 1, gzip: 60_000 }

function page(change = {}) {
  return {
    host: 'carfinance.localhost',
    scripts: [{ url: 'http://carfinance.localhost:1/assets/index.js', gzip: 80_000 }],
    jsGzip: 80_000,
    css: { files: 0, filesGzip: 0, inlineGzip: 2_000 },
    html: { transfer: 4_000, body: 3_000, encoding: 'br', raw: 11_000, gzip: 3_800 },
    requests: 12,
    foreign: [],
    ...change,
  }
}

function bundle(change = {}) {
  return {
    screens: [
      { name: 'start-screen', gzip: 9_000, withShared: 9_000 },
      { name: 'deposit-screen', gzip: 1_000, withShared: 12_000 },
    ],
    all: {
      files: 3,
      gzip: 170_000,
      scripts: [
        { key: 'index.html', file: 'assets/index.js', gzip: 150_000 },
        {
          key: 'src/screens/continue/continue-screen.tsx',
          file: 'assets/continue.js',
          gzip: 1_500,
        },
        { key: '_legal-heading-x.js', file: 'assets/legal-heading.js', gzip: 18_500 },
      ],
    },
    css: { files: 7, gzip: 4_000 },
    ...change,
  }
}

function walk(change = {}) {
  return {
    id: 'joint-property',
    name: 'a joint application',
    host: 'harbourlend.localhost',
    scripts: [{ url: 'http://harbourlend.localhost:1/assets/index.js', gzip: 150_000 }],
    gzip: 150_000,
    sent: 130_000,
    encodings: ['br'],
    foreign: [],
    pages: 48,
    seconds: 30,
    ...change,
  }
}

const failed = (input) =>
  rows({ bare, pages: [page()], bundle: bundle(), walks: [walk()], ...input })
    .filter((row) => row.ok === false)
    .map((row) => row.what.split(',')[0].split(' (')[0])

test('every bar passes at its limit', () => {
  const atLimits = rows({
    bare: { files: 1, gzip: BARS.firstLoad / BARS.firstLoadRatio },
    pages: [page({ jsGzip: BARS.firstLoad, html: { ...page().html, transfer: BARS.html } })],
    bundle: bundle({ screens: [{ name: 'deposit-screen', gzip: BARS.screen, withShared: 0 }] }),
    walks: [walk({ gzip: BARS.journey })],
  })
  assert.deepEqual(
    atLimits.filter((row) => row.ok === false),
    [],
  )
})

test('one byte over a bar fails it, and only it', () => {
  assert.deepEqual(failed({}), [])
  assert.deepEqual(failed({ pages: [page({ jsGzip: BARS.firstLoad + 1 })] }), [
    'JavaScript on `/` before the first input',
  ])
  assert.deepEqual(failed({ bare: { files: 1, gzip: 50_000 } }), [
    'JavaScript on `/` before the first input',
  ])
  assert.deepEqual(
    failed({
      bundle: bundle({
        screens: [{ name: 'deposit-screen', gzip: BARS.screen + 1, withShared: 0 }],
      }),
    }),
    ["each further screen's own chunk"],
  )
  assert.deepEqual(failed({ walks: [walk(), walk({ gzip: BARS.journey + 1 })] }), [
    'all JavaScript of a whole journey as Chromium fetches it: a joint application',
  ])
  // Every chunk the app can load is information, not the journey's bar (decision 1971).
  assert.deepEqual(failed({ bundle: bundle({ all: { ...bundle().all, gzip: 400_000 } }) }), [])
  assert.deepEqual(
    failed({ pages: [page({ html: { ...page().html, transfer: BARS.html + 1 } })] }),
    ['first HTML response of `/`'],
  )
  assert.deepEqual(
    failed({ pages: [page({ foreign: ['https://www.googletagmanager.com/gtm.js'] })] }),
    ['requests to another host before the first input'],
  )
})

test("the journey's bar is 160 KB, judged per walked journey", () => {
  assert.equal(BARS.journey, 160_000)
  const text = table(
    rows({
      bare,
      pages: [page()],
      bundle: bundle(),
      walks: [
        walk({ gzip: 157_512, sent: 136_400, scripts: Array(92).fill({}) }),
        walk({ name: 'a single applicant', host: 'carfinance.localhost', gzip: 160_001 }),
      ],
    }),
  )
  assert.match(
    text,
    /\| all JavaScript of a whole journey as Chromium fetches it: a joint application, harbourlend\.localhost \| 157\.5 KB in 92 files \(136\.4 KB sent as br\) \| ≤ 160\.0 KB \| pass \|/,
  )
  assert.match(
    text,
    /\| all JavaScript of a whole journey as Chromium fetches it: a single applicant, carfinance\.localhost \| 160\.0 KB in 1 files \(130\.0 KB sent as br\) \| ≤ 160\.0 KB \| \*\*FAIL\*\* \|/,
  )
  assert.match(
    text,
    /\| every chunk the app can load, all routes \(information\) \| 170\.0 KB in 3 files \| no bar \| {2}\|/,
  )
})

test('no journey walked is a missed bar, not a pass', () => {
  assert.deepEqual(failed({ walks: [] }), [
    'all JavaScript of a whole journey as Chromium fetches it',
  ])
})

test('what no walk fetched, largest first, with where it comes from and its total', () => {
  const walks = [
    walk(),
    walk({ scripts: [{ url: 'http://carfinance.localhost:1/assets/index.js', gzip: 150_000 }] }),
  ]
  const missing = notFetched(bundle(), walks)
  assert.deepEqual(
    missing.map((script) => script.file),
    ['assets/legal-heading.js', 'assets/continue.js'],
  )
  assert.equal(
    notFetchedTable(missing),
    [
      '| chunk | from | gzip |',
      '|---|---|---|',
      '| assets/legal-heading.js | shared: legal-heading-x.js | 18.5 KB |',
      '| assets/continue.js | src/screens/continue/continue-screen.tsx | 1.5 KB |',
      '| 2 chunks | | 20.0 KB |',
    ].join('\n'),
  )
})

test('the start screen is not held to the further screens’ bar', () => {
  const [screenRow] = rows({ bare, pages: [page()], bundle: bundle(), walks: [walk()] }).filter(
    (row) => row.what.startsWith("each further screen's"),
  )
  assert.equal(screenRow.ok, true)
  assert.equal(screenRow.figure, '1.0 KB')
})

test('the table marks a miss in bold and leaves figures without a bar unjudged', () => {
  const text = table(
    rows({ bare, pages: [page({ jsGzip: 95_000 })], bundle: bundle(), walks: [walk()] }),
  )
  assert.match(
    text,
    /\| JavaScript on `\/` before the first input, carfinance\.localhost \| 95\.0 KB in 1 files; 1\.58 × bare \| ≤ 90\.0 KB and ≤ 1\.35 × \| \*\*FAIL\*\* \|/,
  )
  assert.match(text, /\| all CSS the app can load \| 4\.0 KB in 7 files \| no bar \| {2}\|/)
})
