// The worker inside the server: a submission posted to the real app reaches the lender without anything
// else running, and DELIVERY_WORKER=off leaves the delivery to `npm run worker`.

import { randomBytes } from 'node:crypto'
import { afterEach, expect, test } from 'vitest'
import { setActiveDestinations } from '../src/delivery/destinations'
import { allDeliveries, destinationsFor, newSecret, waitUntil } from './delivery-fixtures'
import { startFakeLender } from './fake-lender'
import {
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  setActiveDestinations({})
})

async function appWithLender(engineIndex: number, env: Record<string, string>) {
  const engine = (await engines())[engineIndex]!
  const secret = newSecret()
  const lender = await startFakeLender({ secret })
  cleanups.push(() => lender.close())
  const destinations = destinationsFor([{ id: 'fake-lender', url: lender.url, secret }])
  const started: EngineApp = await startEngineApp(engine, {
    LENDER_DESTINATIONS: JSON.stringify(destinations),
    ...env,
  })
  cleanups.push(() => started.close())
  return { lender, started }
}

const [sqlite, postgres] = await engines()

for (const [index, engine] of [sqlite!, postgres!].entries()) {
  test.skipIf(!engine.available)(
    `${engine.name}: a submission posted to the server is delivered by the server's own worker, opened and signed`,
    async () => {
      const { lender, started } = await appWithLender(index, {
        DELIVERY_WORKER: 'on',
        FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
      })
      const body = validSubmission()
      const answer = await started.post(submissionUrl(body.submissionKey), body)
      expect(answer.statusCode).toBeLessThan(300)
      await waitUntil(
        async () => (await allDeliveries(started.database))[0]?.status === 'delivered',
        15_000,
        'the in-server worker to deliver',
      )
      const accepted = lender.accepted.get(body.submissionKey)
      expect(accepted?.body).toMatchObject({
        submissionKey: body.submissionKey,
        firstName: body.firstName,
        email: body.email,
      })
      expect(started.logText()).toContain('"msg":"delivery attempt"')
      expect(started.logText()).not.toContain(body.email)
    },
    30_000,
  )
}

test('with DELIVERY_WORKER=off the server only enqueues', async () => {
  const { lender, started } = await appWithLender(0, { DELIVERY_WORKER: 'off' })
  const body = validSubmission()
  expect((await started.post(submissionUrl(body.submissionKey), body)).statusCode).toBeLessThan(300)
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(await allDeliveries(started.database)).toMatchObject([
    { submission_key: body.submissionKey, status: 'pending', attempts: 0 },
  ])
  expect(lender.received).toEqual([])
  expect(started.logText()).not.toContain('delivery worker started')
}, 20_000)
