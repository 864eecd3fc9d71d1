import { randomBytes } from 'node:crypto'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { measure, rows, staticClosure } from './back-office-size-budget.mjs'

test('the closure follows static imports only, once each', () => {
  const manifest = {
    'index.html': { file: 'a.js', imports: ['_shared.js'], dynamicImports: ['screen.tsx'] },
    '_shared.js': { file: 'shared.js', imports: ['index.html'] },
    'screen.tsx': { file: 'screen.js', imports: ['_shared.js'], isDynamicEntry: true },
  }
  expect([...staticClosure(manifest, 'index.html')]).toEqual(['index.html', '_shared.js'])
})

test('a screen chunk over its bar fails; the sign-in page counts the entry, shared code and its screen', () => {
  const dist = mkdtempSync(join(tmpdir(), 'bo-size-'))
  mkdirSync(join(dist, '.vite'))
  mkdirSync(join(dist, 'assets'))
  // Random bytes barely compress: their gzip size stays near their length.
  writeFileSync(join(dist, 'assets', 'entry.js'), 'x'.repeat(1000))
  writeFileSync(join(dist, 'assets', 'sign-in.js'), 'y'.repeat(1000))
  writeFileSync(join(dist, 'assets', 'big.js'), randomBytes(30_000).toString('base64'))
  writeFileSync(join(dist, 'assets', 'app.css'), 'a{}')
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', isEntry: true },
      'src/screens/sign-in/SignInScreen.tsx': {
        file: 'assets/sign-in.js',
        imports: ['index.html'],
        isDynamicEntry: true,
      },
      'src/screens/big/BigScreen.tsx': {
        file: 'assets/big.js',
        imports: ['index.html'],
        isDynamicEntry: true,
      },
    }),
  )
  const figures = measure(dist)
  expect(figures.firstPage).toBeLessThan(200)
  const table = rows(figures)
  expect(table.filter((row) => !row.ok).map((row) => row.what)).toEqual([
    'screen big/BigScreen.tsx',
  ])
})
