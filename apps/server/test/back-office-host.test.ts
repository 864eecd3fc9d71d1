// The back-office host serves the back-office app only, and the applicant hosts never serve it: built
// files and client routes, the stricter policy and no caching, the anti-forgery cookie on its page, and
// a plain 503 when the app is not built.

import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { BACK_OFFICE_CSP, BACK_OFFICE_NOT_BUILT } from '../src/plugins/back-office-front-end'
import { makeWebDist, startTestApp, TEST_INDEX_HTML, type TestApp } from './test-app'
import { temporaryFolder } from './test-databases'

const BACK_OFFICE_HTML =
  '<!doctype html><html lang="en-GB"><head><title>Forecourt back office</title></head><body><div id="root"></div></body></html>'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function backOfficeDist(): Promise<string> {
  const dir = await temporaryFolder('forecourt-back-office-dist-')
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), BACK_OFFICE_HTML)
  await writeFile(join(dir, 'assets', 'main-Ab12Cd34.js'), 'console.log("back office")\n')
  await writeFile(join(dir, 'assets', 'main-Ab12Cd34.js.gz'), 'gzipped bytes')
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function start(env: Record<string, string>): Promise<TestApp> {
  const app = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off', ...env })
  cleanups.push(() => app.close())
  return app
}

test('the back-office host serves its app for / and client routes, and its files, with a strict policy', async () => {
  const web = await makeWebDist()
  cleanups.push(web.cleanup)
  const { app } = await start({
    WEB_DIST_DIR: web.dir,
    BACK_OFFICE_DIST_DIR: await backOfficeDist(),
  })
  for (const url of [
    '/',
    '/applications',
    '/applications/3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b',
    '/enrol',
  ]) {
    const page = await app.inject({
      method: 'GET',
      url,
      headers: { host: 'backoffice.localhost:3000', accept: 'text/html' },
    })
    expect(page.statusCode, url).toBe(200)
    expect(page.body).toBe(BACK_OFFICE_HTML)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(BACK_OFFICE_CSP)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-frame-options']).toBe('DENY')
    // The page carries the anti-forgery cookie, as the form's pages do.
    expect(page.cookies.map((cookie) => cookie.name)).toContain('forecourt-csrf')
  }
  const script = await app.inject({
    method: 'GET',
    url: '/assets/main-Ab12Cd34.js',
    headers: { host: 'backoffice.localhost' },
  })
  expect(script.statusCode).toBe(200)
  expect(script.body).toBe('console.log("back office")\n')
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  const gzipped = await app.inject({
    method: 'GET',
    url: '/assets/main-Ab12Cd34.js',
    headers: { host: 'backoffice.localhost', 'accept-encoding': 'gzip, br' },
  })
  expect(gzipped.headers['content-encoding']).toBe('gzip')
  expect(gzipped.body).toBe('gzipped bytes')

  // The applicant's files are not there, and its API neither.
  const applicantScript = await app.inject({
    method: 'GET',
    url: '/assets/index-B4x9Qk2d.js',
    headers: { host: 'backoffice.localhost' },
  })
  expect(applicantScript.statusCode).toBe(404)
  for (const url of [
    '/api/stock/demo-car-1',
    '/api/address?postcode=M1%201AE',
    '/api/csrf',
    '/api/openapi.json',
  ]) {
    const api = await app.inject({ method: 'GET', url, headers: { host: 'backoffice.localhost' } })
    expect(api.statusCode, url).toBe(404)
  }
  expect(
    (
      await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'backoffice.localhost' },
      })
    ).statusCode,
  ).toBe(200)
})

test('an applicant host never serves the back-office app, and keeps its own', async () => {
  const web = await makeWebDist()
  cleanups.push(web.cleanup)
  const { app } = await start({
    WEB_DIST_DIR: web.dir,
    BACK_OFFICE_DIST_DIR: await backOfficeDist(),
  })
  for (const host of ['carfinance.localhost:3000', 'localhost', 'apply.localhost']) {
    const page = await app.inject({
      method: 'GET',
      url: '/applications',
      headers: { host, accept: 'text/html' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(TEST_INDEX_HTML)
    const script = await app.inject({
      method: 'GET',
      url: '/assets/main-Ab12Cd34.js',
      headers: { host },
    })
    expect(script.statusCode, host).toBe(404)
  }
})

test('without a built back office, its pages answer 503 with what to do', async () => {
  const dir = await temporaryFolder()
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const { app } = await start({ BACK_OFFICE_DIST_DIR: dir })
  const page = await app.inject({
    method: 'GET',
    url: '/',
    headers: { host: 'backoffice.localhost' },
  })
  expect(page.statusCode).toBe(503)
  expect(page.body).toBe(BACK_OFFICE_NOT_BUILT)
})

test('BACK_OFFICE_HOST moves the back office to another host', async () => {
  const { app } = await start({
    BACK_OFFICE_HOST: 'staff.broker.example',
    BACK_OFFICE_DIST_DIR: await backOfficeDist(),
  })
  const moved = await app.inject({
    method: 'GET',
    url: '/api/back-office/session',
    headers: { host: 'staff.broker.example' },
  })
  expect(moved.statusCode).toBe(401)
  const old = await app.inject({
    method: 'GET',
    url: '/api/back-office/session',
    headers: { host: 'backoffice.localhost' },
  })
  expect(old.statusCode).toBe(404)
})
