// The polling loop both outbox workers run, the lender deliveries' worker (worker.ts) and the email sender
// (email/sender.ts): claim what is due, up to the free slots; work each claimed row in the background; look
// again at once after a full batch, as soon as a slot is free; otherwise wait for the poll interval, a
// nudge or stop. What a claim and an attempt are is the worker's.

export interface ClaimLoopOptions<Row> {
  /** Rows worked at once. */
  concurrency: number
  pollIntervalMs: number
  /** Claims up to `limit` due rows under a lease. */
  claim: (limit: number) => Promise<Row[]>
  /** Works one claimed row; never throws (what happens is recorded on the row, or left to the lease). */
  attempt: (row: Row) => Promise<void>
  /** A poll that failed (the database may be restarting): the next poll tries again. */
  onPollError: (error: unknown) => void
}

export class ClaimLoop<Row> {
  private readonly active = new Set<Promise<void>>()
  private loop: Promise<void> | undefined
  private stopping = false
  private wake: (() => void) | undefined

  constructor(private readonly options: ClaimLoopOptions<Row>) {
    if (options.concurrency < 1) throw new RangeError('concurrency must be 1 or more')
  }

  /** Whether the loop is polling: started and not told to stop. */
  get running(): boolean {
    return this.loop !== undefined && !this.stopping
  }

  /** Starts polling in the background; false when it had already started or been stopped. */
  start(): boolean {
    if (this.loop !== undefined || this.stopping) return false
    this.loop = this.run()
    return true
  }

  /** Looks for due rows now rather than at the next poll. */
  nudge(): void {
    this.wake?.()
  }

  /** Stops claiming; the attempts in flight go on (drain() waits for them). Safe to call twice. */
  async stopClaiming(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.loop
  }

  /** Waits for every attempt in flight. */
  async drain(): Promise<void> {
    while (this.active.size > 0) await Promise.all(this.active)
  }

  /** One round without the background loop: claims up to the concurrency and waits for those attempts. */
  async runOnce(): Promise<number> {
    const claimed = await this.options.claim(this.options.concurrency)
    await Promise.all(claimed.map((row) => this.options.attempt(row)))
    return claimed.length
  }

  private async run(): Promise<void> {
    const { concurrency, pollIntervalMs } = this.options
    while (!this.stopping) {
      const free = concurrency - this.active.size
      let claimed = 0
      if (free > 0) {
        try {
          const rows = await this.options.claim(free)
          claimed = rows.length
          for (const row of rows) this.track(this.options.attempt(row))
        } catch (error) {
          this.options.onPollError(error)
        }
      }
      // A full batch suggests more are due: look again at once, as soon as a slot is free.
      if (free > 0 && claimed === free && this.active.size < concurrency) continue
      await this.pause(free > 0 && claimed === free ? undefined : pollIntervalMs)
    }
  }

  /** Waits for the interval, a finished attempt (when every slot was busy), a nudge or stop. */
  private pause(ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wake = undefined
        resolve()
      }
      const timer = ms === undefined ? undefined : setTimeout(done, ms)
      this.wake = done
    })
  }

  private track(attempt: Promise<void>): void {
    this.active.add(attempt)
    void attempt.finally(() => {
      this.active.delete(attempt)
      // A slot is free: a loop waiting on a full house can claim again.
      if (this.active.size < this.options.concurrency) this.wake?.()
    })
  }
}
