// The real server for the front-end benchmarks, through the fault runs' shared helpers
// (apps/server/faults/support/server-child.ts): production mode, loopback only, a throw-away SQLite
// folder, the built front end, rate limits off (every page load and walk comes from one client
// address: the limiter's 429s would be measured instead of the pages), delivery worker off.
// Needs tsx registered.

/**
 * Starts `node --import tsx apps/server/src/server.ts` and resolves once `/api/ready` answers.
 * @param {{ port?: number }} [options] port 0 or omitted: a free port.
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function startServer({ port = 0 } = {}) {
  const {
    faultServerEnv,
    sqliteDatabase,
    startServer: startChild,
  } = await import('../../apps/server/faults/support/server-child.ts')
  const database = await sqliteDatabase()
  try {
    const child = await startChild({
      env: { ...faultServerEnv(), ...database.env, LOG_LEVEL: 'warn' },
      ...(port === 0 ? {} : { port }),
    })
    return {
      port: child.port,
      stop: async () => {
        await child.stop()
        await database.drop()
      },
    }
  } catch (error) {
    await database.drop()
    throw error
  }
}
