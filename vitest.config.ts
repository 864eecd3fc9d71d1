import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One Vitest run over every workspace: the domain and the server in Node, the web app in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single worker on a two-core machine, where
    // most server test files wait on sockets, child processes and databases. Two files at a time halved
    // a dozen server files' wall time there (140 s → 70 s) without touching any test.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
      './packages/ui/vite.config.ts',
      './apps/web/vite.config.ts',
      './apps/web/vitest.lib.config.ts',
      './apps/back-office/vite.config.ts',
      './scripts/vitest.config.mjs',
      {
        test: {
          name: 'lender-sim',
          root: './apps/lender-sim',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Compiles the server first: process tests run the compiled output (apps/server/dist).
          globalSetup: ['./test/global-setup.ts'],
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
