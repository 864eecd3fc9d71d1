import assert from 'node:assert/strict'
import { test } from 'vitest'
import { BARS, rows, table } from './report.mjs'

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
    journey: { files: 80, gzip: 150_000 },
    css: { files: 7, gzip: 4_000 },
    ...change,
  }
}

const failed = (input) =>
  rows({ bare, pages: [page()], bundle: bundle(), ...input })
    .filter((row) => row.ok === false)
    .map((row) => row.what.split(',')[0].split(' (')[0])

test('every bar passes at its limit', () => {
  const atLimits = rows({
    bare: { files: 1, gzip: BARS.firstLoad / BARS.firstLoadRatio },
    pages: [page({ jsGzip: BARS.firstLoad, html: { ...page().html, transfer: BARS.html } })],
    bundle: bundle({
      screens: [{ name: 'deposit-screen', gzip: BARS.screen, withShared: 0 }],
      journey: { files: 1, gzip: BARS.journey },
    }),
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
  assert.deepEqual(failed({ bundle: bundle({ journey: { files: 1, gzip: BARS.journey + 1 } }) }), [
    'all JavaScript of a whole journey',
  ])
  assert.deepEqual(
    failed({ pages: [page({ html: { ...page().html, transfer: BARS.html + 1 } })] }),
    ['first HTML response of `/`'],
  )
  assert.deepEqual(
    failed({ pages: [page({ foreign: ['https://www.googletagmanager.com/gtm.js'] })] }),
    ['requests to another host before the first input'],
  )
})

test('the start screen is not held to the further screens’ bar', () => {
  const [screenRow] = rows({ bare, pages: [page()], bundle: bundle() }).filter((row) =>
    row.what.startsWith("each further screen's"),
  )
  assert.equal(screenRow.ok, true)
  assert.equal(screenRow.figure, '1.0 KB')
})

test('the table marks a miss in bold and leaves figures without a bar unjudged', () => {
  const text = table(rows({ bare, pages: [page({ jsGzip: 95_000 })], bundle: bundle() }))
  assert.match(
    text,
    /\| JavaScript on `\/` before the first input, carfinance\.localhost \| 95\.0 KB in 1 files; 1\.58 × bare \| ≤ 90\.0 KB and ≤ 1\.35 × \| \*\*FAIL\*\* \|/,
  )
  assert.match(text, /\| all CSS the app can load \| 4\.0 KB in 7 files \| no bar \| {2}\|/)
})
