// A partial save whose page stopped waiting for it is not written, on both engines: under overload a
// request can reach its handler after the page has given up on it and sent its next save, and writing it
// then would put older answers back over newer ones. Real sockets: the client closes its connection while
// the server holds the request just before its handler.

import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { findApplication } from '../src/repositories/application-repository'
import { clientHasGone } from '../src/routes/api/application'
import { withBrowserSecret } from '../faults/support/browser-secret'
import {
  applicationUrl,
  asReceived,
  partialPayload,
  TEST_ENV,
  writeHeaders,
} from './submission-test-helpers'
import { engines } from './test-databases'

const HOLD_HEADER = 'x-test-hold'
const allEngines = await engines()

/** Sends one raw HTTP/1.1 POST on a new connection; resolves the socket once the request is written. */
function sendRaw(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Socket {
  const socket = connect(port, '127.0.0.1')
  const head = [
    `POST ${path} HTTP/1.1`,
    'host: carfinance.localhost',
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n')
  socket.write(head + body)
  return socket
}

/** The whole answer a socket received until the server closed it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('close', () => resolve(text))
  })
}

test('a connection is gone when it is destroyed or can no longer be written; inject has no real socket', () => {
  expect(clientHasGone({ writable: false, destroyed: false })).toBe(true)
  expect(clientHasGone({ writable: true, destroyed: true })).toBe(true)
  expect(clientHasGone({ writable: true, destroyed: false })).toBe(false)
  expect(clientHasGone({})).toBe(false)
  expect(clientHasGone(null)).toBe(false)
})

for (const engine of allEngines) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: FastifyInstance
    let database: Database
    let cleanup: () => Promise<void>
    let port: number
    let headers: Record<string, string>
    // Resolved when a held request has reached the point just before its handler.
    let reachedHandler: () => void = () => {}

    beforeAll(async () => {
      const opened = await engine.open()
      database = opened.database
      cleanup = opened.cleanup
      await migrateToLatest(database)
      app = await buildApp(loadConfig({ ...TEST_ENV }), { db: database, logger: false })
      // Holds a request marked by the test just before its handler until its client has closed the
      // connection: the order of events of a page that gave up while the server was overloaded.
      app.addHook('preHandler', async (request) => {
        if (request.headers[HOLD_HEADER] === undefined) return
        const socket = request.raw.socket
        reachedHandler()
        if (!clientHasGone(socket)) await new Promise((resolve) => socket.once('close', resolve))
      })
      await app.listen({ host: '127.0.0.1', port: 0 })
      port = (app.server.address() as AddressInfo).port
      headers = await writeHeaders(app)
    })
    afterAll(async () => {
      await app?.close()
      await cleanup?.()
    })

    test(`${engine.name}: a save whose client closed its connection before the handler ran is not written`, async () => {
      const body = partialPayload()
      const path = applicationUrl(body.submissionKey)
      const reached = new Promise<void>((resolve) => (reachedHandler = resolve))
      const socket = sendRaw(
        port,
        path,
        withBrowserSecret(path, { ...headers, [HOLD_HEADER]: '1' }),
        JSON.stringify(body),
      )
      const answer = answerOf(socket)
      await reached
      socket.end()
      expect(await answer).toBe('')
      // The handler has run by the time the server has closed its side; give the write store a moment.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await findApplication(database.db, body.submissionKey, undefined)).toBeUndefined()
    })

    test(`${engine.name}: the same save over a connection still open is written and answered 202`, async () => {
      const body = partialPayload()
      const path = applicationUrl(body.submissionKey)
      const socket = sendRaw(
        port,
        path,
        withBrowserSecret(path, { ...headers, connection: 'close' }),
        JSON.stringify(body),
      )
      const answer = await answerOf(socket)
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 202 Accepted')
      expect(answer.endsWith('{"status":"saved"}')).toBe(true)
      expect((await findApplication(database.db, body.submissionKey, undefined))?.payload).toEqual(
        asReceived(body),
      )
    })
  })
}
