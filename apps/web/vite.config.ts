import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { questionKit } from './build/question-kit.ts'

const kit = questionKit()

export default defineConfig({
  plugins: [react(), kit.plugin],
  resolve: {
    alias: [
      {
        find: 'use-sync-external-store/shim/index.js',
        replacement: fileURLToPath(
          new URL('./src/react-use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  server: {
    // Every brand is served as <brand>.localhost: let the dev server answer those hosts.
    allowedHosts: ['.localhost'],
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunk is which screen, for the size budget
    // (scripts/size-budget.mjs) and the pre-rendered pages' module preloads.
    manifest: true,
    // Every browser that runs the es2022 build but lacks <link rel="modulepreload"> (Safari before
    // 17.2) still loads each module when imported; the polyfill would cost every visitor its bytes.
    modulePreload: {
      polyfill: false,
      // The entry's route table keeps no list of what each screen imports, only its stylesheets: the lists
      // cost the start page's budget more than they were worth. A screen's imports load as it is fetched
      // (ahead, while the applicant reads the screen before); a deep link gets them from the server as
      // modulepreload links (apps/server/src/plugins/route-preloads.ts, decision 1824).
      resolveDependencies: (filename, deps, { hostId }) =>
        /(?:^|\/)index-/.test(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      // The domain package is pure (no module does anything on import). Saying so lets a screen that
      // imports one function from a module skip that module's other imports: the start screen's
      // firstQuestionPath, re-exported by journey/navigation, then comes without the journey table
      // (docs/decisions/1403).
      treeshake: {
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
      },
      output: {
        // The UI kit's stylesheets, one per component (decision 2129), are drawn by most screens: as one
        // file they cost the entry's route table one name per screen, not one per control (decision 2161).
        codeSplitting: {
          groups: [
            { name: 'ui-kit', test: /packages\/ui\/src\/.*\.css$/ },
            {
              name: 'question-kit',
              test: kit.test,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The library tests change the page's one store and session storage (start-new stops saving for
    // good): they run isolated in the web-lib project of vitest.config.ts.
    exclude: ['src/lib/**'],
    setupFiles: ['./src/test-setup.ts'],
    // axe in jsdom is slow on a busy two-core machine: allow for it rather than fail by the clock.
    testTimeout: 20_000,
    // One jsdom per worker instead of one per file: building jsdom dominated the run. Each test
    // starts from a state it sets itself (givenState) and test-setup clears storage and the DOM.
    isolate: false,
  },
})
