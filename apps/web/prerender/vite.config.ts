// The build-time renderer's own Vite build (server-side, for Node), kept apart from the app's
// vite.config.ts: `vite build -c prerender/vite.config.ts` writes node_modules/.prerender/, which
// prerender.mjs runs once per brand.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'src/prerender/entry-server.tsx',
    outDir: 'node_modules/.prerender',
    emptyOutDir: true,
    target: 'node20',
  },
  ssr: {
    // The domain package ships TypeScript source: bundle it; React and the rest load from node_modules.
    noExternal: ['@forecourt/domain'],
  },
})
