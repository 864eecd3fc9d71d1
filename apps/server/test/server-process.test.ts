// The entry point as an operator runs it: a real process, started the way `npm start` starts it (the
// compiled apps/server/dist/server.js on plain Node, from apps/server), stopped by a signal.

import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { productionArgs } from '../src/production-start'
import { temporaryFolder } from './test-databases'

const SERVER_FOLDER = fileURLToPath(new URL('..', import.meta.url))

interface Run {
  exitCode: Promise<number | null>
  output: () => { stdout: string; stderr: string }
  signal: (name: NodeJS.Signals) => void
  waitFor: (pattern: RegExp) => Promise<string>
}

function runServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, productionArgs('server'), {
    cwd: SERVER_FOLDER,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return {
    exitCode,
    output: () => ({ stdout, stderr }),
    signal: (name) => child.kill(name),
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout)
          if (match) resolve(match[0])
          else if (child.exitCode !== null) reject(new Error(`exited early:\n${stdout}\n${stderr}`))
          else setTimeout(check, 50)
        }
        check()
      }),
  }
}

test('a bad environment stops the start with every problem listed and exit code 1', async () => {
  const run = runServer({ PORT: 'eighty', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' })
  expect(await run.exitCode).toBe(1)
  expect(run.output().stderr).toBe(
    [
      'Invalid configuration:',
      '- PORT must be a whole number from 0 to 65535 (got "eighty")',
      '- LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '- TRUST_PROXY must be false, a number of proxies, or a comma-separated list of their addresses or CIDR ranges (not understood: "maybe")',
      '',
    ].join('\n'),
  )
}, 20_000)

test('the server starts, answers, and on SIGTERM stops cleanly with exit code 0', async () => {
  const dataDir = await temporaryFolder()
  try {
    const run = runServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    })
    const url = (await run.waitFor(/Forecourt server listening at (http:\/\/[^"]+)/)).replace(
      'Forecourt server listening at ',
      '',
    )
    const response = await fetch(`${url}/api/stock/demo-car-1`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { make: string }).make).toBe('Ford')
    run.signal('SIGTERM')
    expect(await run.exitCode).toBe(0)
    expect(run.output().stdout).toContain('"msg":"shutting down"')
    await expect(fetch(`${url}/api/health`)).rejects.toThrow()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}, 20_000)
