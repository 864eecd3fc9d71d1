// The baseline of the first-load bar: React and react-dom alone, rendering one element with
// createRoot, built by Vite with the web app's own plugins and build settings (its vite.config.ts).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build, loadConfigFromFile } from 'vite'
import { gzipSize } from './bundle.mjs'

const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head><meta charset="utf-8" /><title>Bare React</title></head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`

const MAIN = `import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')).render(<p>Hello</p>)
`

/**
 * Builds the bare page in a temporary folder inside apps/web (so react resolves exactly as it does
 * for the app), removes the folder, and returns the gzip size of all its JavaScript.
 */
export async function bareReactGzip(webDir) {
  const { config } = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    join(webDir, 'vite.config.ts'),
    webDir,
    'silent',
  )
  const root = join(webDir, 'node_modules', '.cache', `size-budget-bare-${process.pid}`)
  await mkdir(root, { recursive: true })
  try {
    await writeFile(join(root, 'index.html'), INDEX_HTML)
    await writeFile(join(root, 'main.jsx'), MAIN)
    const { outDir: _outDir, manifest: _manifest, ...buildSettings } = config.build ?? {}
    const result = await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: config.plugins,
      build: { ...buildSettings, write: false },
    })
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) => each.output)
    const chunks = outputs.filter((output) => output.type === 'chunk')
    return {
      files: chunks.length,
      gzip: chunks.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0),
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
