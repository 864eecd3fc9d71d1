// The compiled server on a fresh PostgreSQL schema for the journeys of this runner (decision 1931). This
// set-up starts the server itself rather than through `webServer`: Playwright starts its web servers before
// the global set-up and stops them after the global teardown, while the schema must exist before the server
// migrates it and can only be dropped once the server has let go of it. So: the schema, the server, the
// tests; then the server stopped, the schema dropped, and its absence checked.
// Without PostgreSQL every test of the runner is skipped, with a loud warning.
import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { productionArgs } from '../../apps/server/src/production-start'
import { dropSchema, type FreshSchema } from '../../apps/server/test/postgres-schema'
import { E2E_PORT } from '../support/env'
import { SAVE_RETURN_ENV } from '../save-return/support/server-env'
import { createSchema, postgresProblem, schemaExists, skipWarning } from './support/postgres'

const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const READY_URL = `http://127.0.0.1:${E2E_PORT}/api/ready`

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const problem = await postgresProblem()
  if (problem !== undefined) {
    const line = '⚠'.repeat(40)
    console.warn(`\n${line}\n${skipWarning(problem)}\n${line}\n`)
    // Read by the specs (e2e/support/evidence-rows.ts): the workers start after this and inherit it.
    process.env.E2E_POSTGRES_SKIPPED = problem
    return undefined
  }
  const baseUrl = process.env.TEST_DATABASE_URL!
  const dataDir = process.env.E2E_DATA_DIR!
  const fresh = await createSchema(baseUrl)
  let server: ChildProcess | undefined
  const teardown = async () => {
    if (server !== undefined) await stop(server)
    await dropSchema(baseUrl, fresh.schema)
    await rm(dataDir, { recursive: true, force: true })
    if (await schemaExists(baseUrl, fresh.schema)) {
      throw new Error(`The PostgreSQL schema ${fresh.schema} is still there after the run`)
    }
    console.log(`PostgreSQL schema ${fresh.schema} dropped`)
  }
  try {
    server = await startServer(fresh)
  } catch (error) {
    await teardown()
    throw error
  }
  process.env.E2E_DATABASE_URL = fresh.url
  return teardown
}

async function startServer(fresh: FreshSchema): Promise<ChildProcess> {
  const child = spawn(process.execPath, productionArgs('server'), {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, ...SAVE_RETURN_ENV(), DATABASE_URL: fresh.url },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // Its warnings and errors show in the run's output, as the other runners' web servers' do.
  child.stderr?.pipe(process.stderr)
  // A run that ends abruptly takes the server with it.
  process.once('exit', () => child.kill('SIGKILL'))
  const deadline = Date.now() + 60_000
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The end-to-end server exited at start-up (${child.exitCode ?? child.signalCode})`,
      )
    }
    try {
      const response = await fetch(READY_URL, { signal: AbortSignal.timeout(5000) })
      if (response.ok) return child
      last = `GET /api/ready answered ${response.status}`
    } catch (error) {
      last = error instanceof Error ? String(error.cause ?? error.message) : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop(child)
  throw new Error(`The end-to-end server was not ready within 60 s (last: ${last})`)
}

/** SIGTERM (the server closes its connections), SIGKILL after 15 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
