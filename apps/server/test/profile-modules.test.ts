// The by-module view of a CPU profile (bench/profile-modules.ts): Node's own code is charged to the
// server's module or library that called it, V8's work stays apart, idle time is left out.
import { expect, test } from 'vitest'
import { bundleModules, moduleShares, topFrames, type CpuProfile } from '../bench/profile-modules'

const BUNDLE = 'file:///srv/app/dist/server.js'
const bundleText = [
  '// src/app.ts', // line 0
  'const app = 1',
  '// src/back-office/search-index.ts', // line 2
  'function hashTerm() {}',
  'function indexer() {}',
  '// ../../packages/domain/src/steps/submission-schema.ts', // line 5
  'function validate() {}',
].join('\n')

test('a bundle line belongs to the module whose comment comes last before it', () => {
  const moduleOf = bundleModules(bundleText)
  expect([0, 1, 2, 4, 5, 6].map(moduleOf)).toEqual([
    'src/app.ts',
    'src/app.ts',
    'src/back-office/search-index.ts',
    'src/back-office/search-index.ts',
    'packages/domain/src/steps/submission-schema.ts',
    'packages/domain/src/steps/submission-schema.ts',
  ])
})

test("each sample is charged to the innermost of our modules or a library, Node's code to its caller", () => {
  const frame = (
    id: number,
    functionName: string,
    url: string,
    lineNumber: number,
    children: number[] = [],
  ) => ({
    id,
    callFrame: { functionName, url, lineNumber },
    children,
  })
  const profile: CpuProfile = {
    nodes: [
      frame(1, '(root)', '', -1, [2, 7, 8, 9, 10]),
      frame(2, 'handler', BUNDLE, 1, [3, 5]),
      frame(3, 'indexer', BUNDLE, 4, [4]),
      frame(4, 'Hmac', 'node:internal/crypto/hash', 10),
      frame(5, 'send', 'file:///srv/app/node_modules/fastify/lib/reply.js', 100, [6]),
      frame(6, 'writeUtf8String', '', -1),
      frame(7, '(garbage collector)', '', -1),
      frame(8, '(idle)', '', -1),
      frame(9, 'processTicksAndRejections', 'node:internal/process/task_queues', 70),
      frame(10, 'validate', BUNDLE, 6),
    ],
    // 4 ms in an HMAC the indexer asked for, 3 in fastify's socket write, 2 in the handler itself, 1 in
    // the schema, 1 collecting garbage, 1 in Node's task queue, and 10 idle (left out).
    samples: [4, 4, 4, 4, 6, 6, 5, 2, 2, 10, 7, 9, 8],
    timeDeltas: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 10],
  }
  const bundles = new Map([[BUNDLE, bundleModules(bundleText)]])
  expect(moduleShares(profile, 10, bundles)).toEqual([
    { module: 'src/back-office/search-index.ts', share: 4 / 12 },
    { module: 'fastify', share: 3 / 12 },
    { module: 'src/app.ts', share: 2 / 12 },
    { module: 'packages/domain/src/steps/submission-schema.ts', share: 1 / 12 },
    { module: '(garbage collector)', share: 1 / 12 },
    { module: 'Node (no caller of ours)', share: 1 / 12 },
  ])
  // The same samples by frame, self time only: the HMAC's own time, not its caller's.
  expect(topFrames(profile, 3)).toEqual([
    { frame: 'Hmac hash:11', share: 4 / 12 },
    { frame: 'writeUtf8String', share: 2 / 12 },
    { frame: 'handler server.js:2', share: 2 / 12 },
  ])
})
