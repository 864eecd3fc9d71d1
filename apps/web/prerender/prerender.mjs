// After `vite build`: writes dist/prerendered/<brand>.html (index.html with the brand's start screen
// already rendered, its theme and its stylesheet inline) and a .br and .gz beside every text file
// of dist, which the server sends as they are (@fastify/static preCompressed). Run by
// `npm run build -w @forecourt/web`, after the renderer's own build (prerender/vite.config.ts).

import { readdir, readFile, mkdir, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
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

/**
 * The start screen's chunk and the chunks it imports, from Vite's manifest (build.manifest) or,
 * without one, from the chunk's own import statements. Empty when neither finds it.
 */
async function startScreenChunks() {
  const manifestFile = join(distDir, '.vite', 'manifest.json')
  const manifest = await readFile(manifestFile, 'utf8').then(JSON.parse, () => null)
  if (manifest) {
    const files = new Set()
    const visit = (key) => {
      const chunk = manifest[key]
      if (!chunk || files.has(`/${chunk.file}`)) return
      files.add(`/${chunk.file}`)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(START_SCREEN_SOURCE)
    return [...files]
  }
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

async function writePrerenderedPages() {
  const renderer = await import(pathToFileURL(rendererEntry).href)
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const stylesheets = await inlineStylesheets(template, renderer.stylesheetHrefs)
  const modulePreloads = await startScreenChunks()
  const outDir = join(distDir, 'prerendered')
  await mkdir(outDir, { recursive: true })
  const written = []
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
  }
  return { written, inlinedCss: stylesheets.length > 0 }
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

const { written, inlinedCss } = await writePrerenderedPages()
const sizes = await compressDist()
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
console.log(
  `pre-rendered / for ${written.length} brands (stylesheets ${inlinedCss ? 'inline' : 'linked'}):`,
)
for (const file of written) {
  const size = sizes.get(file) ?? { raw: (await stat(file)).size, br: 0, gz: 0 }
  console.log(
    `  ${relative(webDir, file)}  ${kib(size.raw)}, gzip ${kib(size.gz)}, brotli ${kib(size.br)}`,
  )
}
console.log(`compressed ${sizes.size} text files (.br, .gz)`)
