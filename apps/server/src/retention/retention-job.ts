// Runs the retention deletion inside the server: once when the server is ready, then every hour. The
// timer never keeps the process alive, and closing the server stops it and waits for a run in progress
// before the database closes. With several API instances each runs it; the deletes are idempotent.

import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { deletedAnything, deleteExpired, type RetentionPolicy } from './delete-expired'

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000

export interface Schedule {
  /** No further runs; resolves when a run in progress has finished. */
  stop(): Promise<void>
}

/**
 * Calls `run` after `firstDelayMs`, then `intervalMs` after each run ends (runs never overlap). The
 * timer is unref'd, so it never keeps the process alive.
 */
export function startSchedule(
  run: () => Promise<void>,
  options: { intervalMs: number; firstDelayMs?: number },
): Schedule {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  const tick = () => {
    running = run()
      .catch(() => {
        // `run` reports its own failures; the schedule carries on.
      })
      .finally(() => {
        running = undefined
        if (!stopped) plan(options.intervalMs)
      })
  }
  const plan = (delay: number) => {
    timer = setTimeout(tick, delay)
    timer.unref()
  }
  plan(options.firstDelayMs ?? 0)

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

export interface RetentionJobOptions {
  db: Kysely<Tables>
  policy: RetentionPolicy
  intervalMs?: number
  /** The clock; tests pass their own. */
  now?: () => Date
}

/** Starts the schedule when the app is ready and stops it before the app (and its database) closes. */
export function registerRetentionJob(app: FastifyInstance, options: RetentionJobOptions): void {
  const { db, policy, intervalMs = RETENTION_INTERVAL_MS, now = () => new Date() } = options
  let schedule: Schedule | undefined

  const run = async () => {
    const started = Date.now()
    try {
      const deleted = await deleteExpired(db, policy, now())
      // Counts only: which applications went is nobody's business once they are gone.
      if (deletedAnything(deleted)) {
        app.log.info({ deleted, ms: Date.now() - started }, 'retention deleted expired rows')
      }
    } catch (error) {
      app.log.error({ err: error }, 'retention run failed')
    }
  }

  app.addHook('onReady', async () => {
    schedule = startSchedule(run, { intervalMs })
  })
  app.addHook('preClose', async () => {
    await schedule?.stop()
  })
}
