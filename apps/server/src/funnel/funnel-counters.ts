// The funnel's only record (decision 2112): counters by London day, brand, source, campaign, step, kind of
// event and, for a validation error, the message's key. No application key, address, agent or value typed
// is ever written here. Events arriving together are added up in memory and written in one transaction a
// moment later (an upsert per distinct counter), so a burst of events costs a handful of statements; each
// request that asked to wait is answered once its count is on disk. Several instances add to the same rows:
// the upsert adds, it never overwrites.

import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import type { Database } from '../db/database'
import { openSqliteConnection } from '../db/sqlite-connection'

export const FUNNEL_KINDS = [
  'started',
  'viewed',
  'continued',
  'completed',
  'step-error',
  'validation-error',
  'submission-error',
  'load-error',
  'submitted',
  'offer',
  'paid-out',
] as const

export type FunnelKind = (typeof FUNNEL_KINDS)[number]

export interface FunnelKey {
  /** YYYY-MM-DD on a London clock. */
  day: string
  brand: string
  source: string
  campaign: string
  /** A journey step id, '(none)' for events outside a step. */
  step: string
  kind: FunnelKind
  /** A message key for validation errors, '' otherwise. */
  messageKey: string
}

const RETRY_MS = 250

const keyOf = (key: FunnelKey) =>
  [key.day, key.brand, key.source, key.campaign, key.step, key.kind, key.messageKey].join('\u0000')

export interface FunnelCountersOptions {
  /** How long counts gather before they are written together. */
  flushDelayMs?: number
  onError?: (error: unknown) => void
}

const UPSERT_SQLITE = `insert into funnel_counters (day, brand, source, campaign, step, kind, message_key, count)
  values (?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (day, brand, source, campaign, step, kind, message_key)
  do update set count = funnel_counters.count + excluded.count`

/** SQLite's answer when another connection holds the write lock. */
const isBusy = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')

export class FunnelCounters {
  private pending = new Map<string, { key: FunnelKey; count: number }>()
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private readonly flushDelayMs: number

  /**
   * On SQLite the counters have a connection of their own that never waits for the write lock: a
   * synchronous wait would hold the event loop (the submissions' writer thread exists for that reason).
   * When the lock is taken the batch stays in memory and is tried again a moment later.
   */
  private readonly sqlite: BetterSqlite3.Database | undefined

  constructor(
    private readonly database: Database,
    private readonly options: FunnelCountersOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 100
    if (database.sqlite !== undefined) {
      this.sqlite = openSqliteConnection(database.sqlite.file)
      this.sqlite.pragma('busy_timeout = 0')
    }
  }

  /** Adds one to a counter. The promise settles when the count is written (or its write failed). */
  add(key: FunnelKey, count = 1): Promise<void> {
    const id = keyOf(key)
    const entry = this.pending.get(id)
    if (entry === undefined) this.pending.set(id, { key, count })
    else entry.count += count
    const written = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }))
    this.timer ??= setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, this.flushDelayMs)
    return written
  }

  /** Writes what has gathered; one writer at a time, in order. */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    const batch = [...this.pending.values()]
    const waiting = this.waiting
    this.pending = new Map()
    this.waiting = []
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) {
        for (const waiter of waiting) waiter.resolve()
        return
      }
      try {
        if (this.sqlite !== undefined) {
          const upsert = this.sqlite.prepare(UPSERT_SQLITE)
          this.sqlite.transaction(() => {
            for (const { key, count } of batch) {
              upsert.run(
                key.day,
                key.brand,
                key.source,
                key.campaign,
                key.step,
                key.kind,
                key.messageKey,
                count,
              )
            }
          })()
          for (const waiter of waiting) waiter.resolve()
          return
        }
        await this.database.db.transaction().execute(async (trx) => {
          for (const { key, count } of batch) {
            await trx
              .insertInto('funnel_counters')
              .values({
                day: key.day,
                brand: key.brand,
                source: key.source,
                campaign: key.campaign,
                step: key.step,
                kind: key.kind,
                message_key: key.messageKey,
                count,
              })
              .onConflict((conflict) =>
                conflict
                  .columns(['day', 'brand', 'source', 'campaign', 'step', 'kind', 'message_key'])
                  .doUpdateSet({ count: sql<number>`funnel_counters.count + excluded.count` }),
              )
              .execute()
          }
        })
        for (const waiter of waiting) waiter.resolve()
      } catch (error) {
        if (isBusy(error) && !this.closed) {
          // Put the batch back and try again shortly; its requests go on waiting for it.
          for (const { key, count } of batch) {
            const id = keyOf(key)
            const entry = this.pending.get(id)
            if (entry === undefined) this.pending.set(id, { key, count })
            else entry.count += count
          }
          this.waiting.push(...waiting)
          this.timer ??= setTimeout(() => {
            this.timer = undefined
            void this.flush()
          }, RETRY_MS)
          return
        }
        this.options.onError?.(error)
        for (const waiter of waiting) waiter.reject(error)
      }
    })
    return this.flushing
  }

  /** Writes anything still gathered, for a clean stop. */
  async close(): Promise<void> {
    // Closing: a batch the lock refuses now is not tried again (its requests are answered as failed).
    this.closed = true
    await this.flush()
    this.sqlite?.close()
  }

  private closed = false
}
