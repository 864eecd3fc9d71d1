// wouter imports the use-sync-external-store shim for React 17 and older; React 19 has the hook
// itself. vite.config.ts points the shim's import here so its ~0.8 KB leaves the start screen's budget.
export { useSyncExternalStore } from 'react'
