// The pure part of `npm run check:audit`: reads what `npm audit --omit=dev --json` printed, decides the
// exit code, and formats the advisories. No process, network or file access here, so every case (a
// clean report, a high advisory, an endpoint that refuses, an answer nobody can read) is unit-tested
// with fixed text. Decision record: docs/decisions/1471-security-audit-exit-codes.md.

/** The exit codes of `npm run check:audit`; the test runner counts `notChecked` as skipped. */
export const EXIT = Object.freeze({
  /** The audit ran and found no high or critical advisory in production dependencies. */
  clean: 0,
  /** The audit ran and found at least one high or critical advisory. */
  blocked: 1,
  /** npm answered something that is neither a report nor an endpoint failure (no lockfile, …). */
  failed: 2,
  /** The audit endpoint could not be reached or refused the request: nothing was checked. */
  notChecked: 3,
})

/** Most severe first, as npm names them. */
export const SEVERITIES = Object.freeze(['critical', 'high', 'moderate', 'low', 'info'])
/** The severities that fail the check (docs/requirements.md#quality-bars: "no high or critical advisory"). */
export const BLOCKING = Object.freeze(['critical', 'high'])

/**
 * @typedef {'critical' | 'high' | 'moderate' | 'low' | 'info'} Severity
 * @typedef {{ title: string, url: string, range: string }} Advisory
 * @typedef {{
 *   name: string,
 *   severity: Severity,
 *   isDirect: boolean,
 *   advisories: Advisory[],
 *   via: string[],
 *   fix: string,
 * }} VulnerablePackage
 * @typedef {Record<Severity, number>} SeverityCounts
 * @typedef {{ kind: 'report', packages: VulnerablePackage[], counts: SeverityCounts, dependencies: number | undefined }
 *   | { kind: 'not-checked', reason: string }
 *   | { kind: 'failed', reason: string }} AuditReading
 */

// What npm prints (on stderr, or in the JSON's message) when the advisory endpoint fails: refused with a
// status (405 on this machine), or not reached at all (DNS, refused connection, timeout, proxy, TLS).
const ENDPOINT = '/-/npm/v1/security/'
const NETWORK_CODES = [
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'ERR_SOCKET_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPROTO',
  'ENOAUDIT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
]

/**
 * Reads npm's JSON output (and its stderr, for the reason when the JSON says little).
 * @param {string} stdout
 * @param {string} [stderr]
 * @returns {AuditReading}
 */
export function readAudit(stdout, stderr = '') {
  let json
  try {
    json = JSON.parse(stdout)
  } catch {
    const endpoint = endpointFailure(stderr)
    if (endpoint !== undefined) return { kind: 'not-checked', reason: endpoint }
    const said = firstErrorLine(stderr)
    return {
      kind: 'failed',
      reason: `npm audit printed no JSON report${said === undefined ? '' : `: ${said}`}`,
    }
  }
  if (!isObject(json))
    return { kind: 'failed', reason: 'npm audit printed JSON that is not an object' }

  if (isObject(json.vulnerabilities)) return readReport(json)

  const endpoint = endpointFailure(describeError(json), stderr)
  if (endpoint !== undefined) return { kind: 'not-checked', reason: endpoint }
  return { kind: 'failed', reason: describeError(json) || 'npm audit printed no report' }
}

/** @param {Record<string, unknown>} json @returns {AuditReading} */
function readReport(json) {
  /** @type {VulnerablePackage[]} */
  const packages = []
  for (const [key, value] of Object.entries(
    /** @type {Record<string, unknown>} */ (json.vulnerabilities),
  )) {
    if (!isObject(value)) continue
    const via = Array.isArray(value.via) ? value.via : []
    packages.push({
      name: typeof value.name === 'string' ? value.name : key,
      severity: severityOf(value.severity),
      isDirect: value.isDirect === true,
      advisories: via.filter(isObject).map((advisory) => ({
        title: text(advisory.title) || '(untitled advisory)',
        url: text(advisory.url),
        range: text(advisory.range) || text(advisory.vulnerable_versions),
      })),
      via: via.filter((entry) => typeof entry === 'string'),
      fix: describeFix(value.fixAvailable),
    })
  }
  packages.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      a.name.localeCompare(b.name),
  )

  /** @type {SeverityCounts} */
  const counts = { critical: 0, high: 0, moderate: 0, low: 0, info: 0 }
  for (const found of packages) counts[found.severity] += 1
  // npm's own totals count the same packages; take the larger, so a package this reading skipped (an
  // entry of a shape it does not know) can still fail the check.
  const metadata = isObject(json.metadata) ? json.metadata : {}
  const totals = isObject(metadata.vulnerabilities) ? metadata.vulnerabilities : {}
  for (const severity of SEVERITIES) {
    const total = totals[severity]
    if (typeof total === 'number' && total > counts[severity]) counts[severity] = total
  }
  const dependencies = isObject(metadata.dependencies) ? metadata.dependencies : {}
  const prod = typeof dependencies.prod === 'number' ? dependencies.prod : undefined
  return { kind: 'report', packages, counts, dependencies: prod }
}

/**
 * @param {AuditReading} reading
 * @returns {number} one of EXIT
 */
export function exitCodeFor(reading) {
  if (reading.kind === 'not-checked') return EXIT.notChecked
  if (reading.kind === 'failed') return EXIT.failed
  return BLOCKING.some((severity) => reading.counts[severity] > 0) ? EXIT.blocked : EXIT.clean
}

/**
 * What the check prints: the table and a verdict, or the loud NOT CHECKED notice.
 * @param {AuditReading} reading
 * @param {{ command: string, date: string }} run
 * @returns {string}
 */
export function formatOutcome(reading, run) {
  if (reading.kind === 'not-checked') return notCheckedNotice(reading.reason, run)
  if (reading.kind === 'failed') {
    return [
      `✖ ${run.command} FAILED (${run.date}): ${reading.reason}`,
      'This is not an endpoint outage: fix the project (for example restore package-lock.json) and run it again.',
    ].join('\n')
  }
  const summary = countsLine(reading.counts)
  const scope =
    reading.dependencies === undefined ? '' : ` in ${reading.dependencies} production dependencies`
  const lines = [`${run.command} (${run.date}): ${summary}${scope}.`]
  if (reading.packages.length > 0) lines.push('', advisoryTable(reading.packages))
  const blocking = BLOCKING.reduce((sum, severity) => sum + reading.counts[severity], 0)
  lines.push(
    '',
    blocking > 0
      ? `✖ ${blocking} high or critical advisor${blocking === 1 ? 'y' : 'ies'} in production dependencies: FAIL`
      : '✔ no high or critical advisory in production dependencies: pass',
  )
  return lines.join('\n')
}

/** @param {string} reason @param {{ command: string, date: string }} run */
export function notCheckedNotice(reason, run) {
  const rule = '!'.repeat(78)
  return [
    rule,
    '!!  NOT CHECKED: the dependency audit did not run.',
    `!!  Command: ${run.command} (${run.date})`,
    `!!  Reason: ${reason}`,
    '!!  No advisory was looked at, so this is neither a pass nor a fail. Run it again where the',
    '!!  registry’s audit endpoint answers (or set a registry that has one with --registry).',
    `!!  Exit code ${EXIT.notChecked}: counted as skipped.`,
    rule,
  ].join('\n')
}

/** @param {SeverityCounts} counts */
export function countsLine(counts) {
  const found = SEVERITIES.filter((severity) => counts[severity] > 0)
  if (found.length === 0) return 'no advisory'
  return found.map((severity) => `${counts[severity]} ${severity}`).join(', ')
}

/**
 * A Markdown table, most severe first: one row per vulnerable package.
 * @param {VulnerablePackage[]} packages
 */
export function advisoryTable(packages) {
  const rows = packages.map((found) => {
    const reasons = [
      ...found.advisories.map((advisory) =>
        advisory.url === '' ? advisory.title : `${advisory.title} (${advisory.url})`,
      ),
      ...found.via.map((name) => `through ${name}`),
    ]
    return [
      found.severity,
      found.name,
      found.isDirect ? 'yes' : 'no',
      reasons.join('; ') || '—',
      found.fix,
    ]
  })
  return [
    '| severity | package | direct | advisories | fix |',
    '|---|---|---|---|---|',
    ...rows.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`),
  ].join('\n')
}

/** @param {...string} texts @returns {string | undefined} */
function endpointFailure(...texts) {
  const all = texts.join('\n')
  const status = /\b([45]\d\d)\s+([A-Za-z][A-Za-z -]*?)\s+-\s+(?:POST|GET)\s+(\S+)/.exec(all)
  if (status && status[3]?.includes(ENDPOINT)) {
    return `the audit endpoint refused the request: ${status[1]} ${status[2]} (${status[3]})`
  }
  const request = /request to (\S+) failed, reason: ([^\n]+)/.exec(all)
  if (request && request[1]?.includes(ENDPOINT)) {
    return `the audit endpoint could not be reached: ${request[2]?.trim()} (${request[1]})`
  }
  const code = NETWORK_CODES.find((name) => new RegExp(`\\b${name}\\b`).test(all))
  if (code !== undefined) return `the audit endpoint could not be reached (${code})`
  if (/audit endpoint returned an error/.test(all)) {
    return `the audit endpoint returned an error${firstAuditWarning(all)}`
  }
  return undefined
}

/** @param {string} all */
function firstAuditWarning(all) {
  const warning = /npm warn audit ([^\n]+)/.exec(all)
  return warning ? `: ${warning[1]?.trim()}` : ''
}

/** @param {Record<string, unknown>} json */
function describeError(json) {
  const parts = []
  if (typeof json.message === 'string') parts.push(json.message)
  if (
    typeof json.statusCode === 'number' &&
    !parts.some((part) => part.includes(String(json.statusCode)))
  ) {
    parts.push(`status ${json.statusCode}`)
  }
  const error = isObject(json.error) ? json.error : {}
  if (typeof error.code === 'string') parts.push(error.code)
  if (typeof error.summary === 'string' && error.summary !== '') parts.push(error.summary)
  return parts.join(': ')
}

/** @param {string} stderr */
function firstErrorLine(stderr) {
  const line = stderr.split('\n').find((candidate) => candidate.startsWith('npm error'))
  return line?.replace(/^npm error\s*/, '').trim() || undefined
}

/** @param {unknown} fix */
function describeFix(fix) {
  if (fix === true) return 'npm audit fix'
  if (isObject(fix) && typeof fix.name === 'string' && typeof fix.version === 'string') {
    return `${fix.name}@${fix.version}${fix.isSemVerMajor === true ? ' (major)' : ''}`
  }
  return 'none'
}

/** @param {unknown} value @returns {Severity} */
function severityOf(value) {
  // An unknown severity is treated as the worst: a new name must not slip through as harmless.
  return SEVERITIES.includes(/** @type {Severity} */ (value))
    ? /** @type {Severity} */ (value)
    : 'critical'
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value : ''
}

/** @param {string} cell */
function escapeCell(cell) {
  return cell.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
