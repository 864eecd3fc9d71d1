// The unit tests of `npm run check:audit`'s decision logic. The root vitest.config.ts has no project for
// scripts/ yet: listing this file in its `projects` runs them with everything else in `npm test`; until
// then, run `npx vitest run --config scripts/security-audit/vitest.config.mjs`.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'security-audit',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.mjs'],
  },
})
