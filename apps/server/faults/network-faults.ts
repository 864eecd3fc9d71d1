// faults:network: applicants submit through a network that fails them. Each application is a real
// Chromium tab on the built front end served by the real server; its first submission attempts
// are aborted, hung, answered 503 or 500, answered but the answer lost, or still on their way when
// the page leaves for the thank-you address. The bar (docs/requirements.md#reliability): every application reaches the
// database exactly once with the applicant's data, every applicant is redirected, and the request
// survives the page navigation.
//
// node --import tsx apps/server/faults/network-faults.ts [--quick] [--no-report]
// Needs `npm run build` first (or WEB_DIST_DIR); FAULTS_NETWORK_CONCURRENCY sets the tabs at once (4).

import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { bodyHash } from '../src/repositories/body-hash'
import { findApplication } from '../src/repositories/application-repository'
import { createDatabase } from '../src/db/database'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import type { FaultOptions, FaultReport, FaultScenario } from './fault-report'
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FAULT_KINDS,
  installSubmissionFaults,
  plannedApplication,
  seedApplication,
  stubThankYouPages,
  type AttemptRecord,
  type FaultKind,
  type PlannedApplication,
} from './support/browser-faults'
import {
  MissingWebBuildError,
  startBrowserServer,
  type BrowserServer,
} from './support/browser-server'
import { busyness, reportHeader } from './support/machine'

export const SECTION = 'faults:network'
export const HEADING = 'Browser network faults while submitting'
const COMMAND = 'npm run faults'

const FULL_COUNT = 100
// One application per fault kind.
const QUICK_COUNT = 6
/** Tabs submitting at once: each spends most of its time waiting for the 5 s redirect. */
const CONCURRENCY = Number(process.env.FAULTS_NETWORK_CONCURRENCY ?? 4)
/** After the redirect, how long a request that left with the page may take to be stored. */
const STORED_WITHIN_MS = 30_000
/** docs/requirements.md#thank-you-redirect and docs/requirements.md#constants-and-limits: the redirect comes 5 s after the submission starts, whatever the answer. */
const REDIRECT_MS = 5000
/** The timer starts when /submit opens, a moment after Submit is pressed. */
const LEAVING_MARGIN_MS = 100

export interface ApplicationOutcome {
  application: PlannedApplication
  /** Where the tab ended up, or null when it never left. */
  redirectedTo: string | null
  /** Submit pressed → the thank-you page's address in the tab. */
  redirectMs: number | null
  /**
   * The attempt that got through was on its way when the page left: held over the navigation, or
   * sent as the page left (5 s or more after Submit, when the page's own retries had failed).
   */
  deliveredAcrossNavigation: boolean
  attempts: AttemptRecord[]
  problems: string[]
}

export const run: FaultScenario = async ({ quick }: FaultOptions): Promise<FaultReport> => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const count = quick ? QUICK_COUNT : FULL_COUNT
  const applications = Array.from({ length: count }, (_, index) =>
    plannedApplication(index, randomUUID()),
  )
  const server = await startBrowserServer()
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const outcomes = await inPool(applications, Math.max(1, CONCURRENCY), (application) =>
      submitThroughFaults(browser!, server, application),
    )
    await browser.close()
    browser = undefined
    const database = await checkDatabase(server, outcomes)
    const markdown = report({
      outcomes,
      database,
      arrivals: server.submissionArrivals(),
      header: reportHeader({
        command: quick ? `${COMMAND} -- --quick` : COMMAND,
        startedAt,
        busyAtStart,
      }),
      quick,
    })
    const passed =
      outcomes.every((outcome) => outcome.problems.length === 0) && database.problems.length === 0
    return { section: SECTION, heading: HEADING, markdown, passed }
  } finally {
    await browser?.close().catch(() => undefined)
    await server.stop()
  }
}

/** One applicant: open the check-your-answers page, tick the terms, submit, be redirected. */
async function submitThroughFaults(
  browser: Browser,
  server: BrowserServer,
  application: PlannedApplication,
): Promise<ApplicationOutcome> {
  const problems: string[] = []
  const context = await browser.newContext()
  let redirectedTo: string | null = null
  let redirectMs: number | null = null
  let submitted = Number.NaN
  const faults = await installSubmissionFaults(context, application.plan, application.index)
  try {
    await stubThankYouPages(context)
    await seedApplication(context, application.state)
    const page = await context.newPage()
    await page.goto(server.brandUrl(application.brand, '/before-you-submit'))
    await page
      .getByRole('heading', { level: 1, name: 'Check your answers' })
      .waitFor({ timeout: 20_000 })
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
    submitted = Date.now()
    await page.getByRole('button', { name: 'Submit application' }).click()
    const thankYou = thankYouPattern(application.brand)
    try {
      await page.waitForURL(thankYou, { timeout: REDIRECT_MS + 20_000 })
      redirectMs = Date.now() - submitted
      redirectedTo = page.url()
      // Every demo brand's thank-you page is our own /complete, whose address carries no email.
      const e = new URL(redirectedTo).searchParams.get('e')
      if (e !== null) problems.push(`the thank-you address carries e=${e}`)
    } catch {
      redirectedTo = page.url()
      problems.push(`not redirected to the thank-you page (still at ${redirectedTo})`)
    }
    faults.pageLeft()
    // A request that left with the page may still be on its way: wait for it before the tab goes.
    await waitUntilStored(server, application.guid)
  } catch (error) {
    problems.push(`the journey failed: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    await context.close().catch(() => undefined)
  }
  for (const error of faults.handlerErrors) problems.push(`the interception failed: ${error}`)
  const dropped = faults.attempts.filter((a) => a.outcome === 'dropped-after-navigation').length
  if (dropped > 0) problems.push('the request held over the navigation could not go on')
  const bodies = new Set(faults.attempts.map((attempt) => attempt.body))
  if (faults.attempts.length === 0) problems.push('the page sent no submission at all')
  if (bodies.size > 1) problems.push(`the attempts carried ${bodies.size} different bodies`)
  const delivering = faults.attempts.find((attempt) => attempt.outcome !== 'faulted')
  const deliveredAcrossNavigation =
    delivering !== undefined &&
    (delivering.outcome === 'held-then-passed' ||
      delivering.sentAt - submitted >= REDIRECT_MS - LEAVING_MARGIN_MS)
  return {
    application,
    redirectedTo,
    redirectMs,
    deliveredAcrossNavigation,
    attempts: faults.attempts,
    problems,
  }
}

function thankYouPattern(brand: string): RegExp {
  return new RegExp(`^http://${brand}\\.localhost:\\d+/complete$`)
}

async function waitUntilStored(server: BrowserServer, guid: string): Promise<void> {
  const deadline = Date.now() + STORED_WITHIN_MS
  while (Date.now() < deadline) {
    if (server.submissionArrivals().some((arrival) => arrival.key === guid && isOk(arrival.status)))
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300
}

export interface DatabaseCheck {
  submissions: number
  applications: number
  storedOnce: Set<string>
  problems: string[]
}

/**
 * Read back after every tab has closed: one row per application in both tables and nothing else, each
 * body the one the page sent (same hash), each payload this applicant's (key, names, email, brand).
 */
async function checkDatabase(
  server: BrowserServer,
  outcomes: ApplicationOutcome[],
): Promise<DatabaseCheck> {
  const database = createDatabase(server.database.config)
  const problems: string[] = []
  const storedOnce = new Set<string>()
  try {
    const submissions = await database.db
      .selectFrom('submissions')
      .select(['submission_key', 'body_hash', 'response_status'])
      .execute()
    const applications = await database.db
      .selectFrom('applications')
      .select(['application_key', 'status'])
      .execute()
    const expected = new Map(outcomes.map((outcome) => [outcome.application.guid, outcome]))
    const perKey = new Map<string, number>()
    for (const row of submissions) {
      perKey.set(row.submission_key, (perKey.get(row.submission_key) ?? 0) + 1)
    }
    for (const key of perKey.keys()) {
      if (!expected.has(key)) problems.push(`a submission nobody made is stored (${key})`)
    }
    for (const row of applications) {
      if (!expected.has(row.application_key)) {
        problems.push(`an application nobody made is stored (${row.application_key})`)
      }
    }
    for (const [guid, outcome] of expected) {
      const { application } = outcome
      const label = `application ${application.index + 1} (${application.plan.kind})`
      const times = perKey.get(guid) ?? 0
      if (times !== 1) {
        problems.push(`${label} is stored ${times} times`)
        continue
      }
      const row = submissions.find((candidate) => candidate.submission_key === guid)
      const sent = outcome.attempts[0]?.body
      if (row === undefined || sent === undefined) continue
      if (row.body_hash !== bodyHash(JSON.parse(sent))) {
        problems.push(`${label}: the stored body is not the one the page sent`)
        continue
      }
      const stored = await findApplication(database.db, guid, server.dataKeys)
      const payload = stored?.payload ?? {}
      const mismatches = [
        ['status', stored?.status, 'submitted'],
        ['brand', stored?.brand, application.brand],
        ['submissionKey', payload.submissionKey, guid],
        ['firstName', payload.firstName, application.firstName],
        ['lastName', payload.lastName, application.lastName],
        ['email', payload.email, application.email],
      ].filter(([, actual, wanted]) => actual !== wanted)
      if (mismatches.length > 0) {
        problems.push(`${label}: stored ${mismatches.map(([name]) => name).join(', ')} differ`)
        continue
      }
      storedOnce.add(guid)
    }
    return {
      submissions: submissions.length,
      applications: applications.length,
      storedOnce,
      problems,
    }
  } finally {
    await database.close()
  }
}

/** Runs `work` on every item with at most `limit` at once, keeping the items' order. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))
  return sorted[rank]!
}

interface ReportInput {
  outcomes: ApplicationOutcome[]
  database: DatabaseCheck
  arrivals: { key: string; status: number }[]
  header: string
  quick: boolean
}

function report({ outcomes, database, arrivals, header, quick }: ReportInput): string {
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const total = outcomes.length
  const redirected = outcomes.filter((outcome) => outcome.redirectMs !== null)
  const redirectTimes = redirected.map((outcome) => outcome.redirectMs!)
  const p50 = percentile(redirectTimes, 0.5)
  const p95 = percentile(redirectTimes, 0.95)
  const earliest = Math.min(...redirectTimes)
  const stored = database.storedOnce.size
  const acrossNavigation = outcomes.filter((outcome) => outcome.deliveredAcrossNavigation)
  const survived = acrossNavigation.filter((outcome) =>
    database.storedOnce.has(outcome.application.guid),
  )
  const held = outcomes.filter((outcome) => outcome.application.plan.kind === 'navigation')
  const heldSurvived = held.filter((outcome) => database.storedOnce.has(outcome.application.guid))
  const arrivalsOf = (guid: string) => arrivals.filter((arrival) => arrival.key === guid)

  const rows = [
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    `| applications in the database, each exactly once with the applicant's data | ${stored} of ${total} (${database.submissions} submission rows, ${database.applications} application rows) | ${total} of ${total} | ${verdict(stored === total && database.submissions === total && database.applications === total)} |`,
    `| applicants redirected to their brand's thank-you page | ${redirected.length} of ${total} | ${total} of ${total} | ${verdict(redirected.length === total && outcomes.every((o) => o.problems.every((p) => !p.startsWith('the thank-you'))))} |`,
    `| applications whose only delivering request was on its way when the page left (held over the navigation: ${held.length}; sent as the page left: ${acrossNavigation.length - held.length}), stored afterwards | ${survived.length} of ${acrossNavigation.length} | all, and every *navigation* one (${heldSurvived.length} of ${held.length}) | ${verdict(survived.length === acrossNavigation.length && heldSurvived.length === held.length && held.length > 0)} |`,
    `| Submit pressed → thank-you page, p50 / p95 (earliest) | ${seconds(p50)} / ${seconds(p95)} (${seconds(earliest)}) | after 5 s, whatever the answer (docs/requirements.md#thank-you-redirect) | ${verdict(redirected.length === total && earliest >= REDIRECT_MS)} |`,
  ]

  const kindRows = [
    '| fault on the first attempts | applications | attempts faulted | browser attempts per submission (mean / max) | requests reaching the server per submission (mean / max) | stored once | redirected |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const kind of FAULT_KINDS) {
    const ofKind = outcomes.filter((outcome) => outcome.application.plan.kind === kind)
    if (ofKind.length === 0) continue
    const browserAttempts = ofKind.map((outcome) => outcome.attempts.length)
    const serverAttempts = ofKind.map((outcome) => arrivalsOf(outcome.application.guid).length)
    const faulted = ofKind.reduce(
      (sum, outcome) => sum + outcome.attempts.filter((a) => a.outcome === 'faulted').length,
      0,
    )
    kindRows.push(
      `| ${KIND_NAMES[kind]} | ${ofKind.length} | ${faulted} | ${meanMax(browserAttempts)} | ${meanMax(serverAttempts)} | ${ofKind.filter((o) => database.storedOnce.has(o.application.guid)).length} | ${ofKind.filter((o) => o.redirectMs !== null).length} |`,
    )
  }

  const problems = [
    ...database.problems,
    ...outcomes.flatMap((outcome) =>
      outcome.problems.map(
        (problem) =>
          `application ${outcome.application.index + 1} (${outcome.application.brand}, ${outcome.application.plan.kind}): ${problem}`,
      ),
    ),
  ]
  const statuses = countBy(arrivals.map((arrival) => String(arrival.status)))
  return [
    header,
    '',
    ...rows,
    '',
    ...kindRows,
    '',
    `- ${total} applications${quick ? ' (quick run)' : ''}, ${CONCURRENCY} tabs at a time, each in a fresh Chromium context on the built front end and the real server (production mode, SQLite, encryption at rest on, rate limits off): the complete application put in sessionStorage, /before-you-submit opened on its brand's host (the five brands in turn, every tenth a joint application), the terms ticked, Submit pressed. Names and email differ per application.`,
    '- Faults (Playwright request interception on `/api/submission/**`, per tab): *abort* fails the connection (reset, refused, failed in turn); *hang* never answers; *503* (with Retry-After) and *500* answer an error; *answer lost* lets the request reach the server (`route.fetch()`), which stores it, and then fails the connection to the page; *navigation* holds the first request until the tab is on the thank-you page, then lets it go on, and fails every later attempt, so only a request that outlived its page can deliver. Abort, 503, 500 and answer lost hit one, two or three attempts in a row in turn.',
    `- Checked: every tab reached its brand's thank-you page, our own \`/complete\` (every demo brand's; the page stays open there, so its retries go on), with no email in its address; after every tab had closed, each key is in \`submissions\` and \`applications\` exactly once and nothing else is, each stored body hash equals that of the body the page sent (every attempt of a tab sent the same body), and each decrypted payload has the applicant's key, first and last name, email and brand, with status \`submitted\`. Server answers to submission requests: ${Object.entries(
      statuses,
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}.`,
    `- Found by this scenario: before docs/decisions/1451 the page sent its last attempt as it left only when none was on its way, so every *hang* application was lost (the hung attempt left with the page, unanswered); now one more \`keepalive\` attempt always leaves with the page and the server answers any second copy as a replay.`,
    problems.length > 0
      ? `- **Problems (${problems.length}):** ${problems.slice(0, 20).join('; ')}${problems.length > 20 ? '; …' : ''}`
      : '',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

const KIND_NAMES: Record<FaultKind, string> = {
  abort: 'abort (connection fails)',
  hang: 'hang (never answered)',
  'status-503': '503 Service Unavailable',
  'status-500': '500 Internal Server Error',
  'response-lost': 'answer lost (stored, answer dropped)',
  navigation: 'navigation (in flight when the page leaves)',
}

function meanMax(values: number[]): string {
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)
  return `${mean.toFixed(1)} / ${Math.max(...values)}`
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick')
  const started = Date.now()
  const result = await run({ quick }).catch((error: unknown) => {
    if (!(error instanceof MissingWebBuildError)) throw error
    console.error(error.message)
    process.exit(1)
  })
  console.log(result.markdown)
  console.log(
    `\n${quick ? 'Quick run' : 'Run'} took ${Math.round((Date.now() - started) / 1000)} s`,
  )
  if (!quick && !process.argv.includes('--no-report')) {
    writeReportSection(result.section, result.heading, result.markdown)
    console.log('Written to docs/benchmarks.md')
  }
  if (!result.passed) {
    console.error('faults:network FAILED')
    process.exitCode = 1
  }
}
