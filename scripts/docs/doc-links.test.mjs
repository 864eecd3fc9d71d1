import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'
import {
  ROOT,
  anchorsOf,
  brokenLinks,
  citationsOf,
  linksOf,
  projectMarkdownFiles,
  repeatedHeadings,
  repositoryFiles,
  slugify,
} from './doc-links.mjs'

// Text files that may cite the documents; data files (the address dataset, the lockfile, pictures) are not.
const CITING_FILE = /\.(?:ts|tsx|mts|mjs|js|cjs|css|html|md|json|ya?ml|sh)$|^\.ci\/run$/
const SKIPPED = new Set(['package-lock.json'])

test('every relative link in the README, CONTRIBUTING and docs/ reaches a file, and a heading when it names one', () => {
  const files = projectMarkdownFiles()
  expect(files.map((file) => relative(ROOT, file))).toEqual(
    expect.arrayContaining([
      'README.md',
      'CONTRIBUTING.md',
      'docs/requirements.md',
      'docs/architecture.md',
    ]),
  )
  const problems = files.flatMap((file) =>
    brokenLinks(file, readFileSync(file, 'utf8')).map(
      (problem) => `${relative(ROOT, file)}: ${problem}`,
    ),
  )
  expect(problems).toEqual([])
})

test('the headings code cites are unique, so their anchors do not depend on their order', () => {
  for (const document of ['docs/requirements.md', 'docs/architecture.md', 'CONTRIBUTING.md']) {
    expect(repeatedHeadings(readFileSync(join(ROOT, document), 'utf8')), document).toEqual([])
  }
})

test('every citation of docs/requirements.md#…, docs/architecture.md#… or CONTRIBUTING.md#… names a heading that exists', () => {
  const anchors = new Map(
    ['docs/requirements.md', 'docs/architecture.md', 'CONTRIBUTING.md'].map((document) => [
      document,
      anchorsOf(readFileSync(join(ROOT, document), 'utf8')),
    ]),
  )
  const problems = []
  for (const path of repositoryFiles()) {
    if (SKIPPED.has(path) || !CITING_FILE.test(path)) continue
    for (const citation of citationsOf(readFileSync(join(ROOT, path), 'utf8'))) {
      if (!anchors.get(citation.document).has(citation.anchor)) {
        problems.push(`${path}:${citation.line}: ${citation.document}#${citation.anchor}`)
      }
    }
  }
  expect(problems).toEqual([])
})

// The product description and design notes the project began from are not in the repository: code cites
// docs/requirements.md, docs/architecture.md, another page of docs/ (docs/back-office.md is the repository's own)
// or a decision record instead (docs/requirements.md#citing).
const OUTSIDE_CITATION =
  /§\s?[1-9]|(?<![-\w])(?<!docs\/)(?:quality|journey|brands|toolchain|back-office|evidence|save-and-return)\.md\b|review-2026|helper-brief/
const CODE_FILE = /\.(?:ts|tsx|mts|mjs|js|cjs|css|html)$/

test('code cites no document outside the repository', () => {
  const problems = []
  for (const path of repositoryFiles()) {
    if (!CODE_FILE.test(path) || path === 'scripts/docs/doc-links.test.mjs') continue
    for (const [index, line] of readFileSync(join(ROOT, path), 'utf8').split('\n').entries()) {
      if (OUTSIDE_CITATION.test(line)) problems.push(`${path}:${index + 1}: ${line.trim()}`)
    }
  }
  expect(problems).toEqual([])
})

// "decision 1961", "decisions 1434, 1553 and 2001", "docs/decisions/1603-*": each number a record's.
const DECISION_CITATION = /\bdecisions?\/?\s?((?:\d{4}(?:[-\w]*)?(?:,\s*|\s+and\s+|\s*\/\s*)?)+)/gi

test('every decision record cited by number exists', () => {
  const records = new Set(
    readdirSync(join(ROOT, 'docs/decisions'))
      .map((name) => /^(\d{4})-/.exec(name)?.[1])
      .filter((number) => number !== undefined),
  )
  expect(records.size).toBeGreaterThan(100)
  const problems = []
  for (const path of repositoryFiles()) {
    if (SKIPPED.has(path) || !CITING_FILE.test(path)) continue
    for (const [index, line] of readFileSync(join(ROOT, path), 'utf8').split('\n').entries()) {
      for (const match of line.matchAll(DECISION_CITATION)) {
        for (const number of match[1].match(/\b\d{4}\b/g) ?? []) {
          if (!records.has(number)) problems.push(`${path}:${index + 1}: decision ${number}`)
        }
      }
    }
  }
  expect(problems).toEqual([])
})

test('anchors are made from headings as GitHub makes them', () => {
  expect(slugify('Phone numbers')).toBe('phone-numbers')
  expect(slugify('Text, number and `email`')).toBe('text-number-and-email')
  expect(slugify('Host and brand: the [first label](#x)')).toBe('host-and-brand-the-first-label')
  expect(slugify('10xx–13xx screens')).toBe('10xx13xx-screens')
  expect([
    ...anchorsOf('# A\n\n## Notes\n\n```\n# Not a heading\n```\n\n### Notes\n<a id="kept"></a>\n'),
  ]).toEqual(['a', 'notes', 'notes-1', 'kept'])
  expect(repeatedHeadings('## Notes\n\n## Other\n\n### Notes\n')).toEqual(['notes'])
})

test('a link to a missing file or a missing heading is reported; outside links and code are not checked', () => {
  const markdown = [
    '# Title',
    '',
    '[here](#title) [gone](#nowhere) [readme](../README.md#forecourt) [no file](missing.md)',
    '[elsewhere](https://example.com/x.md#y) `[in code](missing-too.md)`',
    '',
    '```',
    '[in a block](missing-three.md)',
    '```',
  ].join('\n')
  const file = join(ROOT, 'docs', 'example.md')
  expect(linksOf(markdown)).toEqual(['#title', '#nowhere', '../README.md#forecourt', 'missing.md'])
  expect(brokenLinks(file, markdown)).toEqual([
    '#nowhere: no heading with that anchor in docs/example.md',
    'missing.md: no such file',
  ])
  expect(brokenLinks(file, '[x](requirements.md#no-such-heading)')).toEqual([
    'requirements.md#no-such-heading: no heading with that anchor in docs/requirements.md',
  ])
})

test('citations are found with their line numbers', () => {
  expect(
    citationsOf(
      '// Checks in order (docs/requirements.md#phone-numbers).\nconst x = 1 // docs/architecture.md#write-path, CONTRIBUTING.md#a-route',
    ),
  ).toEqual([
    { line: 1, document: 'docs/requirements.md', anchor: 'phone-numbers' },
    { line: 2, document: 'docs/architecture.md', anchor: 'write-path' },
    { line: 2, document: 'CONTRIBUTING.md', anchor: 'a-route' },
  ])
})

// The README is the front door: what Forecourt is, the two commands, the hosts, the first admin, where to read
// next and what each dependency is for. The reference lives in docs/ (configuration, api, lenders, back office).
test('the README stays a front door of at most 150 lines', () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n')
  expect(lines.length).toBeLessThanOrEqual(150)
  expect(lines[0]).toBe('# Forecourt')
  expect(lines.slice(0, 6).join('\n')).toContain('npm ci && npm start')
  expect(lines.slice(0, 6).join('\n')).toContain('npm test')
})

test('the README says what every dependency of every workspace is for', () => {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const manifests = [
    root,
    ...root.workspaces.map((folder) =>
      JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')),
    ),
  ]
  const names = new Set(
    manifests.flatMap((manifest) =>
      Object.keys({
        ...manifest.dependencies,
        ...manifest.devDependencies,
        ...manifest.optionalDependencies,
      }),
    ),
  )
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const missing = [...names].filter(
    (name) => !name.startsWith('@forecourt/') && !readme.includes(`\`${name}\``),
  )
  expect(missing).toEqual([])
})

test("docs/architecture.md's table of packages names every workspace, and only those", () => {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
  const section = architecture.slice(
    architecture.indexOf('## Packages'),
    architecture.indexOf('\n## ', architecture.indexOf('## Packages') + 3),
  )
  const folders = [...section.matchAll(/^\| `@forecourt\/[a-z0-9-]+` +\| `([a-z0-9/-]+)` +\|/gm)].map(
    (match) => match[1],
  )
  expect(folders.sort()).toEqual([...root.workspaces].sort())
})
