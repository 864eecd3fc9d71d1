// The first load of `/` as a browser gets it: the real server on a free loopback port (compiled, started
// as `npm start` starts it; production mode, a throw-away SQLite folder) and Chromium opening each brand host with a fresh cache, making
// no input, until the network has been idle for 500 ms after the page's own idle work
// (network-quiet.mjs). Every request and every script is recorded.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { tsImport } from 'tsx/esm/api'
import { gzipSize } from './bundle.mjs'
import { settle, trackRequests } from './network-quiet.mjs'
import { LOCAL_ALLOWED_HOSTS } from '../local-brand-hosts.mjs'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const START_TIMEOUT_MS = 60_000

// A server still running when this process ends (an error, a signal) goes with it.
const running = new Set()
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts apps/server on 127.0.0.1 and resolves once it answers; `stop()` ends it and its data. `env`
 * adds to or overrides the settings below.
 */
export async function startServer(repositoryRoot, distDir, { env = {} } = {}) {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'forecourt-size-'))
  const { productionArgs } = await tsImport(
    join(repositoryRoot, 'apps/server/src/production-start.ts'),
    import.meta.url,
  )
  const child = spawn(process.execPath, productionArgs('server'), {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      NODE_ENV: 'production',
      FORECOURT_SECRET: randomBytes(48).toString('base64'),
      FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
      // Production serves only its configured hosts: here each brand's *.localhost name.
      ALLOWED_HOSTS: LOCAL_ALLOWED_HOSTS,
      // Emails are queued with each submission; with the worker off none is sent or written.
      MAIL_TRANSPORT: 'file',
      LOG_LEVEL: 'warn',
      DELIVERY_WORKER: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`The server exited at start-up:\n${stderr}`)
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { port, stop }
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  })
}

const isJavaScript = (contentType) => /\b(java|ecma)script\b/i.test(contentType ?? '')

/**
 * Opens `http://<host>:<port>/` with an empty cache and no input. Returns the scripts loaded (gzip
 * size of each body), the CSS, the first HTML response as sent, and every request's origin.
 */
export async function measureFirstLoad(browser, host, port) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const origin = `http://${host}:${port}`
    const tracker = trackRequests(context)
    const requests = []
    const bodies = []
    context.on('request', (request) => requests.push(request.url()))
    context.on('response', (response) => {
      const type = response.headers()['content-type'] ?? ''
      const kind = isJavaScript(type) ? 'js' : /\btext\/css\b/i.test(type) ? 'css' : undefined
      if (kind === undefined || response.status() !== 200) return
      bodies.push(
        response.body().then(
          (body) => ({ kind, url: response.url(), gzip: gzipSize(body) }),
          () => ({ kind, url: response.url(), gzip: undefined }),
        ),
      )
    })
    const document = await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    if (document === null) throw new Error(`${origin}/ gave no response`)
    if (document.status() !== 200) throw new Error(`${origin}/ answered ${document.status()}`)
    // Idle for 500 ms by the network alone can come before the page's own idle work on a busy machine.
    await settle(page, tracker, { quietMs: 500, timeoutMs: 30_000 })
    const sizes = await document.request().sizes()
    const html = await document.body()
    const headers = document.headers()
    const loaded = await Promise.all(bodies)
    const unread = loaded.filter((each) => each.gzip === undefined).map((each) => each.url)
    if (unread.length > 0) throw new Error(`Could not read ${unread.join(', ')}`)
    // One figure per address: a module preloaded and then imported is one download.
    const unique = (kind) => [
      ...new Map(
        loaded.filter((each) => each.kind === kind).map((each) => [each.url, each]),
      ).values(),
    ]
    const scripts = unique('js')
    const styles = unique('css')
    const foreign = requests.filter((url) => {
      if (url.startsWith('data:') || url.startsWith('blob:')) return false
      return new URL(url).origin !== origin
    })
    // A pre-rendered page carries its first styles inline.
    const inlineCss = [...html.toString('utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
      .map((match) => match[1])
      .join('\n')
    return {
      host,
      scripts,
      jsGzip: scripts.reduce((sum, each) => sum + each.gzip, 0),
      css: {
        files: styles.length,
        filesGzip: styles.reduce((sum, each) => sum + each.gzip, 0),
        inlineGzip: inlineCss === '' ? 0 : gzipSize(inlineCss),
      },
      html: {
        transfer: sizes.responseHeadersSize + sizes.responseBodySize,
        body: sizes.responseBodySize,
        encoding: headers['content-encoding'] ?? 'none',
        raw: html.length,
        gzip: gzipSize(html),
      },
      requests: requests.length,
      foreign,
    }
  } finally {
    await context.close()
  }
}
