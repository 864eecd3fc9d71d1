import assert from 'node:assert/strict'
import { test } from 'vitest'
import { buildReport, summariseLighthouse, summariseSteps } from './report.mjs'

const goodRun = {
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1200,
  tbtMs: 20,
  cls: 0,
}

function page(runs) {
  return summariseLighthouse([{ brand: 'carfinance', path: '/', runs }])[0]
}

test('each Lighthouse bar passes at its limit and fails just beyond it', () => {
  for (const [change, missed] of [
    [{}, []],
    [{ performance: 98 }, []],
    [{ performance: 97 }, ['performance']],
    [{ accessibility: 99 }, ['accessibility']],
    [{ bestPractices: 95 }, []],
    [{ bestPractices: 94 }, ['best practices']],
    [{ lcpMs: 1800 }, []],
    [{ lcpMs: 1801 }, ['LCP']],
    [{ tbtMs: 100 }, []],
    [{ tbtMs: 101 }, ['TBT']],
    [{ cls: 0.05 }, []],
    [{ cls: 0.051 }, ['CLS']],
  ]) {
    assert.deepEqual(page([{ ...goodRun, ...change }]).missed, missed, JSON.stringify(change))
  }
})

test('a page is judged on the median of its runs, not on its best or worst run', () => {
  const summary = page([
    { ...goodRun, performance: 90, lcpMs: 2500 },
    { ...goodRun, performance: 98, lcpMs: 1700 },
    { ...goodRun, performance: 100, lcpMs: 1600 },
  ])
  assert.equal(summary.medians.performance, 98)
  assert.equal(summary.medians.lcpMs, 1700)
  assert.deepEqual(summary.missed, [])
})

const press = (from, to, ms, scripts = [], label = 'Continue') => ({
  label,
  from,
  to,
  ms,
  scripts,
  sawLoading: scripts.length > 0,
})

test('the start link is reported apart from the Continue presses and their percentiles', () => {
  const steps = summariseSteps([
    press('/', '/looking-to-borrow', 900, ['/assets/a.js'], 'Start your application'),
    ...Array.from({ length: 19 }, (_, i) => press('/a', '/b', 10 + i)),
    press('/b', '/c', 500, ['/assets/c.js']),
  ])
  assert.equal(steps.count, 20)
  assert.equal(steps.p50, 19)
  assert.equal(steps.p95, 28)
  assert.equal(steps.p95Ok, true)
  assert.equal(steps.withScripts, 1)
  assert.deepEqual(steps.start, { count: 1, median: 900, withScripts: 1 })
  assert.deepEqual(steps.slowest[0], {
    route: '/b → /c',
    median: 500,
    max: 500,
    count: 1,
    withScripts: 1,
  })
})

function report(lighthouseRuns, presses, problems = []) {
  return buildReport({
    lighthouse: summariseLighthouse([{ brand: 'carfinance', path: '/', runs: lighthouseRuns }]),
    steps: summariseSteps(presses),
    walks: 1,
    runs: lighthouseRuns.length,
    walkBrand: 'carfinance',
    problems,
    header: 'Measured now.',
  })
}

test('a run that meets every bar fails nothing and says pass', () => {
  const { markdown, failures } = report([goodRun], [press('/a', '/b', 40)])
  assert.deepEqual(failures, [])
  assert.doesNotMatch(markdown, /FAIL/)
  assert.match(
    markdown,
    /\| carfinance \| `\/` \| 99 \| 100 \| 100 \| 1,200 ms \| 20 ms \| 0\.000 \| pass \|/,
  )
  assert.match(markdown, /\| Continue → heading painted, p95 \| 40 ms \| ≤ 100 ms \| pass \|/)
})

test('every missed bar and every problem is a failure, marked in the table', () => {
  const { markdown, failures } = report(
    [{ ...goodRun, performance: 90 }],
    [press('/a', '/b', 340, ['/assets/b.js'])],
    ['walk 1: no report for Submit application'],
  )
  assert.deepEqual(failures, [
    'walk 1: no report for Submit application',
    'carfinance /: performance',
    'Continue → heading p95 340 ms > 100 ms',
    '1 of 1 Continue presses requested JavaScript before the heading',
  ])
  assert.match(markdown, /\| 90 \*\*FAIL\*\* \|/)
  assert.match(markdown, /\| 1 of 1 \| 0 \(the code is fetched while idle\) \| \*\*FAIL\*\* \|/)
})

test('a walk that timed no Continue press fails rather than passing empty', () => {
  const { failures } = report([goodRun], [])
  assert.deepEqual(failures, ['no Continue press was timed'])
})
