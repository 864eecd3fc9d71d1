// The fault scenarios' and profile-writes.ts's open load (faults/support/raw-http.ts): requests go when
// they are due, so a latency counted from the due moment is the server's, not the generator's. It once
// sent every request one interval late (12.5 ms at 80 a second), which every latency then carried.

import { createServer, type Server } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { openLoop, requestBytes } from '../faults/support/raw-http'

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

test('an open load sends rate × duration requests, each when it is due, the first at once', async () => {
  const arrivals: number[] = []
  server = createServer((request, response) => {
    arrivals.push(performance.now())
    request.resume()
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no address')

  // 10 a second for one second: due at 0, 100, …, 900 ms.
  const started = performance.now()
  const result = await openLoop({
    port: address.port,
    rate: 10,
    durationMs: 1000,
    connections: 4,
    timeoutMs: 5000,
    next: () => requestBytes({ method: 'GET', path: '/', headers: { host: 'localhost' } }),
  })

  expect(result.outcomes.map((outcome) => outcome.status)).toEqual(Array(10).fill(200))
  const dueAt = result.outcomes.map((outcome) => outcome.dueAt).sort((a, b) => a - b)
  dueAt.forEach((due, index) => expect(due - dueAt[0]!).toBeCloseTo(index * 100, 6))
  // Late by a timer's tick and a busy machine's scheduling at most, never by a whole interval (100 ms).
  expect(result.worstSendLagMs).toBeLessThan(50)
  expect(arrivals[0]! - started).toBeLessThan(50)
  for (const outcome of result.outcomes) expect(outcome.latencyMs).toBeLessThan(50)
}, 20_000)
