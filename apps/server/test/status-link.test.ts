// The applicant's one-time link (decision 2113), on both engines: each message gets a new link and the one
// before stops, even when messages are sent at the same moment (an update for each of two lenders' answers),
// so only one link of an application is ever working.

import { randomBytes } from 'node:crypto'
import { afterEach, expect, test } from 'vitest'
import { statusLinkForMessage } from '../src/offers/status-link'
import { startEngineApp, submissionUrl, validSubmission } from './submission-test-helpers'
import { engines } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

for (const engine of await engines()) {
  test.skipIf(!engine.available)(
    `${engine.name}: links made for messages sent at once leave exactly one working`,
    async () => {
      const started = await startEngineApp(engine)
      cleanups.push(() => started.close())
      const body = validSubmission()
      const key = body.submissionKey
      expect((await started.post(submissionUrl(key), body)).statusCode).toBe(201)
      const hashKey = randomBytes(32)
      const links = await Promise.all(
        Array.from({ length: 4 }, () =>
          statusLinkForMessage(started.database.db, {
            applicationKey: key,
            brand: 'carfinance',
            origin: 'http://carfinance.localhost',
            recipientAddress: 'jo@example.com',
            hashKey,
            now: new Date(),
          }),
        ),
      )
      expect(links.every((link) => link !== undefined)).toBe(true)
      const active = await started.database.db
        .selectFrom('resume_links')
        .select('id')
        .where('application_key', '=', key)
        .where('purpose', '=', 'status')
        .where('status', '=', 'active')
        .execute()
      expect(active).toHaveLength(1)
    },
  )
}
