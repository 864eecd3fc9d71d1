// `npm run worker`: the delivery worker and the email sender (with the sweep for the joint applicants'
// links, decision 1991) alone, against the configured database. Run one or more beside servers started
// with DELIVERY_WORKER=off (or beside servers that run their own: on PostgreSQL they all share the rows
// safely). SIGINT or SIGTERM stops claiming, lets attempts in flight finish, then closes the database.

import './runtime-check'
import Fastify from 'fastify'
import { ConfigError, loadConfig, type Config } from './config'
import { createDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { createDeliveryWorker } from './delivery/worker'
import { setActiveMailConfig } from './email/mail-config'
import { createEmailSender } from './email/sender'
import { sealKeyFor } from './email/sealed-params'
import { searchIndexKey } from './back-office/search-index'
import { startJointLinkSweep } from './save-return/joint-link-sweep'
import { loggerOptions } from './logging'

// The worker's own stop grace is 5 s, and an attempt answers or times out within 10 s: this is the
// backstop for a stop that hangs anyway.
const SHUTDOWN_GRACE_MS = 20_000

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
  // Fastify's logger without a server: the same JSON lines, serializers and redaction as the API's.
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log.child({
    component: 'delivery',
  })
  const database = createDatabase(config, {
    onBackgroundError: (error) => log.warn({ err: error }, 'database connection error'),
  })
  try {
    const { applied } = await migrateToLatest(database)
    if (applied.length > 0) log.info({ applied }, 'database migrated')
  } catch (error) {
    await database.close()
    throw error
  }
  const brands = Object.keys(config.lenderDestinations)
  if (brands.length === 0) {
    log.warn('no LENDER_DESTINATIONS configured: deliveries wait until they are')
  }
  const worker = createDeliveryWorker(config, database, log)
  worker.start()
  // The email outbox is sent from the same process (decision 1652).
  setActiveMailConfig(config.mail)
  const sender = createEmailSender(config, database, log.child({ component: 'email' }))
  sender.start()
  // Beside the sender, as in the server: the joint applicants' links a submission's own step did not
  // issue (decision 1991).
  const sweep = startJointLinkSweep({
    db: database.db,
    dataKeys: config.dataKeys,
    sealKey: sealKeyFor(config),
    hashKey: searchIndexKey(config.backOffice.indexKey, config.dataKeys),
    onEmailQueued: () => sender.nudge(),
    siteOrigin: (brand) => config.siteOrigins[brand],
    logger: log.child({ component: 'joint-link-sweep' }),
  })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    Promise.all([worker.stop(), sender.stop(), sweep.stop()])
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed')
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
