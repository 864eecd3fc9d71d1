// The unit tests of the project's own scripts (dependency audit, benchmark figures, size budget): a
// project of the root vitest.config.ts, so `npm test` runs them with everything else.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'scripts',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.mjs'],
  },
})
