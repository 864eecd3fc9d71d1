// What `npm run check:audit` makes of each thing `npm audit --omit=dev --json` can print. The refusal
// and connection-failure texts are npm 11's own, captured on this machine.
import { describe, expect, test } from 'vitest'
import {
  EXIT,
  advisoryTable,
  countsLine,
  exitCodeFor,
  formatOutcome,
  notCheckedNotice,
  readAudit,
} from './decide.mjs'

const RUN = { command: 'npm audit --omit=dev --json', date: '2026-11-22 03:01 UTC' }

const REFUSED_405 = JSON.stringify({
  message:
    '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  headers: { allow: ['GET,HEAD'] },
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
})
const REFUSED_405_STDERR = [
  'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  'npm error audit endpoint returned an error',
].join('\n')

const CONNECTION_REFUSED = JSON.stringify({
  message:
    'request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9',
  error: { summary: '', detail: '' },
})

const NO_LOCKFILE = JSON.stringify({
  error: {
    code: 'ENOLOCK',
    summary: 'This command requires an existing lockfile.',
    detail: 'Try creating one first with: npm i --package-lock-only',
  },
})

/** A report in npm's format (auditReportVersion 2). */
function report(vulnerabilities = {}, totals = {}) {
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...totals },
      dependencies: { prod: 142, dev: 0, optional: 3, peer: 0, peerOptional: 0, total: 480 },
    },
  })
}

const advisory = (severity, title, id) => ({
  source: id,
  name: 'x',
  dependency: 'x',
  title,
  url: `https://github.com/advisories/GHSA-${id}`,
  severity,
  range: '<2.0.0',
})

const COOKIE_MODERATE = {
  cookie: {
    name: 'cookie',
    severity: 'moderate',
    isDirect: false,
    via: [advisory('moderate', 'cookie accepts out of bounds characters', 'pxg6')],
    effects: ['@fastify/cookie'],
    range: '<0.7.0',
    nodes: ['node_modules/cookie'],
    fixAvailable: true,
  },
}

const HIGH_THROUGH_DEPENDENCY = {
  'fast-jwt': {
    name: 'fast-jwt',
    severity: 'critical',
    isDirect: false,
    via: [advisory('critical', 'Improper iss claim validation', 'gm45')],
    effects: ['@fastify/jwt'],
    range: '<5.0.6',
    nodes: ['node_modules/fast-jwt'],
    fixAvailable: { name: '@fastify/jwt', version: '9.1.0', isSemVerMajor: true },
  },
  '@fastify/jwt': {
    name: '@fastify/jwt',
    severity: 'high',
    isDirect: true,
    via: ['fast-jwt'],
    effects: [],
    range: '<=9.0.0',
    nodes: ['node_modules/@fastify/jwt'],
    fixAvailable: false,
  },
}

describe('reading what npm printed', () => {
  test.each([
    [
      'the registry refuses the audit endpoint (405, this machine)',
      REFUSED_405,
      REFUSED_405_STDERR,
      'the audit endpoint refused the request: 405 Method Not Allowed (https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
    ],
    [
      'the registry cannot be reached (connection refused)',
      CONNECTION_REFUSED,
      '',
      'the audit endpoint could not be reached: connect ECONNREFUSED 127.0.0.1:9 (http://127.0.0.1:9/-/npm/v1/security/advisories/bulk)',
    ],
    [
      'no name resolution (offline)',
      JSON.stringify({
        error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' },
      }),
      '',
      'the audit endpoint could not be reached (ENOTFOUND)',
    ],
    [
      'no JSON at all, and npm says the endpoint failed',
      '',
      'npm warn audit 503 Service Unavailable - POST https://registry.example/-/npm/v1/security/advisories/bulk\nnpm error audit endpoint returned an error',
      'the audit endpoint refused the request: 503 Service Unavailable (https://registry.example/-/npm/v1/security/advisories/bulk)',
    ],
    [
      'an endpoint error npm describes only in words',
      '{}',
      'npm error audit endpoint returned an error',
      'the audit endpoint returned an error',
    ],
  ])('%s → not checked, with the reason', (_name, stdout, stderr, reason) => {
    const reading = readAudit(stdout, stderr)
    expect(reading).toEqual({ kind: 'not-checked', reason })
    expect(exitCodeFor(reading)).toBe(EXIT.notChecked)
  })

  test.each([
    ['no lockfile', NO_LOCKFILE, '', 'ENOLOCK: This command requires an existing lockfile.'],
    [
      'no JSON and no endpoint error',
      'npm ERR! something else',
      'npm error Cannot read properties of undefined',
      'npm audit printed no JSON report: Cannot read properties of undefined',
    ],
    ['nothing printed', '', '', 'npm audit printed no JSON report'],
    ['a JSON list', '[]', '', 'npm audit printed JSON that is not an object'],
  ])('%s → failed (exit 2), not skipped', (_name, stdout, stderr, reason) => {
    const reading = readAudit(stdout, stderr)
    expect(reading).toEqual({ kind: 'failed', reason })
    expect(exitCodeFor(reading)).toBe(EXIT.failed)
  })

  test('a clean report passes', () => {
    const reading = readAudit(report())
    expect(reading).toEqual({
      kind: 'report',
      packages: [],
      counts: { critical: 0, high: 0, moderate: 0, low: 0, info: 0 },
      dependencies: 142,
    })
    expect(exitCodeFor(reading)).toBe(EXIT.clean)
  })

  test('moderate and low advisories are reported but pass', () => {
    const reading = readAudit(report(COOKIE_MODERATE, { moderate: 1, total: 1 }))
    expect(reading.kind).toBe('report')
    expect(reading.packages).toEqual([
      {
        name: 'cookie',
        severity: 'moderate',
        isDirect: false,
        advisories: [
          {
            title: 'cookie accepts out of bounds characters',
            url: 'https://github.com/advisories/GHSA-pxg6',
            range: '<2.0.0',
          },
        ],
        via: [],
        fix: 'npm audit fix',
      },
    ])
    expect(exitCodeFor(reading)).toBe(EXIT.clean)
  })

  test('a high or critical advisory fails, most severe first, direct or through another package', () => {
    const reading = readAudit(
      report(
        { ...COOKIE_MODERATE, ...HIGH_THROUGH_DEPENDENCY },
        { critical: 1, high: 1, moderate: 1 },
      ),
    )
    expect(reading.packages.map((found) => [found.severity, found.name])).toEqual([
      ['critical', 'fast-jwt'],
      ['high', '@fastify/jwt'],
      ['moderate', 'cookie'],
    ])
    expect(reading.counts).toEqual({ critical: 1, high: 1, moderate: 1, low: 0, info: 0 })
    expect(exitCodeFor(reading)).toBe(EXIT.blocked)
  })

  test.each(['high', 'critical'])(
    'npm’s own %s total fails the check even when no package entry could be read',
    (severity) => {
      const reading = readAudit(report({ odd: 'not an object' }, { [severity]: 1, total: 1 }))
      expect(reading.packages).toEqual([])
      expect(exitCodeFor(reading)).toBe(EXIT.blocked)
    },
  )

  test('a severity npm has not used before counts as critical', () => {
    const reading = readAudit(
      report({ left: { ...COOKIE_MODERATE.cookie, name: 'left-pad', severity: 'severe' } }),
    )
    expect(reading.packages[0]?.severity).toBe('critical')
    expect(exitCodeFor(reading)).toBe(EXIT.blocked)
  })
})

describe('what it prints', () => {
  test('the table lists each package with its advisories, the way in and the fix', () => {
    const reading = readAudit(report({ ...COOKIE_MODERATE, ...HIGH_THROUGH_DEPENDENCY }))
    expect(advisoryTable(reading.packages)).toBe(
      [
        '| severity | package | direct | advisories | fix |',
        '|---|---|---|---|---|',
        '| critical | fast-jwt | no | Improper iss claim validation (https://github.com/advisories/GHSA-gm45) | @fastify/jwt@9.1.0 (major) |',
        '| high | @fastify/jwt | yes | through fast-jwt | none |',
        '| moderate | cookie | no | cookie accepts out of bounds characters (https://github.com/advisories/GHSA-pxg6) | npm audit fix |',
      ].join('\n'),
    )
  })

  test('a title with a pipe does not break the table', () => {
    const reading = readAudit(
      report({
        a: { ...COOKIE_MODERATE.cookie, name: 'a', via: [{ title: 'x | y', url: '' }] },
      }),
    )
    expect(advisoryTable(reading.packages).split('\n')[2]).toBe(
      '| moderate | a | no | x \\| y | npm audit fix |',
    )
  })

  test.each([
    [{ critical: 0, high: 0, moderate: 0, low: 0, info: 0 }, 'no advisory'],
    [{ critical: 2, high: 0, moderate: 1, low: 0, info: 4 }, '2 critical, 1 moderate, 4 info'],
  ])('counts %o read as "%s"', (counts, line) => {
    expect(countsLine(counts)).toBe(line)
  })

  test('a clean run says pass with the scope; a blocked one says FAIL and shows the table', () => {
    expect(formatOutcome(readAudit(report()), RUN)).toBe(
      [
        'npm audit --omit=dev --json (2026-11-22 03:01 UTC): no advisory in 142 production dependencies.',
        '',
        '✔ no high or critical advisory in production dependencies: pass',
      ].join('\n'),
    )
    const blocked = formatOutcome(readAudit(report(HIGH_THROUGH_DEPENDENCY)), RUN)
    expect(blocked.split('\n')[0]).toBe(
      'npm audit --omit=dev --json (2026-11-22 03:01 UTC): 1 critical, 1 high in 142 production dependencies.',
    )
    expect(blocked).toContain('| critical | fast-jwt |')
    expect(blocked.split('\n').at(-1)).toBe(
      '✖ 2 high or critical advisories in production dependencies: FAIL',
    )
  })

  test('not checked is loud, gives the reason, and says it is neither a pass nor a fail', () => {
    const text = formatOutcome(readAudit(REFUSED_405, REFUSED_405_STDERR), RUN)
    expect(text).toBe(
      notCheckedNotice(
        'the audit endpoint refused the request: 405 Method Not Allowed (https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
        RUN,
      ),
    )
    const lines = text.split('\n')
    expect(lines.length).toBeGreaterThanOrEqual(6)
    expect(lines[0]).toBe('!'.repeat(78))
    expect(lines[1]).toBe('!!  NOT CHECKED: the dependency audit did not run.')
    expect(lines).toContain(
      '!!  Reason: the audit endpoint refused the request: 405 Method Not Allowed (https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
    )
    expect(lines).toContain('!!  Exit code 3: counted as skipped.')
  })

  test('the exit codes are 0 clean, 1 blocked, 2 failed, 3 not checked', () => {
    expect(EXIT).toEqual({ clean: 0, blocked: 1, failed: 2, notChecked: 3 })
  })
})
