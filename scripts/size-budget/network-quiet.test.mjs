import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { test } from 'vitest'
import { settle, trackRequests } from './network-quiet.mjs'

test('quiet only once nothing is in flight and nothing has changed for the time asked', () => {
  let clock = 0
  const context = new EventEmitter()
  const requests = trackRequests(context, () => clock)
  clock = 1000
  assert.equal(requests.isQuiet(1000), true)
  context.emit('request', 'a')
  clock = 5000
  assert.equal(requests.isQuiet(1000), false, 'a request in flight')
  context.emit('requestfinished', 'a')
  assert.equal(requests.isQuiet(1000), false, 'just finished')
  clock = 5999
  assert.equal(requests.isQuiet(1000), false)
  clock = 6000
  assert.equal(requests.isQuiet(1000), true)
  context.emit('request', 'b')
  context.emit('request', 'c')
  context.emit('requestfailed', 'b')
  clock = 9000
  assert.equal(requests.isQuiet(1000), false, 'c is still in flight')
})

test('waiting for quiet gives up with the reason after its time', async () => {
  const context = new EventEmitter()
  const requests = trackRequests(context)
  context.emit('request', 'never ends')
  await assert.rejects(
    requests.quiet({ quietMs: 10, timeoutMs: 50, pollMs: 5 }),
    /The network was not quiet for 10 ms within 50 ms/,
  )
})

test('settling waits for what an idle moment of the page starts, and for a round that starts nothing', async () => {
  const context = new EventEmitter()
  const requests = trackRequests(context)
  const idleMoments = []
  // The page's first idle moment runs a prefetch that takes 30 ms; the second starts nothing.
  const page = {
    evaluate: async () => {
      idleMoments.push(requests.started())
      if (idleMoments.length === 1) {
        context.emit('request', 'prefetch')
        setTimeout(() => context.emit('requestfinished', 'prefetch'), 30)
      }
    },
  }
  context.emit('request', 'document')
  setTimeout(() => context.emit('requestfinished', 'document'), 10)
  await settle(page, requests, { quietMs: 20, timeoutMs: 2000 })
  assert.deepEqual(idleMoments, [1, 2])
  assert.equal(requests.started(), 2)
  assert.equal(requests.isQuiet(20), true)
})

test('a page that keeps fetching does not settle, and says so', async () => {
  const context = new EventEmitter()
  const requests = trackRequests(context)
  let n = 0
  const page = {
    evaluate: async () => {
      n += 1
      context.emit('request', n)
      context.emit('requestfinished', n)
    },
  }
  await assert.rejects(
    settle(page, requests, { quietMs: 5, timeoutMs: 100 }),
    /The page did not settle within 100 ms/,
  )
})
