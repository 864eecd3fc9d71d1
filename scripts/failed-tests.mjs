// The failed tests named in the runners' JSON reports, for the lines `npm test` prints just before its
// summary: the end of a long run's output is what a CI log shows first, and a test that fails only
// sometimes must be named there to be found.

import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** The first line of an error message, without colour codes, at most `width` characters. */
function firstLine(message, width = 200) {
  const line =
    stripVTControlCharacters(String(message ?? ''))
      .split('\n')
      .find((part) => part.trim() !== '') ?? ''
  return line.trim().slice(0, width)
}

/** Vitest's report: each failed test as "file › title: first line of its error", and files that failed outside a test. */
export function vitestFailures(report, root) {
  const failures = []
  for (const file of report?.testResults ?? []) {
    const name = relative(root, file.name)
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) {
      failures.push(
        `${name} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`,
      )
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push(`${name}: ${firstLine(file.message) || 'the file failed outside its tests'}`)
    }
  }
  return failures
}

/** Playwright's report: each test whose outcome was unexpected, and errors outside a test. */
export function playwrightFailures(report) {
  const failures = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        const last = test.results?.at(-1)
        const project = test.projectName ? `[${test.projectName}] ` : ''
        failures.push(
          `${project}${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`,
        )
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report?.suites ?? []) walk(suite)
  for (const error of report?.errors ?? [])
    failures.push(`outside a test: ${firstLine(error.message)}`)
  return failures
}
