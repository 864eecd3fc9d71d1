// The JSON body parser's depth check (decision 1433): nesting is counted outside strings only, escapes
// included, and a body deeper than MAX_JSON_DEPTH is refused before it is parsed.

import { expect, test } from 'vitest'
import { jsonDepth, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/plugins/json-body'
import { startTestApp } from './test-app'

test.each([
  ['1', 0],
  ['"text"', 0],
  ['[]', 1],
  ['{}', 1],
  ['{"a":[{"b":[1]}]}', 4],
  ['[[1],[2],[[3]]]', 3],
  ['"[[[[{{{{"', 0],
  ['["\\"[[[["]', 1],
  ['["\\\\",[[]]]', 3],
  ['{"a]]]]":[[["}}}"]]]}', 4],
])('the depth of %s is %i', (text, depth) => {
  expect(jsonDepth(text)).toBe(depth)
})

test('counting stops as soon as the depth passes the limit', () => {
  expect(jsonDepth(`${'['.repeat(1000)}${']'.repeat(1000)}`, 10)).toBe(11)
})

test('too deep is a 400 with its own message; as deep as allowed goes on to the route', async () => {
  const testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off' })
  try {
    const { app } = testApp
    app.post('/test/echo', async (request) => ({ received: typeof request.body }))
    const post = (depth: number) =>
      app.inject({
        method: 'POST',
        url: '/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      })
    const tooDeep = await post(MAX_JSON_DEPTH + 1)
    expect(tooDeep.statusCode).toBe(400)
    expect(tooDeep.json()).toEqual({ error: TOO_DEEP_MESSAGE })
    const deepest = await post(MAX_JSON_DEPTH)
    expect(deepest.statusCode).toBe(200)
    expect(deepest.json()).toEqual({ received: 'object' })
    // Fastify's own protections stay: prototype poisoning and bad JSON are still refused.
    const poisoned = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"polluted":true}}',
    })
    expect(poisoned.statusCode).toBe(400)
    const broken = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    })
    expect(broken.statusCode).toBe(400)
  } finally {
    await testApp.close()
  }
})
