import { defineConfig } from '@playwright/test'
import baseConfig from '../playwright.config'

// The evidence journeys (single and joint) again, with the compiled server on PostgreSQL: the record
// must be written on both engines (docs/requirements.md#evidence-and-consent-records, decision 1931). The
// global set-up makes a fresh schema, starts the server on it and drops it afterwards; without
// TEST_DATABASE_URL, or when PostgreSQL does not answer, the journeys are skipped with a loud warning.
// Read by e2e/support/evidence-rows.ts in this process and in the workers, which inherit it.
process.env.E2E_ENGINE = 'PostgreSQL'

export default defineConfig({
  ...baseConfig,
  testDir: '..',
  testMatch: 'journeys/evidence.spec.ts',
  testIgnore: [],
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
  webServer: undefined,
})
