import { defineConfig } from 'vitest/config'

// One Vitest run over every workspace: the domain and the server in Node, the web app in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      './apps/web/vite.config.ts',
      './apps/web/vitest.lib.config.ts',
      './apps/back-office/vite.config.ts',
      './scripts/vitest.config.mjs',
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Server tests open real sockets and databases: keep files apart from each other.
          pool: 'forks',
          // Real databases and sockets on a shared two-core machine: time limits are generous.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
