import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The kit is not built on its own: each app bundles the components it imports. This file defines
// the kit's test project (vitest.config.ts at the root).
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test-support/test-setup.ts'],
    // axe in jsdom is slow on a busy two-core machine: allow for it rather than fail by the clock.
    testTimeout: 20_000,
  },
})
