#!/usr/bin/env node
// `npm start` (after the build): the compiled server, and, in development when no lender is configured, the
// lender simulator beside it (apps/lender-sim), so a fresh clone shows the whole loop: an application is
// delivered to the simulated lenders, whose signed decisions come back within seconds. The simulator is left out
// when LENDER_DESTINATIONS or LENDER_DESTINATIONS_FILE names real lenders, when NODE_ENV is production, or with
// LENDER_SIM=off. Both processes stop together; the exit status is the server's.
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env }
const set = (name) => (env[name] ?? '').trim() !== ''
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

const withSimulator =
  !set('LENDER_DESTINATIONS') &&
  !set('LENDER_DESTINATIONS_FILE') &&
  env.NODE_ENV !== 'production' &&
  env.LENDER_SIM !== 'off'

const children = new Set()
let stopping = false
let server

// The server is started through npm, which runs it in a shell of its own: npm does not pass a SIGTERM on to
// that shell's child, so the server runs in a process group of its own and the whole group is stopped.
function start(command, args, childEnv, { group = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: childEnv,
    stdio: 'inherit',
    detached: group,
  })
  child.group = group
  children.add(child)
  child.on('exit', (code, signal) => {
    children.delete(child)
    if (!stopping) stopAll(child === server ? (code ?? (signal ? 1 : 0)) : 1)
    else if (children.size === 0) process.exit(exitCode)
  })
  return child
}

let exitCode = 0
function stopAll(code) {
  stopping = true
  exitCode = code
  if (children.size === 0) process.exit(code)
  for (const child of children) {
    if (child.group) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        child.kill('SIGTERM')
      }
    } else child.kill('SIGTERM')
  }
}
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))

if (withSimulator) {
  const dataDir = resolve(root, env.DATA_DIR?.trim() || 'data')
  const destinationsFile = join(dataDir, 'lender-sim', 'destinations.json')
  rmSync(destinationsFile, { force: true })
  env.LENDER_SIM_PORT ??= String(Number(env.PORT?.trim() || 3000) + 100)
  start(process.execPath, ['--import', 'tsx', 'apps/lender-sim/src/main.ts'], env)
  // The simulator writes the destinations once it listens: the server reads them at start-up.
  const deadline = Date.now() + 30_000
  while (!existsSync(destinationsFile)) {
    if (stopping) await new Promise(() => {})
    if (Date.now() > deadline) {
      console.error(
        'The lender simulator did not start within 30 s; starting the server without lenders.',
      )
      break
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  if (existsSync(destinationsFile)) {
    env.LENDER_DESTINATIONS_FILE = destinationsFile
    console.log(
      'Development: simulated lenders answer every application (apps/lender-sim); set LENDER_DESTINATIONS or LENDER_SIM=off to change that.',
    )
  }
}

server = start(npm, ['run', 'start', '-w', '@forecourt/server'], env, {
  // On Windows a detached child opens a console of its own: there npm's own stop is kept.
  group: process.platform !== 'win32',
})
