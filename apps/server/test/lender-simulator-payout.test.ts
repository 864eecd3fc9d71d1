// The loop closed to the payout with the lender simulator (apps/lender-sim, decision 2111): the simulated
// lenders, made to approve and always pay out, answer a submission with signed offers; the applicant opens
// their page from the newest emailed link and chooses one offer through /api/application-status; the server's
// worker sends the signed `application.offer-chosen` notice, and the chosen lender (only it) posts a signed
// `paid-out`, which is stored.

import { once } from 'node:events'
import { createServer } from 'node:net'
import { readFile } from 'node:fs/promises'
import { afterEach, expect, test } from 'vitest'
import { parseLenders } from '@forecourt/lender-sim/lenders'
import { destinationsFor, loadSecrets } from '@forecourt/lender-sim/setup'
import { startSimulator } from '@forecourt/lender-sim/simulator'
import { decisionsForApplication } from '../src/decisions/decision-repository'
import { createEmailSender } from '../src/email/sender'
import { waitUntil } from './delivery-fixtures'
import { startSmtpCapture } from './smtp-capture'
import {
  startEngineApp,
  submissionUrl,
  validSubmission,
  writeHeaders,
} from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

// The two motor lenders of carfinance, made to approve every application they can and to pay out every
// offer chosen: the chance outcomes are all switched off but the payout.
const lenders = parseLenders(
  await readFile(new URL('../../lender-sim/lenders.json', import.meta.url), 'utf8'),
  'lenders.json',
).map((lender) => ({
  ...lender,
  declineShare: 0,
  referralShare: 0,
  conditionsShare: 0,
  payoutShare: 1,
}))

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  return typeof address === 'object' && address !== null ? address.port : 0
}

const STATUS_LINK = /\/application-status\/([A-Za-z0-9_-]{43})/g

for (const engine of await engines()) {
  test.skipIf(!engine.available)(
    `${engine.name}: the simulated lender pays out the offer the applicant chose on their page`,
    async () => {
      const folder = await temporaryFolder()
      const secrets = loadSecrets(`${folder}/secrets.json`, lenders)
      const appPort = await freePort()
      const simulator = await startSimulator(
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
      const smtp = await startSmtpCapture()
      cleanups.push(() => smtp.close())
      const started = await startEngineApp(engine, {
        LENDER_DESTINATIONS: JSON.stringify(destinationsFor(lenders, secrets, simulator.url)),
        DELIVERY_WORKER: 'on',
        DATA_DIR: folder,
        SMTP_URL: smtp.url,
        // The applicant's updates go at once: the broker's head start has its own test (decision 2133).
        BROKER_HEAD_START_MINUTES: '0',
      })
      cleanups.push(() => started.close())
      await started.app.listen({ port: appPort, host: '127.0.0.1' })
      const sender = createEmailSender(started.config, started.database, started.app.log, {
        pollIntervalMs: 20,
      })
      sender.start()
      cleanups.push(() => sender.stop())
      const csrf = await writeHeaders(started.app)
      const call = (url: string, body?: unknown, session?: string) =>
        started.app.inject({
          method: body === undefined ? 'GET' : 'POST',
          url,
          headers: {
            ...csrf,
            ...(session === undefined
              ? {}
              : { cookie: `${csrf.cookie}; forecourt-status=${session}` }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        })

      const body = validSubmission()
      const key = body.submissionKey
      expect((await started.post(submissionUrl(key), body)).statusCode).toBe(201)
      const approvals = async () =>
        (await decisionsForApplication(started.database.db, key)).filter(
          (row) => row.decision === 'approved',
        )
      await waitUntil(async () => (await approvals()).length === 2, 20_000, 'two offers')
      // The confirmation and an update per offer, each with a new link that stops the one before.
      await waitUntil(
        async () =>
          smtp.messages.filter((message) => message.text.includes('/application-status/'))
            .length === 3,
        10_000,
        'three emails with links',
      )
      const tokens = smtp.messages.flatMap((message) =>
        [...message.text.matchAll(STATUS_LINK)].map((match) => match[1]!),
      )
      const opening = []
      for (const token of new Set(tokens)) {
        if ((await call('/api/application-status/open', { token })).statusCode === 200)
          opening.push(token)
      }
      expect(opening).toHaveLength(1)
      const [year, month, day] = String(body.dateOfBirth).slice(0, 10).split('-')
      const opened = await call('/api/application-status/check', {
        token: opening[0],
        dateOfBirth: { day, month, year },
      })
      expect(opened.statusCode, opened.body).toBe(200)
      const session = opened.cookies.find((each) => each.name === 'forecourt-status')!.value

      const chosenLender = lenders[1]!.id
      const offer = (await approvals()).find((row) => row.lenderId === chosenLender)!
      const chosen = await call('/api/application-status/choice', { decisionId: offer.id }, session)
      expect(chosen.statusCode, chosen.body).toBe(200)

      await waitUntil(
        async () =>
          (await decisionsForApplication(started.database.db, key)).some(
            (row) => row.decision === 'paid-out',
          ),
        20_000,
        'the payout',
      )
      await simulator.idle()
      const paidOut = (await decisionsForApplication(started.database.db, key)).filter(
        (row) => row.decision === 'paid-out',
      )
      expect(paidOut).toHaveLength(1)
      expect(paidOut[0]).toMatchObject({
        lenderId: chosenLender,
        lenderReference: offer.lenderReference,
        message: 'The loan has been paid out.',
        offer: null,
      })
      const view = (await call('/api/application-status', undefined, session)).json() as {
        lenders: Array<{ lenderId: string; state: string }>
      }
      expect(view.lenders.find((lender) => lender.lenderId === chosenLender)?.state).toBe(
        'paid-out',
      )
    },
    60_000,
  )
}
