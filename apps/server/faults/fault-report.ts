// The contract between `npm run faults` (run-all.ts) and each fault script: a script runs its scenario,
// checks the outcome itself and returns its own section of docs/benchmarks.md.

export interface FaultOptions {
  /** Small counts and short durations, for development runs; the full run reproduces the report. */
  quick: boolean
}

export interface FaultReport {
  /** The marker name of its section in docs/benchmarks.md, e.g. 'faults:crash'. */
  section: string
  /** The section's heading, used only when the markers are missing. */
  heading: string
  /** The section's Markdown: date, command, machine, a `| what | figure | bar | result |` table, what was checked. */
  markdown: string
  /** false when any bar of the scenario was missed or any check failed. */
  passed: boolean
}

export type FaultScenario = (options: FaultOptions) => Promise<FaultReport>
