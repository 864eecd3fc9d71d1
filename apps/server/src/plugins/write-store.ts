// The write store on the app: made once at start-up for the engine in use (repositories/write-store.ts)
// and handed to every route as `app.writeStore`, so no route picks its own store (decision 1861).

import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database'
import {
  createWriteStore,
  type WriteStore,
  type WriteStoreOptions,
} from '../repositories/write-store'

declare module 'fastify' {
  interface FastifyInstance {
    /** Submissions and partial saves are written through this, and only this. */
    writeStore: WriteStore
  }
}

/**
 * Makes the store and decorates the app with it. The caller closes it (`writeStore.close()`) before the
 * database, so the writes in flight finish first.
 */
export function registerWriteStore(
  app: FastifyInstance,
  database: Database,
  options: WriteStoreOptions,
): WriteStore {
  const store = createWriteStore(database, options)
  app.decorate('writeStore', store)
  // A server about to take traffic starts SQLite's writer thread now, so the first applicant does not
  // wait for it. Not awaited: until it is ready the writes go through the server's own connection.
  app.addHook('onListen', async () => {
    store
      .start()
      .catch((error: unknown) => app.log.warn({ err: error }, 'SQLite writer not started'))
  })
  return store
}
