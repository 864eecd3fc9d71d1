// The real server for the front-end benchmarks: production mode, the built front end, a throw-away
// SQLite folder, loopback only. Rate limits are off because every page load and every walk comes
// from one client address, and the benchmark would otherwise measure the limiter's 429s.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Starts `node --import tsx apps/server/src/server.ts` and resolves once `/api/ready` answers 200.
 * @param {{ root: string, port?: number }} options port 0 or omitted: a free port.
 * @returns {Promise<{ port: number, stop: () => Promise<void>, stderr: () => string }>}
 */
export async function startServer({ root, port: wanted = 0 }) {
  const port = wanted === 0 ? await freePort() : wanted
  const dataDir = await mkdtemp(join(tmpdir(), 'forecourt-bench-web-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      FORECOURT_SECRET: randomBytes(48).toString('base64url'),
      FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
      DELIVERY_WORKER: 'off',
      RETENTION_JOB: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)

  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`The server exited at start-up:\n${stderr}`)
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not become ready within 60 s:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { port, stop, stderr: () => stderr }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no free port')),
      )
    })
  })
}
