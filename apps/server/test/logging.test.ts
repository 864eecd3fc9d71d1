// Personal data must never reach the logs. The canaries below stand for the kinds of value that travel
// in a request: campaign ids and emails in the query, a session in a cookie, a token in a header, values
// quoted by a database error.

import { afterEach, expect, test } from 'vitest'
import { requestPath } from '../src/logging'
import { startTestApp, type TestApp } from './test-app'

const CANARY = 'canary-7f3a9c'

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

test.each([
  ['/api/stock/demo-car-1', '/api/stock/demo-car-1'],
  ['/api/stock/demo-car-1?gclid=abc&email=a%40b.example', '/api/stock/demo-car-1'],
  ['/?', '/'],
  ['/date-of-birth?x=1?y=2', '/date-of-birth'],
])('the logged path of %s is %s', (url, path) => {
  expect(requestPath(url)).toBe(path)
})

test('a request is one log line with method, path without the query, status and time', async () => {
  testApp = await startTestApp()
  await testApp.app.inject({
    method: 'GET',
    url: `/api/stock/demo-car-1?gclid=${CANARY}&email=${CANARY}%40example.com&vehicleid=demo-car-1`,
    headers: {
      cookie: `session=${CANARY}`,
      authorization: `Bearer ${CANARY}`,
      'x-forwarded-for': '203.0.113.7',
    },
    remoteAddress: '198.51.100.23',
  })
  const requestLines = testApp.logLines().filter((line) => 'req' in line || 'res' in line)
  expect(requestLines).toHaveLength(1)
  expect(requestLines[0]).toMatchObject({
    level: 30,
    msg: 'request completed',
    reqId: expect.any(String),
    req: { method: 'GET', path: '/api/stock/:vehicleId' },
    res: { statusCode: 200 },
    responseTime: expect.any(Number),
  })
  expect(Object.keys(requestLines[0]!.req as object)).toEqual(['method', 'path'])
  const text = testApp.logText()
  expect(text).not.toContain(CANARY)
  expect(text).not.toContain('gclid')
  // The client's address is personal data too.
  expect(text).not.toContain('198.51.100.23')
  expect(text).not.toContain('203.0.113.7')
})

test('a write to an application logs its route, never its key', async () => {
  testApp = await startTestApp()
  const key = '9b2f6c1e-4d7a-4e8b-a1c3-5f0d2e7b9a64'
  for (const url of [`/api/submission/${key}`, `/api/application/${key.toUpperCase()}`]) {
    await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', host: 'carfinance.localhost' },
      payload: '{}',
    })
  }
  const paths = testApp
    .logLines()
    .filter((line) => line.msg === 'request completed')
    .map((line) => (line.req as { path: string }).path)
  expect(paths).toEqual(['/api/submission/:submissionKey', '/api/application/:applicationKey'])
  expect(testApp.logText().toLowerCase()).not.toContain(key)
})

test('a rejected request logs the kind of mistake, not the values sent', async () => {
  testApp = await startTestApp()
  testApp.app.post('/api/echo-for-test', async (request) => request.body)
  await testApp.app.inject({
    method: 'POST',
    url: '/api/echo-for-test',
    headers: { 'content-type': 'application/json' },
    payload: `{"email": "${CANARY}@example.com"`,
  })
  const rejected = testApp.logLines().find((line) => line.msg === 'request rejected')
  expect(rejected).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })
  expect(testApp.logText()).not.toContain(CANARY)
})

test('a server fault logs the error type and stack but not the values a database error quotes', async () => {
  testApp = await startTestApp()
  testApp.app.get('/api/fault-for-test', async () => {
    // The shape of a PostgreSQL unique violation: the message is generic, `detail` quotes the row.
    throw Object.assign(new Error('duplicate key value violates unique constraint "x_pkey"'), {
      code: '23505',
      detail: `Key (email)=(${CANARY}@example.com) already exists.`,
      table: 'submissions',
    })
  })
  await testApp.app.inject({ method: 'GET', url: '/api/fault-for-test' })
  const failed = testApp.logLines().find((line) => line.msg === 'request failed')
  expect(failed).toMatchObject({
    level: 50,
    err: {
      type: 'Error',
      message: 'duplicate key value violates unique constraint "x_pkey"',
      code: '23505',
      stack: expect.stringContaining('logging.test.ts'),
    },
  })
  expect(testApp.logText()).not.toContain(CANARY)
})

test('LOG_LEVEL=warn keeps routine request lines out of the log', async () => {
  testApp = await startTestApp({ LOG_LEVEL: 'warn' })
  await testApp.app.inject({ method: 'GET', url: '/api/health' })
  expect(testApp.logLines()).toEqual([])
})

test.each(['ECONNRESET', 'ECONNABORTED'])(
  'a handler that fails with %s (an aborted request body) logs one info line, not an error',
  async (code) => {
    testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off' })
    testApp.app.get('/api/aborted-for-test', async () => {
      // What a request stream throws when the client resets the connection mid-body.
      throw Object.assign(new Error('aborted'), { code })
    })
    await testApp.app.inject({ method: 'GET', url: '/api/aborted-for-test' })
    const levels = testApp.logLines().map((line) => [line.level, line.msg])
    expect(levels.filter(([level]) => Number(level) >= 50)).toEqual([])
    expect(testApp.logLines().filter((line) => line.msg === 'client went away')).toMatchObject([
      { level: 30, code },
    ])
    expect(testApp.logText()).not.toContain('"stack"')
  },
)

test.each(['ECONNRESET', 'EPIPE'])(
  'a connection %s while answering is one info line without a stack, not an error',
  async (code) => {
    const testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off' })
    try {
      testApp.app.get('/test/reset', async (_request, reply) => {
        // What Node's response does when the client's socket fails under it.
        reply.raw.emit('error', Object.assign(new Error(`read ${code}`), { code }))
        return { late: true }
      })
      const address = await testApp.app.listen({ host: '127.0.0.1', port: 0 })
      await fetch(`${address}/test/reset`).catch(() => undefined)
      await expect.poll(() => testApp.logText()).toContain('client went away')
      const lines = testApp.logLines().filter((line) => line.msg === 'client went away')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({ level: 30, code })
      expect(testApp.logText()).not.toContain(`read ${code}`)
      expect(testApp.logLines().filter((line) => Number(line.level) >= 50)).toEqual([])
    } finally {
      await testApp.close()
    }
  },
)
