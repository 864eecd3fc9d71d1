// `npm run check:size:back-office` (after `npm run build`): the back office's own size bars, apart from
// the applicant form's (docs/decisions/1631): staff open it on office desktops all day, so the bars
// guard against careless growth rather than a slow phone's first visit. Gzip level 9; KB is 1,000 bytes.
//
// - The sign-in page's JavaScript (the entry, its static imports, the sign-in screen and its own) ≤ 85 KB.
// - Each lazily loaded screen's own chunk ≤ 10 KB.
// - All the back office's JavaScript ≤ 125 KB (decision 2135); its CSS ≤ 10 KB.
// Exits 1 when a bar is missed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const DIST = fileURLToPath(new URL('../apps/back-office/dist', import.meta.url))
const BARS = { firstPage: 85_000, screen: 10_000, allJs: 125_000, css: 10_000 }

/** Gzip size of a built file. */
export function gzipBytes(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length
}

/** Every chunk a manifest entry needs before it runs: itself and its static imports, recursively. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

export function measure(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
  const size = (key) => gzipBytes(join(dist, manifest[key].file))
  const signIn = 'src/screens/sign-in/SignInScreen.tsx'
  const firstPage = [
    ...new Set([...staticClosure(manifest, 'index.html'), ...staticClosure(manifest, signIn)]),
  ].reduce((sum, key) => sum + size(key), 0)
  const screens = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key]) => ({ name: key.replace(/^src\/screens\//, ''), bytes: size(key) }))
  const assets = join(dist, 'assets')
  const files = readdirSync(assets)
  const sum = (ext) =>
    files
      .filter((file) => file.endsWith(ext))
      .reduce((total, file) => total + gzipBytes(join(assets, file)), 0)
  return { firstPage, screens, allJs: sum('.js'), css: sum('.css') }
}

export function rows(figures) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
  return [
    {
      what: 'sign-in page JavaScript',
      value: kb(figures.firstPage),
      bar: kb(BARS.firstPage),
      ok: figures.firstPage <= BARS.firstPage,
    },
    ...figures.screens.map((screen) => ({
      what: `screen ${screen.name}`,
      value: kb(screen.bytes),
      bar: kb(BARS.screen),
      ok: screen.bytes <= BARS.screen,
    })),
    {
      what: 'all JavaScript',
      value: kb(figures.allJs),
      bar: kb(BARS.allJs),
      ok: figures.allJs <= BARS.allJs,
    },
    { what: 'CSS', value: kb(figures.css), bar: kb(BARS.css), ok: figures.css <= BARS.css },
  ]
}

function main() {
  if (!existsSync(join(DIST, '.vite', 'manifest.json'))) {
    console.error('apps/back-office/dist is missing: run `npm run build` first.')
    return 1
  }
  const table = rows(measure(DIST))
  for (const row of table) {
    console.log(
      `${row.ok ? '✓' : '✖'} ${row.what.padEnd(44)} ${row.value.padStart(9)}  (bar ${row.bar})`,
    )
  }
  const missed = table.filter((row) => !row.ok)
  if (missed.length > 0) {
    console.error(`\nBack-office size budget missed: ${missed.map((row) => row.what).join('; ')}.`)
    return 1
  }
  console.log('\nEvery back-office size bar is met.')
  return 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main()
