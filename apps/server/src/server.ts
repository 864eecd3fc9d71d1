// The process entry point: configuration, the app, the socket, and a clean stop. On SIGINT or SIGTERM the
// server stops accepting connections, lets requests in flight finish, then closes the database.

import './runtime-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'

// Long enough for any real request to finish; short enough that an orchestrator's kill never has to come.
const SHUTDOWN_GRACE_MS = 10_000

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function main(): Promise<void> {
  const config = readConfig()
  // Builds, migrates and seeds; the app closes the database it opened when it closes.
  const app = await buildApp(config)
  stopOnSignals(app)
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `Forecourt server listening at ${address}`,
  })
}

function stopOnSignals(app: FastifyInstance): void {
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
