// `npm run faults [-- --quick] [-- --only crash,network] [-- --no-report]`: every fault scenario of
// docs/requirements.md#quality-bars, one after another (they share two cores; run together they would measure each other). Each
// checks its own outcome and returns its section of docs/benchmarks.md, written here after a full run
// (never after --quick, nor with --no-report). Exits 1 when any scenario failed, was missing or threw.
// Decision record: docs/decisions/1442-fault-runner.md.

import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, describeMachine, utcDate } from './support/machine'

/** The scenarios in the order they run, each a module exporting `run: FaultScenario`. */
export const SCENARIOS = [
  {
    name: 'crash',
    file: 'crash.ts',
    section: 'faults:crash',
    heading: 'Crash safety (SIGKILL during a submission load)',
  },
  {
    name: 'overload',
    file: 'overload.ts',
    section: 'faults:overload',
    heading: 'Overload at twice the maximum rate',
  },
  { name: 'outage', file: 'outage.ts', section: 'faults:outage', heading: 'Database outage' },
  {
    name: 'malformed',
    file: 'malformed.ts',
    section: 'faults:malformed',
    heading: 'Malformed input',
  },
  {
    name: 'slow-body',
    file: 'slow-body.ts',
    section: 'faults:slow-body',
    heading: 'Slow request bodies from one and from twenty addresses',
  },
  {
    name: 'memory',
    file: 'memory.ts',
    section: 'faults:memory',
    heading: 'Server memory under load',
  },
  {
    name: 'network',
    file: 'network-faults.ts',
    section: 'faults:network',
    heading: 'Browser network faults while submitting',
  },
  {
    name: 'cluster',
    file: 'cluster.ts',
    section: 'faults:cluster',
    heading: 'Several instances behind a load balancer (SIGKILL of an instance and a worker)',
  },
  { name: 'spike', file: 'spike.ts', section: 'faults:spike', heading: 'A launch-day spike' },
] as const

export type ScenarioName = (typeof SCENARIOS)[number]['name']

// A scenario that hangs must not hold the whole run: it is failed, and its children die with this process.
const TIME_LIMIT_MS = { quick: 5 * 60_000, full: 30 * 60_000 }

export interface RunAllOptions {
  quick: boolean
  report: boolean
  only: ScenarioName[] | undefined
}

export interface ScenarioResult {
  name: ScenarioName
  passed: boolean
  seconds: number
  /** Why it failed without a report: missing, threw, timed out. */
  error?: string
  report?: FaultReport
}

/** Reads the command line; throws with a usage message on anything it does not know. */
export function parseArguments(args: readonly string[]): RunAllOptions {
  const options: RunAllOptions = { quick: false, report: true, only: undefined }
  const names = SCENARIOS.map((scenario) => scenario.name) as string[]
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? ''
    if (arg === '--quick') options.quick = true
    else if (arg === '--no-report') options.report = false
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? args[(i += 1)] : arg.slice('--only='.length)
      const picked = (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '')
      const unknown = picked.filter((name) => !names.includes(name))
      if (picked.length === 0 || unknown.length > 0) {
        throw new Error(
          `--only takes a comma-separated list of ${names.join(', ')}${unknown.length > 0 ? ` (not known: ${unknown.join(', ')})` : ''}`,
        )
      }
      options.only = picked as ScenarioName[]
    } else {
      throw new Error(
        `Unknown argument "${arg}". Usage: npm run faults [-- --quick] [--only ${names.join(',')}] [--no-report]`,
      )
    }
  }
  return options
}

/**
 * Loads a scenario by file name at run time, so this runner compiles and runs while a scenario is still
 * being written; a missing one fails the run loudly instead of being skipped in silence.
 */
async function loadScenario(file: string): Promise<FaultScenario> {
  const url = new URL(`./${file}`, import.meta.url)
  if (!existsSync(fileURLToPath(url))) {
    throw new Error(`missing scenario: apps/server/faults/${file} does not exist`)
  }
  const module = (await import(url.href)) as { run?: unknown }
  if (typeof module.run !== 'function') {
    throw new Error(`apps/server/faults/${file} does not export \`run: FaultScenario\``)
  }
  return module.run as FaultScenario
}

async function runOne(
  scenario: (typeof SCENARIOS)[number],
  options: RunAllOptions,
): Promise<ScenarioResult> {
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 100) / 10
  const limit = options.quick ? TIME_LIMIT_MS.quick : TIME_LIMIT_MS.full
  let timer: NodeJS.Timeout | undefined
  try {
    const run = await loadScenario(scenario.file)
    const report = await Promise.race([
      run({ quick: options.quick }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result within ${limit / 60_000} minutes`)),
          limit,
        )
      }),
    ])
    return { name: scenario.name, passed: report.passed, seconds: seconds(), report }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { name: scenario.name, passed: false, seconds: seconds(), error: message }
  } finally {
    clearTimeout(timer)
  }
}

export async function runAll(options: RunAllOptions): Promise<ScenarioResult[]> {
  const picked = SCENARIOS.filter(
    (scenario) => options.only === undefined || options.only.includes(scenario.name),
  )
  const writing = options.report && !options.quick
  console.log(
    `Fault scenarios (${options.quick ? 'quick' : 'full'} run): ${picked.map((scenario) => scenario.name).join(', ')}`,
  )
  console.log(`${utcDate()}, ${describeMachine()}; ${busyness()}`)
  console.log(
    writing
      ? 'Each section is written to docs/benchmarks.md as its scenario ends.'
      : `docs/benchmarks.md is left as it is (${options.quick ? '--quick' : '--no-report'}).`,
  )

  const results: ScenarioResult[] = []
  for (const [index, scenario] of picked.entries()) {
    console.log(`\n▶ [${index + 1}/${picked.length}] ${scenario.name}`)
    const result = await runOne(scenario, options)
    results.push(result)
    if (result.report !== undefined) {
      console.log(`\n${result.report.markdown}\n`)
      if (writing) {
        writeReportSection(result.report.section, result.report.heading, result.report.markdown)
      }
    } else if (writing) {
      // Figures from an earlier run would read as current: the section says this run failed instead.
      writeReportSection(
        scenario.section,
        scenario.heading,
        `**Not measured:** the run of ${utcDate(new Date(Date.now() - result.seconds * 1000))} (\`npm run faults\`) failed: ${result.error ?? 'no report'}.`,
      )
    }
    const verdict = result.passed ? 'passed' : 'FAILED'
    console.log(
      `${result.passed ? '✔' : '✘'} ${scenario.name} ${verdict} in ${result.seconds} s${result.error === undefined ? '' : `: ${result.error}`}`,
    )
  }

  console.log('\n| scenario | result | seconds |\n|---|---|---|')
  for (const result of results) {
    console.log(
      `| ${result.name} | ${result.passed ? 'passed' : `**FAILED**${result.error === undefined ? '' : ` (${result.error})`}`} | ${result.seconds} |`,
    )
  }
  const failed = results.filter((result) => !result.passed)
  console.log(
    failed.length === 0
      ? `\n${results.length} of ${results.length} scenarios passed.`
      : `\n${failed.length} of ${results.length} scenarios FAILED: ${failed.map((result) => result.name).join(', ')}`,
  )
  return results
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let options: RunAllOptions
  try {
    options = parseArguments(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  }
  const results = await runAll(options)
  // Exit at once: a scenario that timed out may still hold sockets or children open.
  process.exit(results.every((result) => result.passed) ? 0 : 1)
}
