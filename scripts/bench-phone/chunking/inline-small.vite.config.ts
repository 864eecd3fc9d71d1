// The chunking experiment of the phone benchmark (docs/benchmarks.md, “Front end on a phone”):
// the web app's own build with Rolldown's small common chunks inlined into the chunks that import
// them, for fewer requests on 150 ms round trips. Built from apps/web with
// `npx vite build -c ../../scripts/bench-phone/chunking/inline-small.vite.config.ts`.
import { mergeConfig } from 'vite'
import base from '../../../apps/web/vite.config'

export default mergeConfig(base, {
  build: {
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } },
      },
    },
  },
})
