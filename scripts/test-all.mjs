#!/usr/bin/env node
// `npm test`: builds the front end, runs every test runner (Vitest for the domain, web and server;
// Playwright in real Chromium for the end-to-end journeys) plus the type check and lint, then adds up
// the runners' JSON reports and prints the closing line CI reads: `N passed, N failed`.
// A missing report, or a runner that ran zero tests, counts as a failure; a runner that needs PostgreSQL
// and finds none is skipped, loudly, and counted as skipped.
// On a two-core machine the checks that are one process each (build, type check, lint, audit) run side by
// side, their output printed whole as each ends; the runners then run one after the other.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { playwrightFailures, vitestFailures } from './failed-tests.mjs'
import { describeRuntime, wrongNodeProblem } from './node-runtime.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// Which Node runs the tests, and what the native module was built for: npm scripts run the Node 24 that
// npm ci provisions (docs/decisions/1551). Another Node that cannot run the project stops everything here.
console.log(`Runtime: ${describeRuntime()}`)
const wrongNode = wrongNodeProblem()
if (wrongNode !== undefined) {
  console.error(`\n✖ ${wrongNode}\n`)
  console.log('0 passed, 1 failed')
  process.exit(1)
}
const reports = join(root, 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const results = []

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const outcome = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  console.log(
    `◀ ${label}: exit ${outcome.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return outcome.status === 0
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Runs beside others: its output is kept and printed in one piece when it ends. Resolves the exit code. */
function runBeside(label, command, args) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (status) => {
      console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
      process.stdout.write(Buffer.concat(output))
      console.log(`◀ ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      resolve(status)
    })
  })
}

/** A check that is not a test runner (build, types, lint) counts as one test. */
async function checkBeside(label, command, args) {
  const ok = (await runBeside(label, command, args)) === 0
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })
  return ok
}

async function auditCheck(label, command, args) {
  const status = await runBeside(label, command, args)
  if (status === 3) {
    console.error(`⚠ ${label}: NOT CHECKED (see above): counted as skipped`)
    results.push({ label, passed: 0, failed: 0, skipped: 1 })
    return
  }
  const ok = status === 0
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })
}

/** The failed tests of every runner, named just before the summary (failed-tests.mjs). */
const failedTests = []

function runnerResult(label, report, counts, failuresOf = () => []) {
  failedTests.push(...failuresOf(report).map((failure) => `${label}: ${failure}`))
  if (!report) {
    console.error(`✖ ${label}: no JSON report was written: counted as a failure`)
    results.push({ label, passed: 0, failed: 1, skipped: 0 })
    return
  }
  const { passed, failed, skipped } = counts(report)
  if (passed + failed === 0) {
    console.error(`✖ ${label}: ran zero tests: counted as a failure`)
    results.push({ label, passed: 0, failed: 1, skipped })
    return
  }
  results.push({ label, passed, failed, skipped })
}

/** A Playwright JSON report's counts: a flaky test passed in the end; an error outside a test fails. */
const playwrightCounts = (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
  skipped: r.stats?.skipped ?? 0,
})

/** A Playwright run's result, from its JSON report (missing: a failure). */
function playwrightResult(label, reportFile) {
  runnerResult(
    label,
    existsSync(reportFile) ? readJson(reportFile) : undefined,
    playwrightCounts,
    playwrightFailures,
  )
}

const checksStarted = Date.now()
const [built] = await Promise.all([
  // The build (front ends and server), then the JavaScript, CSS and HTML budgets of docs/requirements.md#performance measured
  // on it (docs/decisions/1401).
  checkBeside('build', 'npm', ['run', 'build']).then(async (ok) => {
    if (ok) {
      await checkBeside('size budget', 'node', ['scripts/size-budget.mjs'])
      // The back office's own bars (docs/decisions/1631).
      await checkBeside('back-office size budget', 'node', ['scripts/back-office-size-budget.mjs'])
    } else console.error('✖ size budgets not checked: the build failed')
    return ok
  }),
  checkBeside('typecheck', 'npm', ['run', 'typecheck']),
  checkBeside('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  // Production dependencies with a high or critical advisory fail; exit 3 means the registry's audit
  // service could not be asked (this machine's registry refuses it): counted as skipped, said loudly.
  auditCheck('dependency audit', 'node', ['scripts/security-audit.mjs']),
])
console.log(
  `\n◀ build, size budget, typecheck, lint and audit side by side: ${((Date.now() - checksStarted) / 1000).toFixed(1)} s`,
)

const vitestReport = join(reports, 'vitest.json')
run('unit and component tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
runnerResult(
  'vitest',
  existsSync(vitestReport) ? readJson(vitestReport) : undefined,
  (r) => ({
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  }),
  (r) => vitestFailures(r, root),
)

const playwrightReport = join(reports, 'playwright.json')
if (built) {
  run(
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  )
} else {
  console.error('✖ end-to-end tests not run: the build failed')
}
playwrightResult('playwright', playwrightReport)

// The back office's journey: its own server set-up (a fake lender, the data key), one worker.
const backOfficeReport = join(reports, 'playwright-back-office.json')
if (built) {
  run(
    'back-office end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/back-office/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: backOfficeReport },
  )
} else {
  console.error('✖ back-office end-to-end tests not run: the front-end build failed')
}
playwrightResult('playwright back office', backOfficeReport)

// Save and come back later, and the joint applicant's confirmation: a real SMTP server, a fake lender.
const saveReturnReport = join(reports, 'playwright-save-return.json')
if (built) {
  run(
    'save-and-return end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/save-return/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: saveReturnReport },
  )
} else {
  console.error('✖ save-and-return end-to-end tests not run: the front-end build failed')
}
playwrightResult('playwright save and return', saveReturnReport)

// The evidence journeys, the applicant's own page and the broker's pipeline again with the server on
// PostgreSQL (decision 1931). Without TEST_DATABASE_URL, or
// when it does not answer, the probe says so loudly and exits 3: the runner is counted as skipped, not run.
const postgresLabel = 'playwright PostgreSQL'
const postgresReport = join(reports, 'playwright-postgres.json')
if (built) {
  const probe = spawnSync('node', ['--import', 'tsx', 'e2e/postgres/support/probe.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  if (probe.status === 3) {
    console.error(`⚠ ${postgresLabel}: NOT RUN (see above): counted as skipped`)
    results.push({ label: postgresLabel, passed: 0, failed: 0, skipped: 1 })
  } else if (probe.status !== 0) {
    console.error(`✖ ${postgresLabel}: the PostgreSQL probe failed (exit ${probe.status})`)
    results.push({ label: postgresLabel, passed: 0, failed: 1, skipped: 0 })
  } else {
    run(
      'end-to-end evidence journeys, applicant page and pipeline on PostgreSQL (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/postgres/playwright.config.ts'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: postgresReport },
    )
    playwrightResult(postgresLabel, postgresReport)
  }
} else {
  console.error('✖ PostgreSQL end-to-end tests not run: the build failed')
  playwrightResult(postgresLabel, postgresReport)
}

if (failedTests.length > 0) {
  console.log('\nFailed tests')
  for (const failure of failedTests.slice(0, 40)) console.log(`  ✖ ${failure}`)
  if (failedTests.length > 40) console.log(`  … and ${failedTests.length - 40} more`)
}
console.log('\nSummary')
for (const r of results) {
  console.log(`  ${r.label}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`)
}
const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
)
console.log(`${total.skipped} skipped`)
// The closing line CI reads, alone and exactly in this form.
console.log(`${total.passed} passed, ${total.failed} failed`)
process.exit(total.failed === 0 ? 0 : 1)
