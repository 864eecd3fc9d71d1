// A deep link gets index.html listing its screen's code as modulepreload links (decision 1824).

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { loadRoutePreloads } from '../src/plugins/route-preloads'
import { startTestApp, type TestApp } from './test-app'
import { temporaryFolder } from './test-databases'

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>'

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true },
  'src/screens/date-of-birth/date-of-birth-screen.tsx': {
    file: 'assets/date-of-birth-screen-B.js',
    imports: ['_use-journey-step-C.js', 'index.html'],
  },
  '_use-journey-step-C.js': { file: 'assets/use-journey-step-C.js', imports: ['_heading-D.js'] },
  '_heading-D.js': { file: 'assets/heading-D.js', imports: ['index.html'] },
  'src/screens/address/address-screen.tsx': {
    file: 'assets/address-screen-E.js',
    imports: ['_heading-D.js'],
  },
}

async function webDist(): Promise<string> {
  const dir = await temporaryFolder('forecourt-preload-dist-')
  await mkdir(join(dir, '.vite'), { recursive: true })
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), INDEX)
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  await writeFile(join(dir, 'assets', 'index-A.js'), 'console.log("app")\n')
  return dir
}

const links = (...files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('')

test('a screen’s path lists the screen and everything it imports, once each, never the entry', async () => {
  const preloads = loadRoutePreloads(await webDist())
  expect(preloads.pageFor('/date-of-birth')).toBe(
    INDEX.replace(
      '</head>',
      `${links('date-of-birth-screen-B.js', 'use-journey-step-C.js', 'heading-D.js')}</head>`,
    ),
  )
  // A numbered step, and the joint applicant's address screens, which the applicant's own module answers.
  const address = INDEX.replace('</head>', `${links('address-screen-E.js', 'heading-D.js')}</head>`)
  expect(preloads.pageFor('/address/2')).toBe(address)
  expect(preloads.pageFor('/joint-address/1')).toBe(address)
  expect(preloads.pageFor('/joint-same-address')).toBe(address)
  // No screen of that name, or not a screen's path at all: nothing to add.
  expect(preloads.pageFor('/no-such-screen')).toBeUndefined()
  expect(preloads.pageFor('/address/0')).toBeUndefined()
  expect(preloads.pageFor('/a/b/c')).toBeUndefined()
})

test('a build without a manifest lists nothing', async () => {
  const dir = await temporaryFolder('forecourt-preload-dist-')
  await writeFile(join(dir, 'index.html'), INDEX)
  expect(loadRoutePreloads(dir).pageFor('/date-of-birth')).toBeUndefined()
})

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

test('the server sends the listed page for a deep link, and index.html as it is for any other page', async () => {
  testApp = await startTestApp({ WEB_DIST_DIR: await webDist(), RETENTION_JOB: 'off' })
  const get = (url: string) =>
    testApp!.app.inject({
      method: 'GET',
      url,
      headers: { host: 'carfinance.localhost', accept: 'text/html' },
    })
  const deep = await get('/date-of-birth')
  expect(deep.statusCode).toBe(200)
  expect(deep.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(deep.headers['cache-control']).toBe('no-cache')
  expect(deep.headers['content-security-policy']).toContain("script-src 'self'")
  expect(deep.body).toContain(links('date-of-birth-screen-B.js'))
  const other = await get('/no-such-screen')
  expect(other.statusCode).toBe(200)
  expect(other.body).toBe(INDEX)
})
