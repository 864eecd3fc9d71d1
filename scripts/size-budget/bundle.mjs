// What the built front end ships, read from Vite's manifest (apps/web/dist/.vite/manifest.json): the
// entry, each screen's own chunk, and every chunk the app can load (information beside the whole
// journey's figure, which is measured in Chromium: journey-walk.mjs, decision 1971). Sizes are gzip at level 9 of the
// file as built, so they compare with the bare React build measured the same way.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Gzip at level 9: the size every JavaScript and CSS figure of the budget is given in. */
export function gzipSize(content) {
  return gzipSync(content, { level: 9 }).length
}

export function readManifest(distDir) {
  const file = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build.manifest must be on in apps/web/vite.config.ts (run npm run build)`,
    )
  }
  return JSON.parse(readFileSync(file, 'utf8'))
}

/** The manifest key of the page's entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry)
  if (key === undefined) throw new Error('The Vite manifest names no entry')
  return key
}

/**
 * Every manifest key reachable from `roots` through static imports, and through dynamic imports too
 * when `followDynamic` is set.
 */
export function reachable(manifest, roots, { followDynamic }) {
  const seen = new Set()
  const pending = [...roots]
  while (pending.length > 0) {
    const key = pending.pop()
    if (seen.has(key) || manifest[key] === undefined) continue
    seen.add(key)
    const chunk = manifest[key]
    pending.push(...(chunk.imports ?? []))
    if (followDynamic) pending.push(...(chunk.dynamicImports ?? []))
  }
  return seen
}

/** The screens of the route table: dynamic entries under src/screens/, named by their folder. */
export function screenKeys(manifest) {
  return Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && /^src\/screens\/.+-screen\.tsx$/.test(key))
    .sort()
}

/**
 * The figures that need no browser: each screen's own chunk, what each screen adds beyond the entry,
 * every chunk the app can load (each with its manifest key, for naming what a journey did not fetch)
 * and the CSS.
 */
export function analyseBundle(distDir) {
  const manifest = readManifest(distDir)
  const sizeOf = new Map()
  const fileSize = (file) => {
    if (!sizeOf.has(file)) sizeOf.set(file, gzipSize(readFileSync(join(distDir, file))))
    return sizeOf.get(file)
  }
  const entry = entryKey(manifest)
  const entryStatic = reachable(manifest, [entry], { followDynamic: false })
  const everything = reachable(manifest, [entry], { followDynamic: true })

  const screens = screenKeys(manifest).map((key) => {
    const own = manifest[key].file
    // The chunks this screen needs that the entry did not bring: its own and the shared ones.
    const added = [...reachable(manifest, [key], { followDynamic: false })]
      .filter((name) => !entryStatic.has(name))
      .map((name) => manifest[name].file)
    return {
      key,
      name: key
        .split('/')
        .at(-1)
        .replace(/\.tsx$/, ''),
      file: own,
      gzip: fileSize(own),
      withShared: added.reduce((sum, file) => sum + fileSize(file), 0),
    }
  })

  const allScripts = [
    ...new Map(
      [...everything]
        .filter((key) => manifest[key].file.endsWith('.js'))
        .map((key) => [manifest[key].file, { key, file: manifest[key].file }]),
    ).values(),
  ].map((each) => ({ ...each, gzip: fileSize(each.file) }))
  const cssFiles = [
    ...new Set(
      [...everything].flatMap((key) => [
        ...(manifest[key].css ?? []),
        ...(key.endsWith('.css') ? [manifest[key].file] : []),
      ]),
    ),
  ]
  const entryCss = [...entryStatic].flatMap((key) => manifest[key].css ?? [])

  return {
    entryFile: manifest[entry].file,
    entryGzip: fileSize(manifest[entry].file),
    screens,
    all: {
      files: allScripts.length,
      gzip: allScripts.reduce((sum, each) => sum + each.gzip, 0),
      scripts: allScripts,
    },
    css: {
      files: cssFiles.length,
      gzip: cssFiles.reduce((sum, file) => sum + fileSize(file), 0),
      entryGzip: entryCss.reduce((sum, file) => sum + fileSize(file), 0),
    },
  }
}
