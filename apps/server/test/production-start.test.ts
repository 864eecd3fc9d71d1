// What ships (decisions 1552 and 1553): the server compiled to JavaScript (the global setup has just built
// apps/server/dist from this source), started on plain Node with Node's defaults (decision 2091) but the server's semi-space (decision 2145) and no TypeScript
// loader, with the SQLite writer thread running from its own compiled file; and the npm scripts that start
// it spelling out the same command as the launchers that test it.

import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { ENTRY_POINTS } from '../scripts/build-server.mjs'
import { REPOSITORY_ROOT } from '../src/config'
import {
  COMPILED_DIR,
  CPU_FOR_MEMORY_FLAGS,
  NODE_FLAGS,
  SERVER_FLAGS,
  SERVER_SEMI_SPACE_MB,
  compiledEntry,
  productionArgs,
} from '../src/production-start'
import {
  faultServerEnv,
  sqliteDatabase,
  startServer,
  writeHeaders,
  type FaultDatabase,
  type ServerChild,
} from '../faults/support/server-child'
import { countStoredRows } from '../faults/support/stored-rows'
import { submissionTemplate } from '../faults/support/submission-load'
import { withBrowserSecret } from '../faults/support/browser-secret'

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
const scripts = (path: string) => readJson(path).scripts as Record<string, string>

let server: ServerChild | undefined
let database: FaultDatabase | undefined
afterEach(async () => {
  await server?.stop()
  await database?.drop()
  server = undefined
  database = undefined
})

test("npm start, the worker and the CLIs run the compiled files on Node's defaults, with no flag that trades CPU for memory", () => {
  // Decision 2091: the flags of decisions 2001 and 2021 cost 1.7 times the CPU of every request.
  expect(NODE_FLAGS).toEqual([])
  // Decision 2145: the server's young generation at 16 MiB a semi-space, half V8's default here, never less.
  expect(SERVER_FLAGS).toEqual(['--max-semi-space-size=16'])
  expect(productionArgs('server')).toEqual([...SERVER_FLAGS, compiledEntry('server')])
  expect(productionArgs('worker')).toEqual([compiledEntry('worker')])
  expect(scripts(join(REPOSITORY_ROOT, 'apps/server/package.json')).start).toBe(
    'node --max-semi-space-size=16 dist/server.js',
  )
  const root = scripts(join(REPOSITORY_ROOT, 'package.json'))
  // scripts/start.mjs starts the lender simulator beside the server in development (decision 2111), then
  // the server's own start script above.
  expect(root.start).toBe('npm run build && node scripts/start.mjs')
  expect(readFileSync(join(REPOSITORY_ROOT, 'scripts/start.mjs'), 'utf8')).toContain(
    "['run', 'start', '-w', '@forecourt/server']",
  )
  for (const name of ['worker', 'deliveries', 'operators', 'audit']) {
    expect(root[name], name).toMatch(new RegExp(`&& node apps/server/dist/${name}\\.js$`))
  }
  const launched = [
    ...Object.values(root),
    ...Object.values(scripts(join(REPOSITORY_ROOT, 'apps/server/package.json'))),
  ].join('\n')
  for (const flag of CPU_FOR_MEMORY_FLAGS) expect(launched, flag).not.toContain(flag)
  for (const size of launched.matchAll(/--max-semi-space-size=(\d+)/g)) {
    expect(Number(size[1])).toBeGreaterThanOrEqual(SERVER_SEMI_SPACE_MB)
  }
  // The build builds every workspace that has a build: the front ends and the server alike.
  expect(root.build).toBe('npm run build --workspaces --if-present')
})

test('every entry point is one compiled ES module beside the others, with no TypeScript loader and a source map to the TypeScript', () => {
  for (const [name, source] of Object.entries(ENTRY_POINTS)) {
    const file = join(COMPILED_DIR, `${name}.js`)
    const code = readFileSync(file, 'utf8')
    // Packages stay imports of node_modules; tsx, or any .ts file, must not be among them.
    expect(code).not.toMatch(/from\s+["']tsx/)
    expect(code).not.toMatch(/import\(\s*["'][^"']*\.ts["']/)
    expect(code).not.toMatch(/from\s+["'][^"']*\.ts["']/)
    expect(code).not.toContain('@forecourt/domain')
    expect(code.trimEnd().endsWith(`//# sourceMappingURL=${name}.js.map`)).toBe(true)
    const map = readJson(`${file}.map`) as { sources: string[] }
    expect(map.sources).toContain(`../${source}`)
  }
  expect(compiledEntry('server')).toBe(join(COMPILED_DIR, 'server.js'))
})

test('every compiled file is Latin-1, which V8 keeps at one byte a character', () => {
  // V8 holds each module's source for as long as the process runs (functions compile when first called);
  // a single character beyond Latin-1, in a regular expression or a comment esbuild keeps, doubles it
  // (decision 1961). esbuild escapes those in strings itself.
  for (const name of Object.keys(ENTRY_POINTS)) {
    const code = readFileSync(join(COMPILED_DIR, `${name}.js`), 'utf8')
    const wide = [...code].filter((character) => character.codePointAt(0)! > 0xff)
    expect(wide, name).toEqual([])
  }
})

test('the compiled server loads the packages of the back office, email, Redis and PostgreSQL only when it uses them', () => {
  // Each would hold its code and data in every server's heap from the start (decision 1961).
  const code = readFileSync(compiledEntry('server'), 'utf8')
  for (const name of ['nodemailer', 'pg', 'ioredis', '@zxcvbn-ts/language-common', 'qrcode']) {
    expect(code, name).not.toMatch(new RegExp(`^import [^;]*from\\s*["']${name}["']`, 'm'))
    expect(code, name).toMatch(new RegExp(`import\\(\\s*["']${name}["']\\s*\\)`))
  }
})

test('the compiled server on plain Node stores a submission through its compiled writer thread', async () => {
  database = await sqliteDatabase()
  server = await startServer({ env: { ...faultServerEnv(), ...database.env } })
  const headers = await writeHeaders(server.url)
  const key = randomUUID()
  const response = await fetch(`${server.url}/api/submission/${key}`, {
    method: 'POST',
    headers: withBrowserSecret(`/api/submission/${key}`, {
      'content-type': 'application/json',
      ...headers,
    }),
    body: submissionTemplate()(key),
  })
  expect(response.status).toBe(201)
  expect(await response.json()).toMatchObject({ submissionKey: key, status: 'received' })
  // Started as production starts it, and running its writer thread and the checkpointer beside it (Node
  // names a worker's thread WorkerThread): a thread that failed to load would have ended and left its
  // error on stderr.
  const command = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0')
  expect(command).toEqual([process.execPath, ...productionArgs('server'), ''])
  const threads = readdirSync(`/proc/${server.pid}/task`).map((id) =>
    readFileSync(`/proc/${server?.pid}/task/${id}/comm`, 'utf8').trim(),
  )
  expect(threads.filter((name) => name === 'WorkerThread')).toHaveLength(2)
  await server.stop()
  expect((await countStoredRows(database.config)).submissions).toBe(1)
  expect(server.stderr()).not.toMatch(/Error|tsx/)
})
