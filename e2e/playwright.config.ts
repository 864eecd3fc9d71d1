import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { productionArgs } from '../apps/server/src/production-start'
import { E2E_PORT, e2eServerEnv } from './support/env'

// The whole product as a user gets it: the built front end served by the compiled server (`npm run build`
// first), started as `npm start` starts it, by the Node running these tests, on loopback only, with its
// own throw-away SQLite database. Every brand is a *.localhost host, which Chromium
// resolves to the loopback address.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'forecourt-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The back office's journey and save-and-return need their own server set-up: their own configs.
  testIgnore: ['back-office/**', 'save-return/**'],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../reports/playwright.json' },
    ],
  ],
  outputDir: '../test-results',
  use: {
    baseURL: `http://carfinance.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: [process.execPath, ...productionArgs('server')].map((part) => `'${part}'`).join(' '),
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: e2eServerEnv(dataDir),
  },
})
