#!/usr/bin/env node
// The index of the decision records, docs/decisions/README.md, made from the records' own headers:
//
//   # NNNN. Title
//
//   Date: YYYY-MM-DD
//   Status: accepted | superseded by NNNN | superseded in part by NNNN, NNNN
//   Area: journey | storage | delivery | back office | evidence | security | performance | build
//   Decided: one line saying what was decided
//
// The index has a section per area, in that order, each a table of the area's records with what was decided.
// `node scripts/decisions-index.mjs` rewrites the index; `--check` only reports, and exits 1 when a header is
// malformed or the committed index is not what the records give. scripts/docs/decisions-index.test.mjs runs
// the check in `npm test`, so a new or changed record cannot leave the index behind.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DECISIONS_DIR = join(ROOT, 'docs', 'decisions')
export const INDEX_FILE = join(DECISIONS_DIR, 'README.md')

const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/
const TITLE = /^# (\d{4})\. (\S.*)$/
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/
const STATUS = /^Status: (.+)$/
const AREA = /^Area: (.+)$/
const DECIDED = /^Decided: (\S.*)$/
export const DECIDED_MAX_LENGTH = 200

/** The areas, in the index's order, each with the line that says what belongs in it. */
export const AREAS = [
  ['journey', "the applicant's screens, fields, messages, brands and the web app"],
  ['storage', 'the database, its schema, retention and the write path'],
  ['delivery', "lender delivery, lenders' decisions, emails and their outboxes"],
  ['back office', "the broker's app and its API"],
  ['evidence', 'the evidence record of what each applicant was shown and agreed to'],
  ['security', 'sign-in, anti-forgery, rate limits, headers, encryption and privacy'],
  ['performance', 'speed, memory, sizes and benchmarks'],
  ['build', 'the toolchain, tests, CI, layout and docs'],
]
const AREA_NAMES = AREAS.map(([area]) => area)
const STATUS_VALUE =
  /^(?:accepted|proposed|rejected|deprecated|superseded(?: in part)? by (\d{4}(?:, \d{4})*))$/

/**
 * One record's header, or the problems that keep it from being read. `text` is the file's content.
 * Date, Status, Area and Decided are the lines under the title, before any section.
 */
export function parseRecord(fileName, text) {
  const problems = []
  const fileMatch = FILE_NAME.exec(fileName)
  if (!fileMatch) problems.push('the file name is not NNNN-kebab-case-title.md')
  const lines = text.split(/\r?\n/)
  const titleMatch = TITLE.exec(lines[0] ?? '')
  if (!titleMatch) problems.push('the first line is not "# NNNN. Title"')
  else if (fileMatch && titleMatch[1] !== fileMatch[1]) {
    problems.push(`the title's number ${titleMatch[1]} is not the file's ${fileMatch[1]}`)
  }
  const header = []
  for (const line of lines.slice(1)) {
    if (line.startsWith('#')) break
    if (line.trim() !== '') header.push(line.trim())
  }
  const dateLine = header.find((line) => line.startsWith('Date:'))
  const dateMatch = DATE.exec(dateLine ?? '')
  if (!dateMatch) problems.push('no "Date: YYYY-MM-DD" line under the title')
  else if (!isCalendarDate(dateMatch[1])) problems.push(`the date ${dateMatch[1]} is not a date`)
  const statusMatch = STATUS.exec(header.find((line) => line.startsWith('Status:')) ?? '')
  let status
  let supersededBy = []
  if (!statusMatch) problems.push('no "Status: …" line under the title')
  else {
    status = statusMatch[1].trim()
    const valueMatch = STATUS_VALUE.exec(status)
    if (!valueMatch) {
      problems.push(
        `the status "${status}" is not accepted, proposed, rejected, deprecated, ` +
          '"superseded by NNNN" or "superseded in part by NNNN"',
      )
    } else if (valueMatch[1]) supersededBy = valueMatch[1].split(', ')
  }
  const areaMatch = AREA.exec(header.find((line) => line.startsWith('Area:')) ?? '')
  const area = areaMatch?.[1].trim() ?? ''
  if (!areaMatch) problems.push('no "Area: …" line under the title')
  else if (!AREA_NAMES.includes(area)) {
    problems.push(`the area "${area}" is not one of: ${AREA_NAMES.join(', ')}`)
  }
  const decidedMatch = DECIDED.exec(header.find((line) => line.startsWith('Decided:')) ?? '')
  const decided = decidedMatch?.[1].trim() ?? ''
  if (!decidedMatch) problems.push('no "Decided: …" line under the title')
  else if (decided.length > DECIDED_MAX_LENGTH) {
    problems.push(
      `the "Decided:" line is ${decided.length} characters long; say it in ${DECIDED_MAX_LENGTH} or fewer`,
    )
  }
  return {
    fileName,
    number: fileMatch?.[1] ?? titleMatch?.[1] ?? '',
    title: titleMatch?.[2].trim() ?? '',
    date: dateMatch?.[1] ?? '',
    status: status ?? '',
    supersededBy,
    area,
    decided,
    problems,
  }
}

function isCalendarDate(iso) {
  const date = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso
}

export function readRecords(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => parseRecord(name, readFileSync(join(dir, name), 'utf8')))
}

/** Every problem of every record, each prefixed with its file name; also numbers used twice and
 *  "superseded by" a record that does not exist. */
export function problemsOf(records) {
  const problems = records.flatMap((record) =>
    record.problems.map((problem) => `${record.fileName}: ${problem}`),
  )
  const byNumber = new Map()
  for (const record of records) {
    byNumber.set(record.number, [...(byNumber.get(record.number) ?? []), record.fileName])
  }
  for (const [number, files] of byNumber) {
    if (files.length > 1)
      problems.push(`${number} is used by more than one record: ${files.join(', ')}`)
  }
  for (const record of records) {
    for (const number of record.supersededBy) {
      if (number === record.number) problems.push(`${record.fileName}: superseded by itself`)
      else if (!byNumber.has(number)) {
        problems.push(`${record.fileName}: superseded by ${number}, which is no record`)
      }
    }
  }
  return problems
}

const escapeCell = (text) => text.replaceAll('|', '\\|')

function statusCell(record, fileOf) {
  if (record.supersededBy.length === 0) return record.status
  const links = record.supersededBy.map((number) => `[${number}](${fileOf.get(number) ?? ''})`)
  return record.status.replace(/\d{4}(?:, \d{4})*$/, links.join(', '))
}

/** The title's link; struck through when a later record replaces the whole record. */
function titleCell(record) {
  const link = `[${escapeCell(record.title)}](${record.fileName})`
  return record.status.startsWith('superseded by') ? `~~${link}~~` : link
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1)
const anchorOf = (area) => area.replaceAll(' ', '-')

const INTRO = `# Decision records

Every choice the requirements leave open, every departure from them or from the house rules, and every design
choice worth explaining has a short record here: context, decision, consequences. This index is generated from
the records' headers by \`node scripts/decisions-index.mjs\`; a test fails when it is out of date.

The records are grouped below by what they are about, one section per area, each with one line saying what was
decided: look up "why is it like this" in the area's table, then open the record. A record whose title is struck
through is superseded as a whole; "superseded in part" means a later record changes part of it and the rest stands.

A record starts with

\`\`\`
# NNNN. Title

Date: YYYY-MM-DD
Status: accepted
Area: journey
Decided: One line, at most ${DECIDED_MAX_LENGTH} characters, saying in plain words what was decided.
\`\`\`

then \`## Context\`, \`## Decision\` and \`## Consequences\`. The status is \`accepted\`, \`superseded by NNNN\` (the
later record replaces it) or \`superseded in part by NNNN\` (the later record changes part of it; the rest
stands). A record is not rewritten when it is superseded: the later record says what changed, and the earlier
one's status points to it. The area is one of ${AREAS.map(([area]) => `\`${area}\``).join(', ')}.
Numbers were given out in ranges (00xx project, 01xx fields and messages, 02xx brands and payload, 03xx controls,
04xx server, 05xx web app, 06xx storage, 07xx lender delivery, 08xx security, 09xx address lookup, 10xx–13xx the
journey's screens, 14xx and later quality bars and features); the \`Area:\` line, not the number, places a record in
this index. How to add one: [CONTRIBUTING](../../CONTRIBUTING.md#a-decision-record).
`

/** The index's Markdown, formatted with the repository's Prettier settings. */
export async function renderIndex(records) {
  const fileOf = new Map(records.map((record) => [record.number, record.fileName]))
  const contents = AREAS.map(([area]) => {
    const count = records.filter((record) => record.area === area).length
    return `- [${capitalised(area)}](#${anchorOf(area)}) (${count})`
  })
  const sections = AREAS.map(([area, covers]) => {
    const inArea = records.filter((record) => record.area === area)
    const heading = `## ${capitalised(area)}\n\n${capitalised(covers)}.`
    if (inArea.length === 0) return `${heading}\n\nNo records yet.`
    const rows = inArea.map(
      (record) =>
        `| ${record.number} | ${titleCell(record)} | ${escapeCell(record.decided)} | ${record.date} | ${statusCell(record, fileOf)} |`,
    )
    const table = ['| number | title | decided | date | status |', '|---|---|---|---|---|', ...rows]
    return `${heading}\n\n${table.join('\n')}`
  })
  const markdown = `${INTRO}\n${contents.join('\n')}\n\n${sections.join('\n\n')}\n`
  const options = (await prettier.resolveConfig(INDEX_FILE)) ?? {}
  return prettier.format(markdown, { ...options, filepath: INDEX_FILE })
}

async function main(argv) {
  const check = argv.includes('--check')
  const records = readRecords()
  const problems = problemsOf(records)
  if (problems.length > 0) {
    console.error(`Decision records with problems:\n${problems.map((p) => `- ${p}`).join('\n')}`)
    process.exit(1)
  }
  const index = await renderIndex(records)
  if (check) {
    let committed = ''
    try {
      committed = readFileSync(INDEX_FILE, 'utf8')
    } catch {
      // No index yet: out of date.
    }
    if (committed !== index) {
      console.error('docs/decisions/README.md is out of date: run node scripts/decisions-index.mjs')
      process.exit(1)
    }
    console.log(`docs/decisions/README.md is up to date (${records.length} records).`)
    return
  }
  writeFileSync(INDEX_FILE, index)
  console.log(`Wrote docs/decisions/README.md (${records.length} records).`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2))
}
