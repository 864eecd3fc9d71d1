import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  plugins: [react()],
  resolve: {
    // '#lib/api' for src/lib/api: the same short names as tsconfig.json's paths.
    alias: [
      {
        find: /^#(app|components|screens|lib|testing)\//,
        replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}$1/`,
      },
    ],
  },
  server: {
    // Served as backoffice.localhost in development too: the API answers only on that host.
    allowedHosts: ['.localhost'],
    port: 5174,
    proxy: {
      '/api': { target: 'http://localhost:3000', headers: { host: 'backoffice.localhost:3000' } },
    },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunk is which screen, for the size budget (scripts/size-budget.mjs).
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The domain package is pure: a screen that imports one label list skips the rest.
      treeshake: {
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'back-office',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // axe in jsdom is slow on a busy two-core machine: allow for it rather than fail by the clock.
    testTimeout: 30_000,
  },
})
