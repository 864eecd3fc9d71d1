// The polling loop on its own, with a fake queue: slots, the look-again after a full batch, nudges and stop.
import { expect, test } from 'vitest'
import { ClaimLoop } from './claim-loop'

function fakeQueue(initial: number) {
  let due = Array.from({ length: initial }, (_, index) => index + 1)
  const claims: number[] = []
  const finishers = new Map<number, () => void>()
  return {
    claims,
    add: (...rows: number[]) => (due = [...due, ...rows]),
    claim: (limit: number) => {
      claims.push(limit)
      const taken = due.slice(0, limit)
      due = due.slice(limit)
      return Promise.resolve(taken)
    },
    attempt: (row: number) => new Promise<void>((resolve) => finishers.set(row, resolve)),
    finish: (row: number) => finishers.get(row)?.(),
    started: () => [...finishers.keys()],
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

test('claims up to the free slots, claims again as each slot frees, and drains what is in flight', async () => {
  const queue = fakeQueue(5)
  const loop = new ClaimLoop({
    concurrency: 2,
    pollIntervalMs: 60_000,
    claim: queue.claim,
    attempt: queue.attempt,
    onPollError: () => undefined,
  })
  expect(loop.start()).toBe(true)
  expect(loop.start()).toBe(false)
  await settle()
  expect(queue.started()).toEqual([1, 2])
  expect(queue.claims).toEqual([2])
  queue.finish(1)
  await settle()
  // A freed slot wakes the loop at once, without waiting for the minute's poll.
  expect(queue.started()).toEqual([1, 2, 3])
  expect(queue.claims).toEqual([2, 1])
  await loop.stopClaiming()
  expect(loop.running).toBe(false)
  let drained = false
  const draining = loop.drain().then(() => (drained = true))
  queue.finish(2)
  await settle()
  expect(drained).toBe(false)
  queue.finish(3)
  await draining
  expect(drained).toBe(true)
  // Stopped: nothing more is claimed, and it does not start again.
  expect(queue.claims).toEqual([2, 1])
  expect(loop.start()).toBe(false)
})

test('after a batch that was not full it waits for the poll, and a nudge looks at once', async () => {
  const queue = fakeQueue(1)
  const loop = new ClaimLoop({
    concurrency: 4,
    pollIntervalMs: 60_000,
    claim: queue.claim,
    attempt: queue.attempt,
    onPollError: () => undefined,
  })
  loop.start()
  await settle()
  expect(queue.claims).toEqual([4])
  queue.add(7)
  await settle()
  expect(queue.claims).toEqual([4])
  loop.nudge()
  await settle()
  expect(queue.claims).toEqual([4, 3])
  expect(queue.started()).toEqual([1, 7])
  await loop.stopClaiming()
  queue.finish(1)
  queue.finish(7)
  await loop.drain()
})

test('a failed poll is reported and the loop goes on', async () => {
  const errors: unknown[] = []
  let calls = 0
  const loop = new ClaimLoop<number>({
    concurrency: 1,
    pollIntervalMs: 5,
    claim: () => {
      calls += 1
      return calls === 1 ? Promise.reject(new Error('database restarting')) : Promise.resolve([])
    },
    attempt: () => Promise.resolve(),
    onPollError: (error) => errors.push(error),
  })
  loop.start()
  await settle()
  await loop.stopClaiming()
  expect(errors.map((error) => (error as Error).message)).toEqual(['database restarting'])
  expect(calls).toBeGreaterThan(1)
})

test('runOnce claims up to the concurrency and waits for those attempts', async () => {
  const worked: number[] = []
  const loop = new ClaimLoop<number>({
    concurrency: 3,
    pollIntervalMs: 60_000,
    claim: (limit) => Promise.resolve([10, 11, 12, 13].slice(0, limit)),
    attempt: async (row) => {
      worked.push(row)
    },
    onPollError: () => undefined,
  })
  expect(await loop.runOnce()).toBe(3)
  expect(worked).toEqual([10, 11, 12])
  expect(
    () =>
      new ClaimLoop({
        ...{ concurrency: 0, pollIntervalMs: 1 },
        claim: () => Promise.resolve([]),
        attempt: () => Promise.resolve(),
        onPollError: () => undefined,
      }),
  ).toThrow('concurrency must be 1 or more')
})
