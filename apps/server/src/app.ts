// Builds the whole server without listening, so tests drive it in-process through `inject` and server.ts
// only adds the socket and the signals.

import Fastify, { type FastifyInstance } from 'fastify'
import { createAddressProvider } from './address/create-address-provider'
import type { Config, TrustProxy } from './config'
import { createDatabase, type Database } from './db/database'
import { migrateToLatest } from './db/migrate'
import { seedDemoStock } from './db/seed-demo-stock'
import { loggerOptions, PathOnlyLogController, type LogDestination } from './logging'
import {
  createDatabaseAvailability,
  databaseCheck,
  registerDatabaseGate,
} from './plugins/database-availability'
import { registerErrorHandler } from './plugins/error-handler'
import { registerHostCheck } from './plugins/allowed-hosts'
import { registerJsonBodyParser } from './plugins/json-body'
import { registerLoadShedding } from './plugins/load-shedding'
import { registerAntiForgery } from './plugins/anti-forgery'
import { registerCors } from './plugins/cors'
import { openApiRoutes, registerOpenApi } from './plugins/openapi'
import { registerRateLimits } from './plugins/rate-limit'
import { csrfRoutes } from './routes/api/csrf'
import { EventCounter, eventsRoutes } from './routes/api/events'
import { FunnelCounters } from './funnel/funnel-counters'
import { outcomeKey } from './funnel/funnel-events'
import { countDecisionOutcome } from './funnel/decision-outcomes'
import { registerRetentionJob, type Schedule } from './retention/retention-job'
import { auditAnchorKey, registerAuditAnchorJob } from './back-office/audit-anchor'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerStaticFrontEnd } from './plugins/static-front-end'
import { registerWriteStore } from './plugins/write-store'
import { addressRoutes } from './routes/api/address'
import { healthRoutes } from './routes/api/health'
import { ipRoutes } from './routes/api/ip'
import { applicationRoutes } from './routes/api/application'
import { readyRoutes } from './routes/api/ready'
import { stockRoutes } from './routes/api/stock'
import { siteBrand, submissionRoutes } from './routes/api/submission'
import {
  createSearchIndexer,
  ensureSearchIndex,
  registerSearchIndexCheck,
  searchIndexKey,
} from './back-office/search-index'
import { registerBackOfficeHost } from './plugins/back-office-front-end'
import { registerBackOfficeApi } from './routes/api/back-office/back-office-api'
import { evidenceRoutes } from './routes/api/evidence'
import { lenderDecisionRoutes } from './routes/api/lender-decisions'
import { destinationIdsFor } from './delivery/destinations'
import { createDeliveryWorker } from './delivery/worker'
import { setActiveMailConfig } from './email/mail-config'
import { createEmailSender } from './email/sender'
import {
  registerLinkPageHeaders,
  saveAndReturnRoutes,
  siteOrigin,
} from './routes/api/save-and-return'
import { jointConfirmationRoutes } from './routes/api/joint-confirmation'
import { applicationStatusRoutes } from './routes/api/application-status'
import { requestJointConfirmation } from './save-return/joint-confirmation'
import { startJointLinkSweep } from './save-return/joint-link-sweep'
import { sealKeyFor } from './email/sealed-params'

export interface BuildAppOptions {
  /**
   * A database the caller opened, migrated and will close. Without one the app opens its own from the
   * configuration, migrates it, seeds the demo stock, and closes it when the app closes.
   */
  db?: Database
  /** false for silence; a destination to capture the log lines; by default JSON lines on stdout. */
  logger?: false | { stream: LogDestination }
  /** Back-office tests: their own clock, and no wait after a failed sign-in. */
  backOffice?: { now?: () => Date; failureDelayBaseMs?: number }
}

// An application is a few kilobytes of JSON; anything near this size is not one.
export const BODY_LIMIT_BYTES = 64 * 1024
/** How often the HTTP server looks for requests past their deadline. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1000

export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false ? false : loggerOptions(config.logLevel, options.logger?.stream),
    logController: new PathOnlyLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Deadlines on the headers and the whole request (body included): Node answers 408 and closes the
    // connection, checked every second rather than every 30 s (decision 1571).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
  })

  const database = options.db ?? (await openOwnDatabase(app, config))
  // Every submission and partial save goes through this one store, chosen here for the engine in use
  // (decision 1861). It closes before the database, so the writes in flight finish first.
  const writeStore = registerWriteStore(app, database, {
    dataKeys: config.dataKeys,
    destinationIds: (brand) => destinationIdsFor(config.lenderDestinations, brand),
  })
  app.addHook('onClose', async () => {
    await writeStore.close()
    if (options.db === undefined) await database.close()
  })

  // Load shedding and database outages (decisions 1431, 1432)
  const availability = createDatabaseAvailability({
    check: databaseCheck(database.db, database.dialect),
    log: app.log,
  })
  registerErrorHandler(app, { unavailable: (error) => availability.report(error) })
  await registerSecurityHeaders(app)
  // Hosts we do not serve are refused before anything else (decision 1572).
  registerHostCheck(app, { ...config.hosts, corsOrigins: config.corsOrigins })
  // The first hooks that can refuse a request, so a refusal costs as little as possible.
  registerLoadShedding(app, { ...config.loadShedding, backOfficeHost: config.backOffice.host })
  registerDatabaseGate(app, availability, { writeTimeoutMs: config.databaseWriteTimeoutMs })
  // Malformed input: no JSON body nested deeper than an application can be (decision 1433).
  registerJsonBodyParser(app)
  // Security: before every route, so their onRoute hooks see them all
  await registerOpenApi(app)
  await registerCors(app, config)
  await registerRateLimits(app, config)
  await registerAntiForgery(app, config)
  // The back-office host answers its own app and API only (decision 1601); after the cookie parser,
  // before every route.
  registerBackOfficeHost(app, config)
  const eventCounter = new EventCounter()
  app.decorate('eventCounter', eventCounter)
  // The funnel's counters (decision 2112): written together a moment after they arrive, through the write
  // store (on SQLite in its batches, sharing their disk sync), the last on close, before the store closes.
  const funnelCounters = new FunnelCounters((counts) => writeStore.addFunnelCounts(counts))
  app.addHook('preClose', async () => funnelCounters.close())
  const funnel = { counters: funnelCounters, vocabulary: config.funnel, brandOf: siteBrand }
  if (config.retention.job) {
    registerRetentionJob(app, { db: database.db, policy: config.retention })
  }
  // The audit log's head, anchored outside the database every hour (decision 2123).
  if (config.auditAnchorFile !== undefined) {
    registerAuditAnchorJob(app, {
      db: database.db,
      file: config.auditAnchorFile,
      key: auditAnchorKey(config),
    })
  }
  // Back office: the search index is brought up to its key before any write (decision 1605)
  const indexKey = searchIndexKey(config.backOffice.indexKey, config.dataKeys)
  registerSearchIndexCheck(app, () => ensureSearchIndex(database.db, indexKey, config.dataKeys))
  const searchIndexer = createSearchIndexer(indexKey)
  // Link emails: their tokens sealed in the outbox (decision 1951), and the sender in this process, if it
  // runs here, told at once that one is waiting.
  const sealKey = sealKeyFor(config)
  const sender = config.deliveryWorker
    ? createEmailSender(config, database, app.log.child({ component: 'email' }))
    : undefined
  const emailQueued = () => sender?.nudge()
  const jointLinkDeps = { db: database.db, sealKey, onEmailQueued: emailQueued, hashKey: indexKey }
  await app.register(async (api) => {
    // API answers are per request and will carry personal data: no browser or proxy may keep them.
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })
    await api.register(healthRoutes)
    await api.register(readyRoutes, { availability, load: app.loadGauge })
    await api.register(ipRoutes)
    await api.register(stockRoutes, { db: database.db })
    // Security: anti-forgery token, OpenAPI document, telemetry sink
    await api.register(csrfRoutes)
    await api.register(openApiRoutes)
    await api.register(eventsRoutes, { counter: eventCounter, funnel })
    // Address lookup
    await api.register(addressRoutes, { provider: createAddressProvider(config, app.log) })
    // Submissions and partial saves
    // The joint applicant's own link is queued once their application is stored (decision 1823), sealed
    // like every link's email (decision 1951); the sweep issues it if this step fails or never runs
    // (decision 1991).
    await api.register(submissionRoutes, {
      db: database.db,
      dataKeys: config.dataKeys,
      searchIndexer,
      afterStored: async (request, stored) => {
        const submitted = {
          ...stored,
          submittedAt: stored.now,
          attribution: stored.payload.Attribution,
        }
        // Counted with the next batch of the funnel's counters; the joint link does not wait for it.
        void funnelCounters
          .add(outcomeKey('submitted', submitted, config.funnel))
          .catch((error: unknown) => request.log.warn({ err: error }, 'funnel count not written'))
        if (stored.payload.isJointApplication !== true) return
        await requestJointConfirmation(jointLinkDeps, siteOrigin(request), stored)
      },
    })
    await api.register(applicationRoutes, {
      searchIndexer,
      partialSavesPerHour: config.rateLimit.partialSavesPerHour,
    })
    await registerBackOfficeApi(api, {
      db: database.db,
      config,
      searchIndexKey: indexKey,
      dialect: database.dialect,
      mailFolder: config.mail.transport === 'file' ? config.mail.folder : undefined,
      now: options.backOffice?.now,
      failureDelayBaseMs: options.backOffice?.failureDelayBaseMs,
    })
    // What the applicant was shown and agreed to (decision 1654)
    await api.register(evidenceRoutes, { db: database.db })
    // Save and come back later (decision 1821)
    await api.register(saveAndReturnRoutes, {
      db: database.db,
      dataKeys: config.dataKeys,
      hashKey: indexKey,
      sealKey,
      onEmailQueued: emailQueued,
      searchIndexer,
    })
    // The applicant's own page: each lender's answer and offer, and their choice (decision 2113)
    await api.register(applicationStatusRoutes, {
      db: database.db,
      dataKeys: config.dataKeys,
      hashKey: indexKey,
      sealKey,
      onEmailQueued: emailQueued,
    })
    // The joint applicant confirms their own part, and may ask for a new link (decisions 1823, 1921)
    await api.register(jointConfirmationRoutes, {
      db: database.db,
      dataKeys: config.dataKeys,
      sealKey,
      onEmailQueued: emailQueued,
      hashKey: indexKey,
    })
    // Lenders' decisions, signed like our deliveries (decision 1656)
    await api.register(lenderDecisionRoutes, {
      db: database.db,
      dataKeys: config.dataKeys,
      destinations: () => config.lenderDestinations,
      afterStored: (application, decision) =>
        countDecisionOutcome(
          { db: database.db, counters: funnelCounters, vocabulary: config.funnel },
          application,
          decision,
        ),
    })
  })
  registerLinkPageHeaders(app)
  await registerStaticFrontEnd(app, config)
  // Lender delivery: the worker unless DELIVERY_WORKER=off (the outbox rows are the write store's)
  if (config.deliveryWorker) {
    const worker = createDeliveryWorker(config, database, app.log.child({ component: 'delivery' }))
    // Starts once the app is ready (listening, or a test's first inject); preClose runs before the
    // onClose hook that closes the database, so attempts in flight can still record their results.
    app.addHook('onReady', async () => worker.start())
    app.addHook('preClose', async () => worker.stop())
  }
  // Emails: which brands have a broker inbox (for the outbox), and the sender beside the delivery worker
  setActiveMailConfig(config.mail)
  if (sender !== undefined) {
    app.addHook('onReady', async () => sender.start())
    app.addHook('preClose', async () => sender.stop())
    // Beside the sender, the joint applicants' links the submission's own step did not issue (decision
    // 1991), on the brand's configured site: at start-up, then every minute.
    let sweep: Schedule | undefined
    app.addHook('onReady', async () => {
      sweep = startJointLinkSweep({
        ...jointLinkDeps,
        dataKeys: config.dataKeys,
        siteOrigin: (brand) => config.siteOrigins[brand],
        logger: app.log.child({ component: 'joint-link-sweep' }),
      })
    })
    app.addHook('preClose', async () => sweep?.stop())
  }

  return app
}

async function openOwnDatabase(app: FastifyInstance, config: Config): Promise<Database> {
  const database = createDatabase(config, {
    onBackgroundError: (error) => app.log.warn({ err: error }, 'database connection error'),
  })
  try {
    const { applied } = await migrateToLatest(database)
    if (applied.length > 0) app.log.info({ applied }, 'database migrated')
    await seedDemoStock(database.db)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/**
 * Fastify 5.12 treats a number as "trust nothing" (it cannot check who the nearest hop is). A hop count is
 * still what an operator behind a fixed chain of proxies means, so it becomes the trust function Express
 * uses: believe the nearest N addresses, counting from the socket.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy
  const hops = trustProxy
  return (_address, hop) => hop < hops
}
