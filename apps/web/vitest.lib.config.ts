import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The web app's library tests change the page's one store and session storage (start-new stops
// saving for good), so unlike the other web tests (vite.config.ts) they run isolated, file by file.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web-lib',
    environment: 'jsdom',
    include: ['src/lib/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
  },
})
