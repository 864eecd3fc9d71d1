import { expect, test } from 'vitest'
import { playwrightFailures, vitestFailures } from './failed-tests.mjs'

test("vitest's report names each failed test with its file and its error's first line, and a file that failed outside its tests", () => {
  const report = {
    testResults: [
      {
        name: '/repo/apps/server/test/a.test.ts',
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'fine' },
          {
            status: 'failed',
            fullName: 'the log starts again',
            failureMessages: [
              '\u001b[31mAssertionError: expected 2 to be greater than or equal to 3\u001b[39m\n    at …',
            ],
          },
        ],
      },
      {
        name: '/repo/apps/web/src/b.test.tsx',
        status: 'failed',
        message: 'Failed to load url ./missing',
        assertionResults: [],
      },
      {
        name: '/repo/apps/web/src/c.test.tsx',
        status: 'passed',
        assertionResults: [{ status: 'passed' }],
      },
    ],
  }
  expect(vitestFailures(report, '/repo')).toEqual([
    'apps/server/test/a.test.ts › the log starts again: AssertionError: expected 2 to be greater than or equal to 3',
    'apps/web/src/b.test.tsx: Failed to load url ./missing',
  ])
  expect(vitestFailures(undefined, '/repo')).toEqual([])
})

test("Playwright's report names each unexpected test with its project, place and error, and errors outside a test", () => {
  const report = {
    suites: [
      {
        specs: [],
        suites: [
          {
            specs: [
              {
                file: 'start/above-the-fold.spec.ts',
                line: 40,
                title: 'creditlens, 390 × 844',
                tests: [
                  {
                    projectName: 'chromium',
                    status: 'unexpected',
                    results: [
                      { error: { message: 'Error: Start your application has no box\n  at …' } },
                    ],
                  },
                ],
              },
              {
                file: 'x.spec.ts',
                line: 1,
                title: 'flaky then fine',
                tests: [{ status: 'flaky', results: [] }],
              },
            ],
          },
        ],
      },
    ],
    errors: [{ message: 'webServer exited early' }],
  }
  expect(playwrightFailures(report)).toEqual([
    '[chromium] start/above-the-fold.spec.ts:40 › creditlens, 390 × 844: Error: Start your application has no box',
    'outside a test: webServer exited early',
  ])
})
