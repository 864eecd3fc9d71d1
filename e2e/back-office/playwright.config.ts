import { defineConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import baseConfig from '../playwright.config'
import { E2E_PORT } from '../support/env'
import { BACK_OFFICE_ENV, FAKE_LENDER_PORT } from './support/server-env'
import { productionArgs } from '../../apps/server/src/production-start'

// The back office as an operator gets it: the built app on the back-office host of the real server,
// with its own throw-away SQLite database, the data key set (so search goes through the blind index),
// and one lender for carfinance: a fake on loopback that refuses deliveries until told to accept.
const dataDir =
  process.env.E2E_BACK_OFFICE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'forecourt-e2e-bo-'))
process.env.E2E_BACK_OFFICE_DATA_DIR = dataDir
process.env.E2E_BACK_OFFICE_DATA_KEY ??= randomBytes(32).toString('base64')
process.env.E2E_BACK_OFFICE_LENDER_SECRET ??= `whsec_${randomBytes(32).toString('base64')}`

export default defineConfig({
  ...baseConfig,
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: [],
  // One journey, in order: operators, sessions and one-time codes are shared state.
  fullyParallel: false,
  workers: 1,
  timeout: 300_000,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../reports/playwright-back-office.json',
      },
    ],
  ],
  outputDir: '../../test-results/back-office',
  use: { ...baseConfig.use, baseURL: `http://backoffice.localhost:${E2E_PORT}` },
  webServer: [
    {
      command: 'node e2e/back-office/support/fake-lender.mjs',
      cwd: '../..',
      url: `http://127.0.0.1:${FAKE_LENDER_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_LENDER_PORT: String(FAKE_LENDER_PORT) },
    },
    {
      // The compiled server, started as `npm start` starts it (`npm run build` first).
      command: [process.execPath, ...productionArgs('server')].map((part) => `'${part}'`).join(' '),
      cwd: '../..',
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: BACK_OFFICE_ENV(),
    },
  ],
})
