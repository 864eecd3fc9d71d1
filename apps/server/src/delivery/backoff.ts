// When to try a delivery again, and when to stop. Exponential backoff with full jitter: each wait is drawn
// uniformly between zero and a ceiling that doubles from 30 s up to 6 h, so a lender coming back from an
// outage is not hit by every waiting delivery at the same moment. See decision 0703 for the numbers.

export interface RetryPolicy {
  /** The ceiling of the wait after the first failed attempt. */
  baseDelayMs: number
  /** How much the ceiling grows after each further failure. */
  factor: number
  /** The largest ceiling: no wait is ever longer. */
  maxDelayMs: number
  /** After this many attempts without success the delivery is dead. */
  maxAttempts: number
  /**
   * A 4xx answer that retrying cannot cure (400, 401, 404, 422 …) makes the delivery dead once it has had
   * this many attempts, so a lender fixing its side (or an operator fixing a secret) within minutes still
   * gets the application, but a rejected body does not wait three days to show up in the dead letters.
   */
  maxRejectedAttempts: number
}

const SECOND = 1000
const HOUR = 3600 * SECOND

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  baseDelayMs: 30 * SECOND,
  factor: 2,
  maxDelayMs: 6 * HOUR,
  maxAttempts: 34,
  maxRejectedAttempts: 5,
})

/** The ceiling of the wait after the attempt numbered `attempt` (1 for the first) has failed. */
export function backoffCeilingMs(attempt: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, attempt - 1)
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * policy.factor ** exponent)
}

/** Full jitter: uniform in [0, ceiling). `random` is Math.random's shape, injectable for tests. */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * backoffCeilingMs(attempt, policy))
}

/** From the first attempt to the last: the sum of every wait's ceiling, and its expected value. */
export function retrySpanMs(policy: RetryPolicy): { longest: number; expected: number } {
  let longest = 0
  for (let attempt = 1; attempt < policy.maxAttempts; attempt += 1) {
    longest += backoffCeilingMs(attempt, policy)
  }
  return { longest, expected: longest / 2 }
}

/** What one attempt came to, as far as retrying is concerned. */
export type AttemptResult =
  | { kind: 'delivered'; statusCode: number }
  /** Worth trying again: 408, 425, 429, 5xx, a timeout, a network error, a stop mid-request. */
  | { kind: 'failed'; statusCode: number | null; error: string; retryAfterMs?: number }
  /** A refusal retrying is not expected to cure: any other 4xx, a redirect. */
  | { kind: 'rejected'; statusCode: number | null; error: string }
  /** Nothing can ever be sent: the submission is gone. */
  | { kind: 'undeliverable'; error: string }

const RETRYABLE_CLIENT_ERRORS = new Set([408, 425, 429])

export function classifyStatus(statusCode: number): 'delivered' | 'failed' | 'rejected' {
  if (statusCode >= 200 && statusCode <= 299) return 'delivered'
  if (statusCode >= 500 || RETRYABLE_CLIENT_ERRORS.has(statusCode)) return 'failed'
  return 'rejected'
}

export type NextStep =
  { status: 'delivered' } | { status: 'pending'; nextAttemptAt: Date } | { status: 'dead' }

/** Where a delivery goes after its attempt numbered `attempts` (counting this one) came to `result`. */
export function nextStep(
  result: AttemptResult,
  attempts: number,
  now: Date,
  policy: RetryPolicy,
  random: () => number = Math.random,
): NextStep {
  switch (result.kind) {
    case 'delivered':
      return { status: 'delivered' }
    case 'undeliverable':
      return { status: 'dead' }
    case 'rejected':
      if (attempts >= Math.min(policy.maxRejectedAttempts, policy.maxAttempts)) {
        return { status: 'dead' }
      }
      break
    case 'failed':
      if (attempts >= policy.maxAttempts) return { status: 'dead' }
      break
  }
  let delay = backoffDelayMs(attempts, policy, random)
  // A lender that says when to come back is believed, within the same cap as our own waits.
  if (result.kind === 'failed' && result.retryAfterMs !== undefined) {
    delay = Math.max(delay, Math.min(result.retryAfterMs, policy.maxDelayMs))
  }
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) }
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or not understood. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * SECOND
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now.getTime())
}
