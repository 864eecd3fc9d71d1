import { tsImport } from 'tsx/esm/api'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, startServer } from './size-budget/browser.mjs'
import { walkJourney } from './size-budget/journey-walk.mjs'
import { JOURNEYS } from './size-budget/journeys.mjs'
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const helpers = { ...(await tsImport('../e2e/support/journey.ts', import.meta.url)), ...(await tsImport('../e2e/support/answers.ts', import.meta.url)), ...(await tsImport('../e2e/support/walks.ts', import.meta.url)) }
const server = await startServer(ROOT, join(ROOT, 'apps/web/dist'), { env: { RATE_LIMIT_WRITES_PER_MINUTE: '0', RATE_LIMIT_LOOKUPS_PER_MINUTE: '0', RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0', RATE_LIMIT_EVENTS_PER_MINUTE: '0' } })
const browser = await launchBrowser()
try {
  const journey = JOURNEYS.find((j) => j.label === (process.argv[2] ?? 'harbourlend'))
  const walk = await walkJourney(browser, { journey, port: server.port, helpers })
  for (const s of walk.scripts.sort((a, b) => b.gzip - a.gzip)) console.log(s.gzip, s.url.split('/').pop())
  console.log('total', walk.gzip, Object.keys(walk))
} finally { await browser.close(); await server.stop() }
