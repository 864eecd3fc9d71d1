// Each benchmark or fault script owns one marked section of docs/benchmarks.md and replaces only
// that section, so scripts run in any order (or alone) without overwriting each other's figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BENCHMARKS_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'benchmarks.md',
)

/**
 * Replaces the text between `<!-- {name}:start -->` and `<!-- {name}:end -->` with `body`; when the
 * markers are missing, appends them under `heading` at the end of the file.
 */
export function writeReportSection(name, heading, body, file = BENCHMARKS_FILE) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const section = `${start}\n\n${body.trim()}\n\n${end}`
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const from = existing.indexOf(start)
  const to = existing.indexOf(end)
  const text =
    from !== -1 && to > from
      ? `${existing.slice(0, from)}${section}${existing.slice(to + end.length)}`
      : `${existing.trimEnd()}\n\n## ${heading}\n\n${section}\n`
  writeFileSync(file, text)
}

/** The one-minute load average, and CPU pressure (the share of the last 10 s something waited): a report's
 * note of how busy the machine was. */
export function busyness() {
  const load = `load average ${(loadavg()[0] ?? 0).toFixed(1)}`
  try {
    const some = readFileSync('/proc/pressure/cpu', 'utf8').match(/^some avg10=([\d.]+)/m)
    if (some?.[1] !== undefined) return `${load} (CPU pressure ${Math.round(Number(some[1]))} %)`
  } catch {
    // Not Linux, or no pressure information.
  }
  return load
}

/** 75 → "1 min 15 s". */
export function duration(seconds) {
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}
