// The worker inside the server: a submission posted to the real app reaches the lender without anything
// else running, and DELIVERY_WORKER=off leaves the delivery to `npm run worker`.

import { randomBytes } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { allDeliveries, destinationsFor, newSecret, waitUntil } from './delivery-fixtures'
import { startFakeLender } from './fake-lender'
import { parseMessage } from './smtp-capture'
import {
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
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
      // The email sender runs beside the worker and writes .eml files here (no SMTP_URL).
      const dataDir = await temporaryFolder()
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const { lender, started } = await appWithLender(index, {
        DELIVERY_WORKER: 'on',
        DATA_DIR: dataDir,
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
      // The worker logs an attempt once it has recorded it: a moment after the row reads delivered.
      await waitUntil(
        async () => started.logText().includes('"msg":"delivery attempt"'),
        15_000,
        'the worker to log its attempt',
      )
      expect(started.logText()).not.toContain(body.email)

      // The applicant's confirmation and the broker's alert, as files under DATA_DIR/mail.
      const mail = join(dataDir, 'mail')
      await waitUntil(
        async () =>
          (await readdir(mail).catch(() => [])).filter((name) => name.endsWith('.eml')).length ===
          2,
        15_000,
        'the email sender to write two .eml files',
      )
      const files = await Promise.all(
        (await readdir(mail)).map((name) => readFile(join(mail, name), 'utf8')),
      )
      const recipients = files.map((file) => parseMessage(file).headers.get('to')).sort()
      expect(recipients).toEqual([
        `"${body.firstName} ${body.lastName}" <${body.email}>`,
        'Car Finance Direct applications <applications@carfinance.example>',
      ])
      // The sender logs an attempt once it has recorded it, a moment after the file is written.
      await waitUntil(
        async () => started.logText().includes('"msg":"email attempt"'),
        15_000,
        'the email sender to log its attempt',
      )
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
