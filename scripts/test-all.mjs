#!/usr/bin/env node
// `npm test`: builds the front end, runs every test runner (Vitest for the domain, web and server;
// Playwright in real Chromium for the end-to-end journeys) plus the type check and lint, then adds up
// the runners' JSON reports and prints the closing line CI reads: `N passed, N failed`.
// A missing report, or a runner that ran zero tests, counts as a failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
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

/** A check that is not a test runner (build, types, lint) counts as one test. */
function check(label, command, args) {
  const ok = run(label, command, args)
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })
  return ok
}

function auditCheck(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const outcome = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  console.log(`◀ ${label}: exit ${outcome.status}`)
  if (outcome.status === 3) {
    console.error(`⚠ ${label}: NOT CHECKED (see above): counted as skipped`)
    results.push({ label, passed: 0, failed: 0, skipped: 1 })
    return
  }
  const ok = outcome.status === 0
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })
}

function runnerResult(label, report, counts) {
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

const built = check('build', 'npm', ['run', 'build'])
check('typecheck', 'npm', ['run', 'typecheck'])
check('lint', 'npx', ['eslint', '.', '--max-warnings=0'])
// Production dependencies with a high or critical advisory fail; exit 3 means the registry's audit
// service could not be asked (this machine's registry refuses it): counted as skipped, said loudly.
auditCheck('dependency audit', 'node', ['scripts/security-audit.mjs'])
// The JavaScript, CSS and HTML budgets of quality.md, measured on the build just made (docs/decisions/1401).
if (built) check('size budget', 'node', ['scripts/size-budget.mjs'])
else console.error('✖ size budget not checked: the front-end build failed')
// The back office's own bars (docs/decisions/1631).
if (built) check('back-office size budget', 'node', ['scripts/back-office-size-budget.mjs'])

const vitestReport = join(reports, 'vitest.json')
run('unit and component tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
runnerResult('vitest', existsSync(vitestReport) ? readJson(vitestReport) : undefined, (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0),
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
}))

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
  console.error('✖ end-to-end tests not run: the front-end build failed')
}
runnerResult(
  'playwright',
  existsSync(playwrightReport) ? readJson(playwrightReport) : undefined,
  (r) => ({
    passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
    failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
    skipped: r.stats?.skipped ?? 0,
  }),
)

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
runnerResult(
  'playwright back office',
  existsSync(backOfficeReport) ? readJson(backOfficeReport) : undefined,
  (r) => ({
    passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
    failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
    skipped: r.stats?.skipped ?? 0,
  }),
)

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
