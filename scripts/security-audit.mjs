#!/usr/bin/env node
// `npm run check:audit`: the dependency audit of docs/requirements.md#security ("npm audit reports no high or critical
// advisory in production dependencies"). Runs `npm audit --omit=dev --json`, prints the advisories by
// severity and package, and exits
//   0  the audit ran: no high or critical advisory
//   1  the audit ran: at least one high or critical advisory (the table says which)
//   2  npm's answer could not be read as a report (no lockfile, …): a project fault, counted as a failure
//   3  NOT CHECKED: the registry's audit endpoint could not be reached or refused (counted as skipped)
// Options:
//   --input <file>     read npm's JSON from a file instead of running npm (a saved run, or a test)
//   --registry <url>   ask another registry's audit endpoint
//   --write-report     also run the security tests and write the `security` section of docs/benchmarks.md
// Decision record: docs/decisions/1471-security-audit-exit-codes.md.

import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeReportSection } from './report-section.mjs'
import { EXIT, exitCodeFor, formatOutcome, readAudit } from './security-audit/decide.mjs'
import { loadAverage, securitySection, testFiles, testOutcomes } from './security-audit/report.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function option(name) {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}

const started = Date.now()
const loadAtStart = loadAverage()
const input = option('--input')
const registry = option('--registry')
const auditArgs = ['audit', '--omit=dev', '--json', ...(registry ? ['--registry', registry] : [])]
const auditCommand = `npm ${auditArgs.join(' ')}`

function runAudit() {
  if (input !== undefined) return { stdout: readFileSync(input, 'utf8'), stderr: '' }
  // npm's own exit code says only "something was found or went wrong": the JSON decides.
  const outcome = spawnSync('npm', auditArgs, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  })
  if (outcome.error) return { stdout: '', stderr: `npm error ${outcome.error.message}` }
  return { stdout: outcome.stdout ?? '', stderr: outcome.stderr ?? '' }
}

function utcMinute(date = new Date()) {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

const date = utcMinute()
const { stdout, stderr } = runAudit()
const reading = readAudit(stdout, stderr)
let exitCode = exitCodeFor(reading)
const text = formatOutcome(reading, {
  command: input === undefined ? auditCommand : `${auditCommand} (read from ${input})`,
  date,
})
if (exitCode === EXIT.clean) console.log(text)
else console.error(text)

if (process.argv.includes('--write-report')) {
  const folder = mkdtempSync(join(tmpdir(), 'forecourt-security-'))
  const reportFile = join(folder, 'vitest.json')
  const files = testFiles().map((file) => file.replace(/^apps\/server\//, ''))
  const testArgs = [
    'vitest',
    'run',
    '--project',
    'server',
    ...files,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]
  console.log(`\n▶ the security tests: npx ${testArgs.slice(0, 4 + files.length).join(' ')}`)
  const tests = spawnSync('npx', testArgs, { cwd: root, stdio: 'inherit' })
  let report
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'))
  } catch {
    report = undefined
  }
  rmSync(folder, { recursive: true, force: true })
  const outcomes = testOutcomes(report, root)
  if (tests.status !== 0 || outcomes.length === 0) exitCode = EXIT.blocked
  writeReportSection(
    'security',
    'Security checks',
    securitySection({
      date,
      seconds: (Date.now() - started) / 1000,
      command: 'npm run check:audit -- --write-report',
      audit: reading,
      auditCommand,
      outcomes,
      testCommand: `npx vitest run --project server ${files.join(' ')}`,
      load: { start: loadAtStart, end: loadAverage() },
    }),
  )
  console.log('Wrote the security section of docs/benchmarks.md')
}

process.exit(exitCode)
