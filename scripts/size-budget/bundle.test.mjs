import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, test } from 'vitest'
import { analyseBundle, gzipSize, reachable } from './bundle.mjs'

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared-entry.js'],
    dynamicImports: [
      'src/screens/start/start-screen.tsx',
      'src/screens/deposit/deposit-screen.tsx',
    ],
    css: ['assets/index.css'],
  },
  '_shared-entry.js': { file: 'assets/shared-entry.js' },
  'src/screens/start/start-screen.tsx': {
    file: 'assets/start-screen.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/screens/deposit/deposit-screen.tsx': {
    file: 'assets/deposit-screen.js',
    isDynamicEntry: true,
    imports: ['index.html', '_question.js'],
    dynamicImports: ['src/content/Terms.tsx'],
  },
  '_question.js': { file: 'assets/question.js', imports: ['_shared-entry.js'] },
  'src/content/Terms.tsx': { file: 'assets/Terms.js', isDynamicEntry: true },
}

const contents = {
  'assets/index.js': 'x'.repeat(5000),
  'assets/shared-entry.js': 'shared',
  'assets/start-screen.js': 'start screen',
  'assets/deposit-screen.js': 'deposit screen',
  'assets/question.js': 'question machinery',
  'assets/Terms.js': 'terms',
  'assets/index.css': 'body{margin:0}',
}

let dist
afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true })
})

test('static imports alone, or lazy imports too', () => {
  assert.deepEqual([...reachable(manifest, ['index.html'], { followDynamic: false })].sort(), [
    '_shared-entry.js',
    'index.html',
  ])
  assert.deepEqual([...reachable(manifest, ['index.html'], { followDynamic: true })].sort(), [
    '_question.js',
    '_shared-entry.js',
    'index.html',
    'src/content/Terms.tsx',
    'src/screens/deposit/deposit-screen.tsx',
    'src/screens/start/start-screen.tsx',
  ])
})

test('screens, what each adds beyond the entry, every chunk the app can load and the CSS', async () => {
  dist = await mkdtemp(join(tmpdir(), 'size-budget-test-'))
  await mkdir(join(dist, '.vite'), { recursive: true })
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  for (const [file, text] of Object.entries(contents)) await writeFile(join(dist, file), text)
  const size = (file) => gzipSize(contents[file])

  const result = analyseBundle(dist)
  assert.equal(result.entryGzip, size('assets/index.js'))
  assert.deepEqual(
    result.screens.map(({ name, gzip, withShared }) => [name, gzip, withShared]),
    [
      [
        'deposit-screen',
        size('assets/deposit-screen.js'),
        size('assets/deposit-screen.js') + size('assets/question.js'),
      ],
      ['start-screen', size('assets/start-screen.js'), size('assets/start-screen.js')],
    ],
  )
  const js = Object.keys(contents).filter((file) => file.endsWith('.js'))
  assert.equal(result.all.files, js.length)
  assert.equal(
    result.all.gzip,
    js.reduce((sum, file) => sum + size(file), 0),
  )
  // Each chunk once, named by its manifest key, so that what a walk did not fetch can be named.
  assert.deepEqual(
    [...result.all.scripts].sort((a, b) => a.file.localeCompare(b.file)),
    [
      {
        key: 'src/screens/deposit/deposit-screen.tsx',
        file: 'assets/deposit-screen.js',
        gzip: size('assets/deposit-screen.js'),
      },
      { key: 'index.html', file: 'assets/index.js', gzip: size('assets/index.js') },
      { key: '_question.js', file: 'assets/question.js', gzip: size('assets/question.js') },
      {
        key: '_shared-entry.js',
        file: 'assets/shared-entry.js',
        gzip: size('assets/shared-entry.js'),
      },
      {
        key: 'src/screens/start/start-screen.tsx',
        file: 'assets/start-screen.js',
        gzip: size('assets/start-screen.js'),
      },
      { key: 'src/content/Terms.tsx', file: 'assets/Terms.js', gzip: size('assets/Terms.js') },
    ],
  )
  assert.deepEqual(result.css, {
    files: 1,
    gzip: size('assets/index.css'),
    entryGzip: size('assets/index.css'),
  })
})

test('a build without a manifest says how to get one', () => {
  assert.throws(() => analyseBundle(tmpdir()), /build\.manifest must be on/)
})
