// The funnel's only record (decision 2112): counters by London day, brand, source, campaign, step, kind of
// event and, for a validation error, the message's key. No application key, address, agent or value typed
// is ever written here. Events arriving together are added up in memory and handed to the write store a
// moment later (an upsert per distinct counter), so a burst of events costs a handful of statements; each
// request that asked to wait is answered once its count is on disk. On SQLite the counts join the write
// store's next batch (the writer thread's transaction and disk sync, shared with the submissions and
// partial saves), so the event loop never waits for a sync of theirs; on PostgreSQL they are one
// transaction of their own. Several instances add to the same rows: the upsert adds, it never overwrites.

import type { FunnelCountRow } from '../repositories/funnel-count-repository'

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

const keyOf = (key: FunnelKey) =>
  [key.day, key.brand, key.source, key.campaign, key.step, key.kind, key.messageKey].join('\u0000')

export interface FunnelCountersOptions {
  /** How long counts gather before they are written together. */
  flushDelayMs?: number
  onError?: (error: unknown) => void
}

/** Writes counts in one commit (the write store's addFunnelCounts). */
export type WriteFunnelCounts = (counts: readonly FunnelCountRow[]) => Promise<void>

export class FunnelCounters {
  private pending = new Map<string, { key: FunnelKey; count: number }>()
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private readonly flushDelayMs: number

  constructor(
    private readonly write: WriteFunnelCounts,
    private readonly options: FunnelCountersOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 100
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

  /** Writes what has gathered; one write at a time, in order. */
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
      try {
        await this.write(
          batch.map(({ key, count }) => ({
            day: key.day,
            brand: key.brand,
            source: key.source,
            campaign: key.campaign,
            step: key.step,
            kind: key.kind,
            message_key: key.messageKey,
            count,
          })),
        )
        for (const waiter of waiting) waiter.resolve()
      } catch (error) {
        // Not written: these counts are lost (the applications are not affected), and their requests
        // are told.
        this.options.onError?.(error)
        for (const waiter of waiting) waiter.reject(error)
      }
    })
    return this.flushing
  }

  /** Writes anything still gathered, for a clean stop (before the write store closes). */
  async close(): Promise<void> {
    await this.flush()
  }
}
