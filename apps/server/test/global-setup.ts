// Once before the server's tests: compile the server (esbuild, well under a second), so the tests that
// start real processes (server, worker, operator command, fault scenarios) run what `npm start` runs,
// built from the source under test.

import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--quiet'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  })
  if (built.status !== 0) {
    throw new Error(`The server did not compile:\n${built.stdout}${built.stderr}`)
  }
}
