import { expect, test } from 'vitest'
import {
  backoffCeilingMs,
  backoffDelayMs,
  classifyStatus,
  DEFAULT_RETRY_POLICY,
  nextStep,
  parseRetryAfter,
  retrySpanMs,
  type AttemptResult,
  type RetryPolicy,
} from '../src/delivery/backoff'
import { seededRandom } from './fake-lender'

const policy = DEFAULT_RETRY_POLICY
const now = new Date('2026-11-22T10:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE

test.each([
  [1, 30_000],
  [2, 60_000],
  [3, 2 * MINUTE],
  [4, 4 * MINUTE],
  [5, 8 * MINUTE],
  [10, 256 * MINUTE],
  [11, 6 * HOUR],
  [33, 6 * HOUR],
])('after failed attempt %i the wait is at most %i ms', (attempt, ceiling) => {
  expect(backoffCeilingMs(attempt, policy)).toBe(ceiling)
})

test('the waits are jittered over the whole range up to the ceiling, never beyond', () => {
  const random = seededRandom(42)
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const ceiling = backoffCeilingMs(attempt, policy)
    const delays = Array.from({ length: 200 }, () => backoffDelayMs(attempt, policy, random))
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...delays)).toBeLessThan(ceiling)
    // Full jitter: the draws spread over the range, not bunched at one end.
    expect(Math.min(...delays)).toBeLessThan(ceiling * 0.1)
    expect(Math.max(...delays)).toBeGreaterThan(ceiling * 0.9)
  }
  expect(backoffDelayMs(3, policy, () => 0)).toBe(0)
  expect(backoffDelayMs(3, policy, () => 0.5)).toBe(MINUTE)
})

test('the median wait grows with each failure until the cap', () => {
  const random = seededRandom(7)
  const median = (attempt: number) => {
    const delays = Array.from({ length: 401 }, () => backoffDelayMs(attempt, policy, random))
    return delays.sort((a, b) => a - b)[200]!
  }
  const medians = [1, 2, 3, 4, 5, 6, 7, 8].map(median)
  medians.slice(1).forEach((value, index) => expect(value).toBeGreaterThan(medians[index]!))
})

test('the default policy retries for about three days before giving up', () => {
  const { expected, longest } = retrySpanMs(policy)
  expect(expected / HOUR).toBeCloseTo(73.3, 1)
  expect(longest / HOUR).toBeCloseTo(146.5, 1)
  // A simulated run of waits lands within a day of three days.
  const random = seededRandom(3)
  let total = 0
  for (let attempt = 1; attempt < policy.maxAttempts; attempt += 1) {
    total += backoffDelayMs(attempt, policy, random)
  }
  expect(total / HOUR).toBeGreaterThan(48)
  expect(total / HOUR).toBeLessThan(96)
})

test.each([
  [200, 'delivered'],
  [202, 'delivered'],
  [204, 'delivered'],
  [301, 'rejected'],
  [400, 'rejected'],
  [401, 'rejected'],
  [404, 'rejected'],
  [409, 'rejected'],
  [422, 'rejected'],
  [408, 'failed'],
  [425, 'failed'],
  [429, 'failed'],
  [500, 'failed'],
  [502, 'failed'],
  [503, 'failed'],
] as const)('an answer %i counts as %s', (status, kind) => {
  expect(classifyStatus(status)).toBe(kind)
})

const failed: AttemptResult = { kind: 'failed', statusCode: 500, error: 'HTTP 500' }
const rejected: AttemptResult = { kind: 'rejected', statusCode: 400, error: 'HTTP 400' }
const half = () => 0.5

test.each<[string, AttemptResult, number, string]>([
  ['a 2xx', { kind: 'delivered', statusCode: 200 }, 1, 'delivered'],
  ['a failure on the first attempt', failed, 1, 'pending +15000'],
  ['a failure on attempt 33 of 34', failed, 33, 'pending +10800000'],
  ['a failure on the last attempt', failed, 34, 'dead'],
  ['a refusal on the first attempt', rejected, 1, 'pending +15000'],
  ['a refusal on attempt 4', rejected, 4, 'pending +120000'],
  ['a refusal on attempt 5', rejected, 5, 'dead'],
  ['a missing submission', { kind: 'undeliverable', error: 'submission not found' }, 1, 'dead'],
])('%s leads to %s', (_name, result, attempts, expected) => {
  const step = nextStep(result, attempts, now, policy, half)
  const shown =
    step.status === 'pending'
      ? `pending +${step.nextAttemptAt.getTime() - now.getTime()}`
      : step.status
  expect(shown).toBe(expected)
})

test('a Retry-After from the lender is honoured, within the largest wait', () => {
  const asked = (retryAfterMs: number) => {
    const step = nextStep({ ...failed, retryAfterMs }, 1, now, policy, half)
    return step.status === 'pending' ? step.nextAttemptAt.getTime() - now.getTime() : undefined
  }
  expect(asked(120_000)).toBe(120_000)
  // Shorter than our own wait: ours stands.
  expect(asked(1000)).toBe(15_000)
  expect(asked(48 * HOUR)).toBe(6 * HOUR)
})

test.each([
  ['120', 120_000],
  [' 5 ', 5000],
  ['Sun, 22 Nov 2026 10:01:00 GMT', 60_000],
  ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
  ['soon', undefined],
  [null, undefined],
] as const)('Retry-After %j is %j ms', (value, expected) => {
  expect(parseRetryAfter(value, now)).toBe(expected)
})

test('a policy can be shortened for tests and keeps its limits', () => {
  const short: RetryPolicy = { ...policy, baseDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 }
  expect([1, 2, 3, 4].map((attempt) => backoffCeilingMs(attempt, short))).toEqual([1, 2, 4, 4])
  expect(nextStep(failed, 3, now, short, half).status).toBe('dead')
  // Never more refusals than attempts allowed in all.
  expect(nextStep(rejected, 3, now, short, half).status).toBe('dead')
})
