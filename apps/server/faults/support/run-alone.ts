// Each fault script also runs on its own: `node --import tsx apps/server/faults/<name>.ts [--quick]`.
// Run alone, a full run writes its section of docs/benchmarks.md; a quick one only prints it.

import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeReportSection } from '../../../../scripts/report-section.mjs'
import type { FaultScenario } from '../fault-report'

/** True when the module at `moduleUrl` is the script node was asked to run. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1]
  return entry !== undefined && resolve(entry) === fileURLToPath(moduleUrl)
}

export async function runAlone(scenario: FaultScenario): Promise<void> {
  const quick = process.argv.includes('--quick')
  const report = await scenario({ quick })
  console.log(`\n${report.markdown}\n`)
  if (quick) {
    console.log('(--quick: docs/benchmarks.md left as it is)')
  } else {
    writeReportSection(report.section, report.heading, report.markdown)
    console.log(`Written to docs/benchmarks.md, section ${report.section}`)
  }
  console.log(report.passed ? 'PASSED' : 'FAILED')
  process.exitCode = report.passed ? 0 : 1
}
