// The exit-code contract of `npm run check:audit`, end to end through the script, from saved npm output
// (`--input`), so no registry is needed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const SCRIPT = fileURLToPath(new URL('../security-audit.mjs', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'forecourt-audit-test-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function runWith(name, npmOutput) {
  const file = join(folder, `${name}.json`)
  writeFileSync(file, npmOutput)
  const run = spawnSync(process.execPath, [SCRIPT, '--input', file], { encoding: 'utf8' })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

const report = (vulnerabilities, totals) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...totals },
      dependencies: { prod: 12 },
    },
  })

const found = (name, severity) => ({
  [name]: {
    name,
    severity,
    isDirect: true,
    via: [{ title: `${name} is unsafe`, url: `https://github.com/advisories/${name}`, severity }],
    fixAvailable: true,
  },
})

test.each(
  [
    ['a clean report', report({}, {}), 0, 'stdout', '✔ no high or critical advisory'],
    [
      'a low advisory',
      report(found('lodash', 'low'), { low: 1 }),
      0,
      'stdout',
      '| low | lodash | yes |',
    ],
    [
      'a high advisory',
      report(found('fastify', 'high'), { high: 1 }),
      1,
      'stderr',
      '| high | fastify | yes |',
    ],
    [
      'a critical advisory',
      report(found('pg', 'critical'), { critical: 1 }),
      1,
      'stderr',
      '✖ 1 high or critical advisory in production dependencies: FAIL',
    ],
    [
      'a refused audit endpoint',
      JSON.stringify({
        message:
          '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        statusCode: 405,
      }),
      3,
      'stderr',
      '!!  NOT CHECKED: the dependency audit did not run.',
    ],
    [
      'no lockfile',
      JSON.stringify({
        error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' },
      }),
      2,
      'stderr',
      'FAILED',
    ],
  ].map(([name, output, code, stream, text]) => [name, code, output, stream, text]),
)('%s → exit %i', (name, code, output, stream, text) => {
  const run = runWith(name.replaceAll(' ', '-'), output)
  expect(run.code).toBe(code)
  expect(run[stream]).toContain(text)
})
