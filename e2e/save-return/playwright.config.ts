import { defineConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import baseConfig from '../playwright.config'
import { E2E_PORT } from '../support/env'
import {
  FAKE_LENDER_PORT,
  SAVE_RETURN_ENV,
  SMTP_INBOX_HTTP_PORT,
  SMTP_INBOX_PORT,
} from './support/server-env'
import { productionArgs } from '../../apps/server/src/production-start'

// Save and come back later, and the joint applicant's confirmation, as people get them: the built front
// end on the real server, which sends its emails to a real SMTP server on loopback (the tests read the
// links from there), with the data key set and a fake lender for every brand.
process.env.E2E_SAVE_RETURN_DATA_KEY ??= randomBytes(32).toString('base64')
process.env.E2E_SAVE_RETURN_LENDER_SECRET ??= `whsec_${randomBytes(32).toString('base64')}`

export default defineConfig({
  ...baseConfig,
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: [],
  fullyParallel: false,
  workers: 1,
  timeout: 180_000,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../reports/playwright-save-return.json',
      },
    ],
  ],
  outputDir: '../../test-results/save-return',
  webServer: [
    {
      command: 'node e2e/save-return/support/smtp-inbox.mjs',
      cwd: '../..',
      url: `http://127.0.0.1:${SMTP_INBOX_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SMTP_INBOX_PORT: String(SMTP_INBOX_PORT),
        SMTP_INBOX_HTTP_PORT: String(SMTP_INBOX_HTTP_PORT),
      },
    },
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
      command: [process.execPath, ...productionArgs('server')].map((part) => `'${part}'`).join(' '),
      cwd: '../..',
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: process.env.E2E_LOG_LEVEL === undefined ? 'ignore' : 'pipe',
      stderr: 'pipe',
      env: SAVE_RETURN_ENV(),
    },
  ],
})
