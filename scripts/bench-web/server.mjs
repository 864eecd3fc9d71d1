// The real server for the front-end benchmarks, through the fault runs' shared helpers
// (apps/server/faults/support/server-child.ts): production mode, loopback only, a throw-away SQLite
// folder, the built front end, rate limits off (every page load and walk comes from one client
// address: the limiter's 429s would be measured instead of the pages), delivery worker off.
// The server serves a copy of the built front end taken at the start: a rebuild during the run (other
// work on a shared machine) would otherwise swap the chunks' names under it, and the static files
// it knew at start-up would answer 404. Needs tsx registered.
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOCAL_ALLOWED_HOSTS } from '../local-brand-hosts.mjs'

const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist')

/**
 * Starts the compiled server (apps/server/dist/server.js, as `npm start` does) and resolves once
 * `/api/ready` answers.
 * @param {{ port?: number }} [options] port 0 or omitted: a free port.
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function startServer({ port = 0 } = {}) {
  const {
    faultServerEnv,
    sqliteDatabase,
    startServer: startChild,
  } = await import('../../apps/server/faults/support/server-child.ts')
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`No built front end in ${WEB_DIST}: run \`npm run build\` first`)
  }
  const webCopy = await mkdtemp(join(tmpdir(), 'forecourt-bench-web-dist-'))
  const database = await sqliteDatabase()
  const cleanUp = async () => {
    await database.drop()
    await rm(webCopy, { recursive: true, force: true })
  }
  try {
    await cp(WEB_DIST, webCopy, { recursive: true })
    const child = await startChild({
      env: {
        ...faultServerEnv(),
        ...database.env,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: webCopy,
        // Production serves only its configured hosts: here each brand's *.localhost name.
        ALLOWED_HOSTS: LOCAL_ALLOWED_HOSTS,
      },
      ...(port === 0 ? {} : { port }),
    })
    return {
      port: child.port,
      stop: async () => {
        await child.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
