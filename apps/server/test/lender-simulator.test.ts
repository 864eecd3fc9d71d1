// The whole loop with the lender simulator that ships with the product (apps/lender-sim): a submission posted to
// the real app is delivered, signed, by the server's own worker to each simulated lender of its brand; each
// checks the signature and answers, then posts its signed decision back to /api/lender-decisions/{id}, where the
// server verifies and stores it. The decisions stored are exactly the ones the lenders' rules give. A delivery
// the simulator did not sign itself, or one repeated, is refused or acknowledged without a second decision.

import { once } from 'node:events'
import { createServer } from 'node:net'
import { readFile } from 'node:fs/promises'
import { afterEach, expect, test } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { decide, factsOf } from '@forecourt/lender-sim/decide'
import { parseLenders } from '@forecourt/lender-sim/lenders'
import { destinationsFor, loadSecrets } from '@forecourt/lender-sim/setup'
import { startSimulator, type RunningSimulator } from '@forecourt/lender-sim/simulator'
import { decisionsForApplication } from '../src/decisions/decision-repository'
import { waitUntil } from './delivery-fixtures'
import { startEngineApp, submissionUrl, validSubmission } from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const lenders = parseLenders(
  await readFile(new URL('../../lender-sim/lenders.json', import.meta.url), 'utf8'),
  'lenders.json',
)

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  return typeof address === 'object' && address !== null ? address.port : 0
}

for (const engine of await engines()) {
  test.skipIf(!engine.available)(
    `${engine.name}: a submission is delivered to the simulated lenders, whose signed decisions are stored as their rules give`,
    async () => {
      const folder = await temporaryFolder()
      const secrets = loadSecrets(`${folder}/secrets.json`, lenders)
      const appPort = await freePort()
      const simulator: RunningSimulator = await startSimulator(
        {
          lenders,
          secrets,
          forecourtUrl: `http://127.0.0.1:${appPort}`,
          decisionDelayMs: 50,
          payoutDelayMs: 50,
        },
        { port: 0 },
      )
      cleanups.push(() => simulator.close())
      const destinations = destinationsFor(lenders, secrets, simulator.url)
      // Car Finance Direct lends on vehicles only: the two motor lenders, not the homeowner lender.
      expect(destinations.carfinance?.map((destination) => destination.id)).toEqual([
        'northbridge-motor-finance',
        'castle-car-credit',
      ])
      expect(destinations.harbourlend?.map((destination) => destination.id)).toEqual([
        'northbridge-motor-finance',
        'castle-car-credit',
        'keystone-homeowner-loans',
      ])
      const started = await startEngineApp(engine, {
        LENDER_DESTINATIONS: JSON.stringify(destinations),
        DELIVERY_WORKER: 'on',
        DATA_DIR: folder,
      })
      cleanups.push(() => started.close())
      await started.app.listen({ port: appPort, host: '127.0.0.1' })

      const body = validSubmission()
      const received = new Date()
      expect((await started.post(submissionUrl(body.submissionKey), body)).statusCode).toBe(201)
      await waitUntil(
        async () =>
          (await decisionsForApplication(started.database.db, body.submissionKey)).length === 2,
        20_000,
        'both simulated lenders to decide',
      )
      await simulator.idle()
      expect(simulator.posted.map((post) => post.status)).toEqual([202, 202])

      const stored = await decisionsForApplication(started.database.db, body.submissionKey)
      const facts = factsOf(body, received)
      if ('problem' in facts) throw new Error(facts.problem)
      for (const lender of lenders.slice(0, 2)) {
        const expected = decide(lender, facts, received)
        const decision = stored.find((row) => row.lenderId === lender.id)
        expect(decision, lender.id).toMatchObject({
          decision: expected.decision,
          lenderReference: expected.lenderReference,
          message: expected.message ?? null,
          offer:
            expected.offer === undefined
              ? null
              : { ...expected.offer, expiresAt: expect.any(String) as string },
        })
      }
    },
    40_000,
  )
}

test('the simulator refuses a delivery it cannot verify and takes each Idempotency-Key once', async () => {
  const folder = await temporaryFolder()
  const secrets = loadSecrets(`${folder}/secrets.json`, lenders)
  const simulator = await startSimulator(
    {
      lenders,
      secrets,
      forecourtUrl: 'http://127.0.0.1:9',
      decisionDelayMs: 60_000,
      payoutDelayMs: 60_000,
    },
    { port: 0 },
  )
  cleanups.push(() => simulator.close())
  const lender = lenders[0]!
  const body = JSON.stringify(validSubmission())
  const deliver = (secret: string, at = new Date(), id = 'dlv_1') =>
    fetch(`${simulator.url}/lenders/${lender.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'key-1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, at, body),
      },
      body,
    })
  const forged = await deliver(secrets[lenders[1]!.id]!)
  expect(forged.status).toBe(401)
  expect(await forged.json()).toEqual({ error: 'Missing, invalid or stale signature' })
  const stale = await deliver(secrets[lender.id]!, new Date(Date.now() - 10 * 60_000))
  expect(stale.status).toBe(401)
  const first = await deliver(secrets[lender.id]!)
  expect(first.status).toBe(202)
  expect(await first.json()).toMatchObject({ status: 'considering' })
  const again = await deliver(secrets[lender.id]!, new Date(), 'dlv_2')
  expect(again.status).toBe(200)
  expect(await again.json()).toEqual({ status: 'already-received' })
  const unknown = await fetch(`${simulator.url}/lenders/nobody`, { method: 'POST', body })
  expect(unknown.status).toBe(404)
})
