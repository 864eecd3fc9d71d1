// The `security` section of docs/benchmarks.md: each security bar of docs/requirements.md#security, the tests that check it
// (run now, with their results), and the dependency audit's outcome.

import { cpus, loadavg, totalmem } from 'node:os'
import { relative } from 'node:path'
import { BLOCKING, countsLine } from './decide.mjs'

/**
 * @typedef {{ file: string, name?: RegExp }} TestSelector  a test file, and optionally which of its tests
 * @typedef {{ what: string, bar: string, tests: TestSelector[], cited?: string[] }} SecurityBar
 */

const BARS_TEST = 'apps/server/test/security-bars.test.ts'

/** @type {SecurityBar[]} */
export const SECURITY_BARS = [
  {
    what: 'Cross-site writes (`Sec-Fetch-Site: cross-site`), on every write endpoint',
    bar: '403, nothing stored',
    tests: [
      { file: BARS_TEST, name: /anti-forgery on every write endpoint.*cross-site/ },
      { file: 'apps/server/test/anti-forgery.test.ts', name: /sent cross-site/ },
      { file: 'apps/server/test/events.test.ts', name: /cross-site/ },
      {
        file: 'apps/server/test/anti-forgery-cors.test.ts',
        name: /same site passes the anti-forgery/,
      },
    ],
  },
  {
    what: 'Writes with a missing, wrong, forged or another session’s token, on every write endpoint',
    bar: '403, nothing stored; the valid pair accepted',
    tests: [
      {
        file: BARS_TEST,
        name: /anti-forgery on every write endpoint.*(no cookie|no token sent|but no cookie|empty|wrong token|another session|forged|made-up|another server|OpenAPI|same origin is accepted)/,
      },
      { file: 'apps/server/test/anti-forgery.test.ts', name: /refused|signed|__Host-/ },
    ],
  },
  {
    what: 'Security headers on pages, files and API answers (refusals included), over HTTP',
    bar: 'the exact CSP, no inline script but a question page’s own one, allowed by its hash; HSTS ≥ 1 year; nosniff; strict referrer policy; no framing',
    tests: [
      { file: BARS_TEST, name: /security headers|built front end/ },
      { file: 'apps/server/test/security-headers.test.ts' },
    ],
    cited: [
      'e2e/start/routing-and-state.spec.ts › security headers are on the page (Chromium, `npm run test:e2e`)',
    ],
  },
  {
    what: 'Body size limit on every write endpoint',
    bar: '413, nothing stored',
    tests: [{ file: BARS_TEST, name: /size limit/ }],
  },
  {
    what: 'Rate limits per client on writes and lookups',
    bar: '429 with Retry-After past the budget',
    tests: [{ file: 'apps/server/test/rate-limit.test.ts' }],
  },
  {
    what: 'A canary personal value in the logs: every endpoint, every log level (trace to error), success and error paths (400, 403, 404, 409, 413, 415, 429, 500), SQLite and PostgreSQL',
    bar: 'never',
    tests: [
      { file: BARS_TEST, name: /no canary personal value reaches the logs/ },
      { file: 'apps/server/test/personal-data-canary.test.ts' },
      { file: 'apps/server/test/logging.test.ts' },
    ],
  },
  {
    what: 'The canary in the database (SQLite files on disk, PostgreSQL rows as text), single and joint applications and partial saves',
    bar: 'only encrypted with FORECOURT_DATA_KEY; in clear without (the check can fail)',
    tests: [
      { file: BARS_TEST, name: /canary in the database/ },
      { file: 'apps/server/test/encryption.test.ts' },
    ],
  },
  {
    what: 'Personal data deleted on schedule',
    bar: 'submissions after six years, abandoned partial applications after 30 days',
    tests: [{ file: 'apps/server/test/retention.test.ts' }],
  },
]

/** The distinct test files the bars name, for one Vitest run. */
export function testFiles(bars = SECURITY_BARS) {
  return [...new Set(bars.flatMap((bar) => bar.tests.map((test) => test.file)))]
}

/**
 * @typedef {{ file: string, fullName: string, status: string }} TestOutcome
 * @param {unknown} report Vitest's JSON report
 * @param {string} root the repository folder, to make file names relative
 * @returns {TestOutcome[]}
 */
export function testOutcomes(report, root) {
  const files =
    /** @type {{ testResults?: { name: string, assertionResults?: { fullName: string, status: string }[] }[] }} */ (
      report ?? {}
    ).testResults
  return (files ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((result) => ({
      file: relative(root, file.name).split('\\').join('/'),
      fullName: result.fullName,
      status: result.status,
    })),
  )
}

/**
 * The tests a bar names, and how they went.
 * @param {SecurityBar} bar
 * @param {TestOutcome[]} outcomes
 */
export function barResult(bar, outcomes) {
  const matched = outcomes.filter((outcome) =>
    bar.tests.some(
      (selector) =>
        selector.file === outcome.file &&
        (selector.name === undefined || selector.name.test(outcome.fullName)),
    ),
  )
  const passed = matched.filter((outcome) => outcome.status === 'passed').length
  const failed = matched.filter((outcome) => outcome.status === 'failed').length
  const skipped = matched.length - passed - failed
  // A selector that matches nothing means a test was renamed or removed: the bar is then not shown as met.
  const unmatched = bar.tests.filter(
    (selector) =>
      !outcomes.some(
        (outcome) =>
          selector.file === outcome.file &&
          (selector.name === undefined || selector.name.test(outcome.fullName)),
      ),
  )
  const result = failed > 0 || unmatched.length > 0 ? '**FAIL**' : passed === 0 ? 'not run' : 'pass'
  return { passed, failed, skipped, unmatched, result }
}

/**
 * @param {{
 *   date: string,
 *   seconds: number,
 *   command: string,
 *   audit: import('./decide.mjs').AuditReading,
 *   auditCommand: string,
 *   outcomes: TestOutcome[],
 *   testCommand: string,
 *   load: { start: number, end: number },
 * }} run
 */
export function securitySection(run) {
  const rows = []
  const checkedBy = []
  SECURITY_BARS.forEach((bar, index) => {
    const { passed, failed, skipped, unmatched, result } = barResult(bar, run.outcomes)
    const figure = [
      `${passed} tests passed`,
      ...(failed > 0 ? [`${failed} failed`] : []),
      ...(skipped > 0 ? [`${skipped} skipped`] : []),
      ...(unmatched.length > 0 ? [`${unmatched.length} named test(s) not found`] : []),
    ].join(', ')
    rows.push(`| ${index + 1}. ${bar.what} | ${figure} | ${bar.bar} | ${result} |`)
    const where = [
      ...bar.tests.map((selector) =>
        selector.name === undefined
          ? `\`${selector.file}\` (every test)`
          : `\`${selector.file}\`, tests matching \`/${selector.name.source}/\``,
      ),
      ...(bar.cited ?? []).map((cited) => `${cited} (cited, not run by this command)`),
    ]
    checkedBy.push(`${index + 1}. ${where.join('; ')}`)
  })

  const auditRow = auditTableRow(run.audit)
  const machine = machineLine()
  const lines = [
    `Measured ${run.date} with \`${run.command}\` (${Math.round(run.seconds)} s), on ${machine}; load average ${run.load.start.toFixed(1)} at the start and ${run.load.end.toFixed(1)} at the end.`,
    '',
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    ...rows,
    auditRow,
    '',
    'Checked by (row: test file and the names counted):',
    '',
    ...checkedBy,
    `${checkedBy.length + 1}. \`npm run check:audit\` (\`${run.auditCommand}\`, parsed by \`scripts/security-audit/decide.mjs\`, unit-tested in \`scripts/security-audit/decide.test.mjs\`)`,
    '',
    `- Tests: \`${run.testCommand}\`, run in this report's run; each row counts the tests it names (by file and name pattern). A pattern that matches no test counts as a failure, so renaming a test cannot quietly empty a row.`,
    `- The fast checks in \`npm test\`: \`${BARS_TEST}\` (real HTTP against a server listening on 127.0.0.1, table-driven over every write route the OpenAPI document lists: submission, partial save, telemetry event and beacon), with the other files above; and \`npm run check:audit\` (exit 0 clean, 1 high or critical found, 2 the audit could not be read, 3 not checked: the registry's audit endpoint could not be reached or refused).`,
    ...auditNotes(run.audit, run.auditCommand),
  ]
  return lines.join('\n')
}

/** @param {import('./decide.mjs').AuditReading} audit */
function auditTableRow(audit) {
  const what = `${SECURITY_BARS.length + 1}. Advisories in production dependencies (\`npm audit --omit=dev\`)`
  const bar = 'no high or critical'
  if (audit.kind === 'not-checked') {
    return `| ${what} | NOT CHECKED: ${audit.reason} | ${bar} | not checked |`
  }
  if (audit.kind === 'failed') return `| ${what} | ${audit.reason} | ${bar} | **FAIL** |`
  const blocking = BLOCKING.reduce((sum, severity) => sum + audit.counts[severity], 0)
  const scope =
    audit.dependencies === undefined ? '' : ` (${audit.dependencies} production dependencies)`
  return `| ${what} | ${countsLine(audit.counts)}${scope} | ${bar} | ${blocking > 0 ? '**FAIL**' : 'pass'} |`
}

/** @param {import('./decide.mjs').AuditReading} audit @param {string} command */
function auditNotes(audit, command) {
  if (audit.kind === 'not-checked') {
    return [
      `- **The dependency audit was not checked**: \`${command}\` — ${audit.reason}. On this machine the registry answers the bulk advisory endpoint with 405, so no advisory could be looked at; the bar is neither met nor missed here. What would close it: run \`npm run check:audit\` where the registry's audit endpoint answers (CI with access to registry.npmjs.org, or \`--registry\` set to a registry that implements it).`,
    ]
  }
  if (audit.kind === 'report' && audit.packages.length > 0) {
    return ['- Advisories found:', '', ...advisoryLines(audit)]
  }
  return []
}

/** @param {Extract<import('./decide.mjs').AuditReading, { kind: 'report' }>} audit */
function advisoryLines(audit) {
  return audit.packages.map(
    (found) =>
      `  - ${found.severity}: ${found.name}${found.isDirect ? ' (direct)' : ''} — ${[...found.advisories.map((advisory) => advisory.title), ...found.via.map((name) => `through ${name}`)].join('; ')}; fix: ${found.fix}`,
  )
}

function machineLine() {
  const cores = cpus()
  const model = (cores[0]?.model ?? 'unknown CPU').replace(/\s+\d+-Core Processor$/, '').trim()
  const memory = Math.round(totalmem() / 1024 ** 3)
  return `${cores.length} × ${model}, ${memory} GB, Node ${process.version}`
}

export function loadAverage() {
  return loadavg()[0] ?? 0
}
