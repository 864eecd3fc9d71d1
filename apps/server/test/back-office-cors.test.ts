// The back office's API is never readable from another origin (decision 2114), even one CORS_ORIGINS lists
// for the applicant's API: no Access-Control-* header on its answers or its preflights, and a read a browser
// marks as cross-site or same-site is refused, session or not. The applicant's API keeps its CORS.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const LISTED = 'https://apply.carfinance.example'

describe.each(allEngines)('the back office and CORS on $name', (engine) => {
  let bo: BackOfficeApp
  let admin: Operator
  beforeAll(async () => {
    if (!engine.available) return
    bo = await startBackOffice(engine, { CORS_ORIGINS: LISTED })
    admin = await bo.operator('admin@broker.example', 'admin')
  })
  afterAll(async () => bo?.close())

  test.skipIf(!engine.available)(
    'a listed origin gets no CORS header from the back office, and its reads are refused',
    async () => {
      for (const url of [
        '/api/back-office/applications',
        '/api/back-office/session',
        '/api/back-office/operators',
      ]) {
        const fromListed = await bo.request({
          method: 'GET',
          url,
          as: admin,
          headers: { origin: LISTED, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' },
        })
        expect(fromListed.headers['access-control-allow-origin'], url).toBeUndefined()
        expect(fromListed.headers['access-control-allow-credentials'], url).toBeUndefined()
        expect(fromListed.statusCode, url).toBe(403)
        const crossSite = await bo.request({
          method: 'GET',
          url,
          as: admin,
          headers: { 'sec-fetch-site': 'cross-site' },
        })
        expect(crossSite.statusCode, url).toBe(403)
      }
      const preflight = await bo.app.inject({
        method: 'OPTIONS',
        url: '/api/back-office/applications',
        headers: {
          host: 'backoffice.localhost',
          origin: LISTED,
          'access-control-request-method': 'GET',
        },
      })
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined()
      // The back office's own page reads as before.
      const own = await bo.request({
        method: 'GET',
        url: '/api/back-office/applications',
        as: admin,
        headers: { 'sec-fetch-site': 'same-origin' },
      })
      expect(own.statusCode).toBe(200)
    },
  )

  test.skipIf(!engine.available)(
    'the applicant’s API keeps its CORS for the listed origin',
    async () => {
      const answer = await bo.app.inject({
        method: 'GET',
        url: '/api/csrf',
        headers: { host: 'carfinance.localhost', origin: LISTED },
      })
      expect(answer.headers['access-control-allow-origin']).toBe(LISTED)
    },
  )
})
