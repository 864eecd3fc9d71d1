// After `vite build`: writes dist/prerendered/<brand>.html (index.html with the brand's start screen
// already rendered, its theme and its stylesheet inline), dist/prerendered/<brand>/<path>.html for
// each question a deep link opens (docs/decisions/1941), and a .br and .gz beside every text file
// of dist, which the server sends as they are (@fastify/static preCompressed). Run by
// `npm run build -w @forecourt/web`, after the renderer's own build (prerender/vite.config.ts).

import { readdir, readFile, mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

// React's server renderer picks its build from NODE_ENV: the production one, as the browser gets.
process.env.NODE_ENV = 'production'

const webDir = fileURLToPath(new URL('..', import.meta.url))
const distDir = join(webDir, 'dist')
const rendererEntry = join(webDir, 'node_modules', '.prerender', 'entry-server.js')

/** Above this the stylesheets stay files: the first HTML must stay within 14 KiB (docs/requirements.md#performance). */
const INLINE_CSS_LIMIT_BYTES = 16 * 1024
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/
const START_SCREEN_SOURCE = 'src/screens/start/start-screen.tsx'
/**
 * What every question's page loads beside its screen: the frame of every question and what the
 * first render waits for (app/route-screens.ts, main.tsx).
 */
const QUESTION_SOURCES = ['src/journey/question-screen.tsx']

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
}

/** The built index.html's stylesheets, read from dist, when together they are small enough to inline. */
async function inlineStylesheets(template, stylesheetHrefs) {
  const sheets = await Promise.all(
    stylesheetHrefs(template).map(async (href) => ({
      href,
      css: (await readFile(join(distDir, href), 'utf8')).trim(),
    })),
  )
  const total = sheets.reduce((sum, sheet) => sum + Buffer.byteLength(sheet.css), 0)
  return total <= INLINE_CSS_LIMIT_BYTES ? sheets : []
}

/** Vite's manifest (build.manifest), or null without one. */
async function readManifest() {
  const manifestFile = join(distDir, '.vite', 'manifest.json')
  return readFile(manifestFile, 'utf8').then(JSON.parse, () => null)
}

/**
 * The chunks of the given source modules and every chunk they import (the entry's own excepted,
 * which the page loads anyway), with the stylesheets those chunks bring. Each module must be in the
 * manifest: a renamed screen fails the build instead of shipping a page that loads it late.
 */
function chunksOf(manifest, sources) {
  const files = new Set()
  const css = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return
    files.add(`/${chunk.file}`)
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not in Vite's manifest`)
    visit(source)
  }
  return {
    modulePreloads: [...files],
    stylesheets: [...css],
    ownChunks: sources.map((source) => `/${manifest[source].file}`),
  }
}

/**
 * The start screen's chunk and the chunks it imports, from Vite's manifest or, without one, from
 * the chunk's own import statements. Empty when neither finds it.
 */
async function startScreenChunks(manifest) {
  if (manifest) return chunksOf(manifest, [START_SCREEN_SOURCE]).modulePreloads
  const assets = await readdir(join(distDir, 'assets'))
  const start = assets.find((name) => /^StartScreen-[\w-]+\.js$/.test(name))
  if (!start) return []
  const files = new Set()
  const visit = async (name) => {
    if (files.has(`/assets/${name}`)) return
    files.add(`/assets/${name}`)
    const code = await readFile(join(distDir, 'assets', name), 'utf8')
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
      await visit(imported)
    }
  }
  await visit(start)
  return [...files]
}

/**
 * The source modules a question's page at `path` loads first (the dynamic imports of its route): what
 * every question brings (the deep-link guard, the progress bar, the first render's wait) and its
 * screen (routes.ts), named after the route's first segment. The joint applicant's address questions are screens of the applicant's own modules
 * (docs/decisions/1841), as apps/server/src/plugins/route-preloads.ts also knows.
 */
function questionSources(manifest, path) {
  const segment = path.split('/')[1] ?? ''
  const screen = [segment, segment.replace(/^joint-(?:same-)?/, '')]
    .map((name) => `src/screens/${name}/${name}-screen.tsx`)
    .find((key) => manifest[key])
  if (!screen) throw new Error(`No screen module in Vite's manifest for ${path}`)
  return [...QUESTION_SOURCES, screen]
}

/** The CSS of the given built stylesheets, trimmed, in order. */
function readStylesheets(hrefs) {
  return Promise.all(
    hrefs.map(async (href) => (await readFile(join(distDir, href), 'utf8')).trim()),
  )
}

async function writePrerenderedPages() {
  const renderer = await import(pathToFileURL(rendererEntry).href)
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const stylesheets = await inlineStylesheets(template, renderer.stylesheetHrefs)
  const manifest = await readManifest()
  const modulePreloads = await startScreenChunks(manifest)
  const outDir = join(distDir, 'prerendered')
  await mkdir(outDir, { recursive: true })
  const written = []
  const deepWritten = []
  // Each question's own scripts and stylesheets, the same for every brand.
  const deepLinks = manifest
    ? await Promise.all(
        renderer.DEEP_LINK_PAGES.map(async ({ path }) => {
          const chunks = chunksOf(manifest, questionSources(manifest, path))
          // The question's own chunks only, not the 10 to 15 shared ones they import: under
          // Lighthouse's simulation every request finished before the first paint counts towards
          // the largest paint, and on a fast machine all of them are (docs/decisions/1941).
          return {
            path,
            modulePreloads: chunks.ownChunks,
            screenStylesheets: await readStylesheets(chunks.stylesheets),
          }
        }),
      )
    : []
  // One after the other: the pages share the app's one store.
  for (const brandId of renderer.BRAND_IDS) {
    const page = await renderer.renderStartPage(brandId)
    const html = renderer.buildPrerenderedPage(template, {
      ...page,
      path: renderer.PRERENDERED_PATH,
      inlineStylesheets: stylesheets,
      modulePreloads,
    })
    const file = join(outDir, `${brandId}.html`)
    await writeFile(file, html)
    written.push(file)
    // A deep link's page (docs/decisions/1941): prerendered/<brand>/<path>.html.
    for (const { path, modulePreloads: preloads, screenStylesheets } of deepLinks) {
      const deepPage = await renderer.renderPage(brandId, path)
      const deepHtml = renderer.buildPrerenderedPage(template, {
        ...deepPage,
        path,
        inlineStylesheets: stylesheets,
        screenStylesheets: stylesheets.length > 0 ? screenStylesheets : [],
        modulePreloads: preloads,
      })
      const deepFile = join(outDir, brandId, `${path.slice(1)}.html`)
      await mkdir(dirname(deepFile), { recursive: true })
      await writeFile(deepFile, deepHtml)
      deepWritten.push(deepFile)
    }
  }
  return { written, deepWritten, inlinedCss: stylesheets.length > 0 }
}

/** A .br and a .gz beside each text file, when compressing makes it smaller. */
async function compressDist() {
  const sizes = new Map()
  for (const file of await filesUnder(distDir)) {
    if (!COMPRESSIBLE.test(file) || relative(distDir, file).startsWith('.vite')) continue
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ])
    if (br.length < content.length) await writeFile(`${file}.br`, br)
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz)
    sizes.set(file, { raw: content.length, br: br.length, gz: gz.length })
  }
  return sizes
}

const { written, deepWritten, inlinedCss } = await writePrerenderedPages()
const sizes = await compressDist()
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
const sizeOf = async (file) => sizes.get(file) ?? { raw: (await stat(file)).size, br: 0, gz: 0 }
console.log(
  `pre-rendered / for ${written.length} brands (stylesheets ${inlinedCss ? 'inline' : 'linked'}):`,
)
for (const file of written) {
  const size = await sizeOf(file)
  console.log(
    `  ${relative(webDir, file)}  ${kib(size.raw)}, gzip ${kib(size.gz)}, brotli ${kib(size.br)}`,
  )
}
if (deepWritten.length > 0) {
  const deepSizes = await Promise.all(deepWritten.map(sizeOf))
  const largest = (key) => kib(Math.max(...deepSizes.map((size) => size[key])))
  console.log(
    `pre-rendered ${deepWritten.length / written.length} questions for each brand (${deepWritten.length} pages); ` +
      `largest ${largest('raw')}, gzip ${largest('gz')}, brotli ${largest('br')}`,
  )
}
console.log(`compressed ${sizes.size} text files (.br, .gz)`)
