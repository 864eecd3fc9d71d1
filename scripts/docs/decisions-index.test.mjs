import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import {
  AREAS,
  INDEX_FILE,
  parseRecord,
  problemsOf,
  readRecords,
  renderIndex,
} from '../decisions-index.mjs'

const record = (header) => `${header}\n\n## Context\n\nWhy.\n`
// Area and Decided lines that are right, for the tests about the other header lines.
const placed = '\nArea: build\nDecided: Chose one way.'

const cellsOf = (row) =>
  row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim())

test('every decision record starts with "# NNNN. Title" and Date, Status, Area and Decided lines', () => {
  const records = readRecords()
  expect(records.length).toBeGreaterThan(100)
  expect(problemsOf(records)).toEqual([])
})

test('the committed index is the one the records give: run node scripts/decisions-index.mjs after a change', async () => {
  const expected = await renderIndex(readRecords())
  expect(readFileSync(INDEX_FILE, 'utf8')).toBe(expected)
})

test('a well-formed header is read into number, title, date, status, area and what was decided', () => {
  expect(
    parseRecord(
      '1451-one-more-attempt.md',
      record(
        '# 1451. One more attempt\n\nDate: 2026-11-22\nStatus: accepted\nArea: back office\n' +
          'Decided: One more attempt is sent as the page leaves.',
      ),
    ),
  ).toEqual({
    fileName: '1451-one-more-attempt.md',
    number: '1451',
    title: 'One more attempt',
    date: '2026-11-22',
    status: 'accepted',
    supersededBy: [],
    area: 'back office',
    decided: 'One more attempt is sent as the page leaves.',
    problems: [],
  })
  expect(
    parseRecord(
      '1303-sending.md',
      record(
        `# 1303. Sending\n\nDate: 2026-11-22\nStatus: superseded in part by 1451, 1452${placed}`,
      ),
    ).supersededBy,
  ).toEqual(['1451', '1452'])
})

test('a record without a date or a status, or with an unknown status, is reported', () => {
  const table = [
    ['# 0001. Title\n\nStatus: accepted', ['no "Date: YYYY-MM-DD" line under the title']],
    ['# 0001. Title\n\nDate: 2026-11-22', ['no "Status: …" line under the title']],
    [
      '# 0001. Title\n\nDate: 22/11/2026\nStatus: accepted',
      ['no "Date: YYYY-MM-DD" line under the title'],
    ],
    ['# 0001. Title\n\nDate: 2026-13-45\nStatus: accepted', ['the date 2026-13-45 is not a date']],
    [
      '# 0001. Title\n\nDate: 2026-11-22\nStatus: done',
      [
        'the status "done" is not accepted, proposed, rejected, deprecated, "superseded by NNNN" or "superseded in part by NNNN"',
      ],
    ],
    [
      '# 0001 Title\n\nDate: 2026-11-22\nStatus: accepted',
      ['the first line is not "# NNNN. Title"'],
    ],
    [
      '# 0002. Title\n\nDate: 2026-11-22\nStatus: accepted',
      ["the title's number 0002 is not the file's 0001"],
    ],
  ]
  for (const [header, problems] of table) {
    expect(parseRecord('0001-title.md', record(header + placed)).problems).toEqual(problems)
  }
  expect(
    parseRecord(
      '0001_Title.md',
      record(`# 0001. Title\n\nDate: 2026-11-22\nStatus: accepted${placed}`),
    ).problems,
  ).toEqual(['the file name is not NNNN-kebab-case-title.md'])
})

test('a record without an Area or a Decided line, with an unknown area or a Decided too long, is reported', () => {
  const head = '# 0001. Title\n\nDate: 2026-11-22\nStatus: accepted'
  const table = [
    [`${head}\nDecided: Chose one way.`, ['no "Area: …" line under the title']],
    [`${head}\nArea: build`, ['no "Decided: …" line under the title']],
    [`${head}\nArea: build\nDecided:`, ['no "Decided: …" line under the title']],
    [`${head}\nArea: build\nDecided:   `, ['no "Decided: …" line under the title']],
    [
      `${head}\nArea: tooling\nDecided: Chose one way.`,
      [
        'the area "tooling" is not one of: journey, storage, delivery, back office, evidence, security, performance, build',
      ],
    ],
    [
      `${head}\nArea: Build\nDecided: Chose one way.`,
      [
        'the area "Build" is not one of: journey, storage, delivery, back office, evidence, security, performance, build',
      ],
    ],
    [
      `${head}\nArea: build\nDecided: ${'a'.repeat(201)}`,
      ['the "Decided:" line is 201 characters long; say it in 200 or fewer'],
    ],
    [`${head}\n\nArea: journey\nDecided: Chose one way.`, []],
    [`${head}\nArea: build\nDecided: ${'a'.repeat(200)}`, []],
  ]
  for (const [header, problems] of table) {
    expect(parseRecord('0001-title.md', record(header)).problems).toEqual(problems)
  }
  // Lines under a section are not the header's.
  expect(
    parseRecord('0001-title.md', `${head}\n\n## Decision\n\nArea: build\nDecided: Chose one way.\n`)
      .problems,
  ).toEqual(['no "Area: …" line under the title', 'no "Decided: …" line under the title'])
})

test('a record superseded by one that does not exist, or a number used twice, is reported', () => {
  const records = [
    parseRecord(
      '0001-a.md',
      record(`# 0001. A\n\nDate: 2026-11-22\nStatus: superseded by 0009${placed}`),
    ),
    parseRecord(
      '0002-b.md',
      record(`# 0002. B\n\nDate: 2026-11-22\nStatus: superseded by 0002${placed}`),
    ),
    parseRecord('0003-c.md', record(`# 0003. C\n\nDate: 2026-11-22\nStatus: accepted${placed}`)),
    parseRecord('0003-d.md', record(`# 0003. D\n\nDate: 2026-11-22\nStatus: accepted${placed}`)),
    parseRecord('0004-e.md', record('# 0004. E\n\nDate: 2026-11-22\nStatus: accepted')),
  ]
  expect(problemsOf(records)).toEqual([
    '0004-e.md: no "Area: …" line under the title',
    '0004-e.md: no "Decided: …" line under the title',
    '0003 is used by more than one record: 0003-c.md, 0003-d.md',
    '0001-a.md: superseded by 0009, which is no record',
    '0002-b.md: superseded by itself',
  ])
})

test('the index groups the records by area, in the areas order, says what was decided and marks superseded ones', async () => {
  const header = (number, title, date, status, area, decided) =>
    record(
      `# ${number}. ${title}\n\nDate: ${date}\nStatus: ${status}\nArea: ${area}\nDecided: ${decided}`,
    )
  const index = await renderIndex([
    parseRecord(
      '0001-first.md',
      header('0001', 'First | one', '2026-11-22', 'superseded in part by 0002', 'security', 'A.'),
    ),
    parseRecord(
      '0002-second.md',
      header('0002', 'Second', '2026-11-26', 'accepted', 'journey', 'B | b.'),
    ),
    parseRecord(
      '0003-third.md',
      header('0003', 'Third', '2026-11-27', 'superseded by 0002, 0004', 'security', 'C.'),
    ),
    parseRecord(
      '0004-fourth.md',
      header('0004', 'Fourth', '2026-11-28', 'accepted', 'build', 'D.'),
    ),
  ])
  const lines = index.split('\n')
  // A section per area, in the areas' order, the empty ones saying so.
  const headings = lines.filter((line) => line.startsWith('## '))
  expect(headings).toEqual([
    '## Journey',
    '## Storage',
    '## Delivery',
    '## Back office',
    '## Evidence',
    '## Security',
    '## Performance',
    '## Build',
  ])
  expect(AREAS.map(([area]) => area)).toEqual([
    'journey',
    'storage',
    'delivery',
    'back office',
    'evidence',
    'security',
    'performance',
    'build',
  ])
  const sectionOf = (heading) => {
    const start = lines.indexOf(heading)
    const end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
    return lines.slice(start + 1, end === -1 ? undefined : end)
  }
  expect(sectionOf('## Storage')).toContain('No records yet.')
  expect(sectionOf('## Journey')).not.toContain('No records yet.')
  const rowsOf = (heading) =>
    sectionOf(heading)
      .filter((line) => /^\| \d{4}/.test(line))
      .map(cellsOf)
  expect(sectionOf('## Journey').find((line) => line.startsWith('| number'))).toBeDefined()
  expect(cellsOf(sectionOf('## Journey').find((line) => line.startsWith('| number')))).toEqual([
    'number',
    'title',
    'decided',
    'date',
    'status',
  ])
  expect(rowsOf('## Journey')).toEqual([
    ['0002', '[Second](0002-second.md)', 'B \\| b.', '2026-11-26', 'accepted'],
  ])
  expect(rowsOf('## Security')).toEqual([
    [
      '0001',
      '[First \\| one](0001-first.md)',
      'A.',
      '2026-11-22',
      'superseded in part by [0002](0002-second.md)',
    ],
    [
      '0003',
      '~~[Third](0003-third.md)~~',
      'C.',
      '2026-11-27',
      'superseded by [0002](0002-second.md), [0004](0004-fourth.md)',
    ],
  ])
  expect(rowsOf('## Build')).toEqual([
    ['0004', '[Fourth](0004-fourth.md)', 'D.', '2026-11-28', 'accepted'],
  ])
  // The contents link each area's section with its count.
  expect(lines.filter((line) => line.startsWith('- ['))).toEqual([
    '- [Journey](#journey) (1)',
    '- [Storage](#storage) (0)',
    '- [Delivery](#delivery) (0)',
    '- [Back office](#back-office) (0)',
    '- [Evidence](#evidence) (0)',
    '- [Security](#security) (2)',
    '- [Performance](#performance) (0)',
    '- [Build](#build) (1)',
  ])
})
