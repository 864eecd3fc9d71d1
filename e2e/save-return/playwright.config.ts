import { defineConfig } from '@playwright/test'
import baseConfig from '../playwright.config'
import { E2E_PORT } from '../support/env'
import { ensureSaveReturnSecrets, SAVE_RETURN_ENV, SAVE_RETURN_HELPERS } from './support/server-env'
import { productionArgs } from '../../apps/server/src/production-start'

// Save and come back later, and the joint applicant's confirmation, as people get them: the built front
// end on the real server, which sends its emails to a real SMTP server on loopback (the tests read the
// links from there), with the data key set and a fake lender for every brand.
ensureSaveReturnSecrets()

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
    ...SAVE_RETURN_HELPERS,
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
