import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import {
  INDEX_FILE,
  parseRecord,
  problemsOf,
  readRecords,
  renderIndex,
} from '../decisions-index.mjs'

const record = (header) => `${header}\n\n## Context\n\nWhy.\n`

test('every decision record starts with "# NNNN. Title", a Date line and a Status line', () => {
  const records = readRecords()
  expect(records.length).toBeGreaterThan(100)
  expect(problemsOf(records)).toEqual([])
})

test('the committed index is the one the records give: run node scripts/decisions-index.mjs after a change', async () => {
  const expected = await renderIndex(readRecords())
  expect(readFileSync(INDEX_FILE, 'utf8')).toBe(expected)
})

test('a well-formed header is read into number, title, date and status', () => {
  expect(
    parseRecord(
      '1451-one-more-attempt.md',
      record('# 1451. One more attempt\n\nDate: 2026-11-22\nStatus: accepted'),
    ),
  ).toEqual({
    fileName: '1451-one-more-attempt.md',
    number: '1451',
    title: 'One more attempt',
    date: '2026-11-22',
    status: 'accepted',
    supersededBy: [],
    problems: [],
  })
  expect(
    parseRecord(
      '1303-sending.md',
      record('# 1303. Sending\n\nDate: 2026-11-22\nStatus: superseded in part by 1451, 1452'),
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
    expect(parseRecord('0001-title.md', record(header)).problems).toEqual(problems)
  }
  expect(
    parseRecord('0001_Title.md', record('# 0001. Title\n\nDate: 2026-11-22\nStatus: accepted'))
      .problems,
  ).toEqual(['the file name is not NNNN-kebab-case-title.md'])
})

test('a record superseded by one that does not exist, or a number used twice, is reported', () => {
  const records = [
    parseRecord('0001-a.md', record('# 0001. A\n\nDate: 2026-11-22\nStatus: superseded by 0009')),
    parseRecord('0002-b.md', record('# 0002. B\n\nDate: 2026-11-22\nStatus: superseded by 0002')),
    parseRecord('0003-c.md', record('# 0003. C\n\nDate: 2026-11-22\nStatus: accepted')),
    parseRecord('0003-d.md', record('# 0003. D\n\nDate: 2026-11-22\nStatus: accepted')),
  ]
  expect(problemsOf(records)).toEqual([
    '0003 is used by more than one record: 0003-c.md, 0003-d.md',
    '0001-a.md: superseded by 0009, which is no record',
    '0002-b.md: superseded by itself',
  ])
})

test('the index links each title and each superseding record', async () => {
  const index = await renderIndex([
    parseRecord(
      '0001-first.md',
      record('# 0001. First | one\n\nDate: 2026-11-22\nStatus: superseded in part by 0002'),
    ),
    parseRecord('0002-second.md', record('# 0002. Second\n\nDate: 2026-11-26\nStatus: accepted')),
  ])
  const rows = index.split('\n').filter((line) => /^\| 000\d/.test(line))
  expect(
    rows.map((row) =>
      row
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    ),
  ).toEqual([
    [
      '0001',
      '[First \\| one](0001-first.md)',
      '2026-11-22',
      'superseded in part by [0002](0002-second.md)',
    ],
    ['0002', '[Second](0002-second.md)', '2026-11-26', 'accepted'],
  ])
})
