import { defineConfig } from '@playwright/test'
import baseConfig from '../playwright.config'
import { ensureSaveReturnSecrets, SAVE_RETURN_HELPERS } from '../save-return/support/server-env'

// The journeys whose rows matter most, again with the compiled server on PostgreSQL: the evidence journeys
// (single and joint; the record must be written on both engines, docs/requirements.md#evidence-and-consent-records,
// decision 1931), and the applicant's own page with its choice of offer and the broker's pipeline with its
// follow-ups (decisions 2113, 2115), which write and read the decisions, offers, choices and follow-ups. The
// other save-and-return journeys run on SQLite only, to keep the run short. The server has the save-and-return
// runner's settings (a real SMTP server on loopback, a fake lender for every brand, the data key). The global
// set-up makes a fresh schema, starts the server on it and drops it afterwards; without TEST_DATABASE_URL, or
// when PostgreSQL does not answer, the journeys are skipped with a loud warning.
// Read by e2e/support/evidence-rows.ts in this process and in the workers, which inherit it.
process.env.E2E_ENGINE = 'PostgreSQL'
ensureSaveReturnSecrets()

export default defineConfig({
  ...baseConfig,
  testDir: '..',
  testIgnore: [],
  projects: [
    { name: 'evidence', testMatch: 'journeys/evidence.spec.ts' },
    {
      name: 'applicant page and pipeline',
      testMatch: ['save-return/application-status.spec.ts', 'save-return/pipeline.spec.ts'],
      // As in the save-and-return runner: each journey waits for emails and lenders' decisions.
      timeout: 180_000,
    },
  ],
  globalSetup: './global-setup.ts',
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../reports/playwright-postgres.json',
      },
    ],
  ],
  outputDir: '../../test-results/postgres',
  // The SMTP server and the fake lender; the Forecourt server is started by the global set-up, once the
  // schema exists.
  webServer: SAVE_RETURN_HELPERS,
})
