// The link emails go through the email outbox (decision 1951), on both engines: queued in the transaction
// that stores the link, with the token, the code and the address sealed, so the raw row shows none of
// them; sent by the sender over a real SMTP server (or as an .eml file) with a link that works; retried
// while the relay is down and sent once it is back; one email per link, none for a link replaced before
// its email went; and nothing sealed left once the email is sent or can no longer be.

import { randomBytes, randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { emailText } from '../src/back-office/application-timeline'
import { loadConfig } from '../src/config'
import type { EmailRow } from '../src/db/tables'
import { enqueueEmails } from '../src/email/outbox'
import {
  openParams,
  sealedParamsKey,
  sealKeyFor,
  sealParams,
  SealedParamsError,
} from '../src/email/sealed-params'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { fileTransport } from '../src/email/transport'
import { deleteExpired } from '../src/retention/delete-expired'
import { linkEmailRow } from '../src/save-return/link-email'
import { hashToken } from '../src/save-return/links'
import { parseMessage, startSmtpCapture, type SmtpCapture } from './smtp-capture'
import { startEngineApp, TEST_ENV, type EngineApp } from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const allEngines = await engines()
const DAY_MS = 24 * 60 * 60 * 1000

function savedApplication(options: { withDateOfBirth?: boolean } = {}) {
  const key = randomUUID()
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  state.form.email = `ada.${key.slice(0, 8)}@example.com`
  if (options.withDateOfBirth === false) state.form.dateOfBirth = null
  const payload = toPartialPayload(state, { brand: brands.carfinance, now: new Date() })
  return { key, state, payload, email: state.form.email }
}

function linkIn(text: string): { url: string; token: string } {
  const match = /(http:\/\/[^\s]+\/continue\/([A-Za-z0-9_-]{43}))/.exec(text)
  if (!match) throw new Error(`no link in:\n${text}`)
  return { url: match[1]!, token: match[2]! }
}

function codeIn(text: string): string {
  const code = /enter this code: (\d{6})/.exec(text)?.[1]
  if (code === undefined) throw new Error(`no code in:\n${text}`)
  return code
}

describe.each(allEngines)('link emails through the outbox on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture
  let port: number
  const env = {
    FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
    FORECOURT_SECRET: randomBytes(32).toString('base64'),
  }
  beforeAll(async () => {
    if (!engine.available) return
    smtp = await startSmtpCapture()
    port = smtp.port
    app = await startEngineApp(engine, { ...env, SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  /** A sender as `npm run worker` makes one: its own configuration, read from the same environment. */
  function workerSender(offsetMs: { value: number } = { value: 0 }): EmailSender {
    const config = loadConfig({ ...TEST_ENV, ...env, SMTP_URL: `smtp://127.0.0.1:${port}` })
    return createEmailSender(config, app.database, app.app.log, {
      now: () => new Date(Date.now() + offsetMs.value),
      // Half of each backoff ceiling: the first retry is due 15 s after the first failure.
      random: () => 0.5,
    })
  }

  async function sendAll(sender: EmailSender): Promise<void> {
    while ((await sender.runOnce()) > 0) {
      // each round claims what is due
    }
  }

  async function linkRows(key: string): Promise<EmailRow[]> {
    return app.database.db
      .selectFrom('emails')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  function save(saved: ReturnType<typeof savedApplication>) {
    return app.post(`/api/save-and-return/${saved.key}`, {
      email: saved.email,
      screen: '/contact',
      state: saved.state,
      payload: saved.payload,
    })
  }

  test.skipIf(!engine.available)(
    'the email is queued with its link and sealed: the raw row holds no token, code or address; sent, it opens the answers, and nothing sealed is left',
    async () => {
      const saved = savedApplication({ withDateOfBirth: false })
      expect((await save(saved)).statusCode).toBe(202)
      const [queued, ...others] = await linkRows(saved.key)
      expect(others).toEqual([])
      const link = await app.database.db
        .selectFrom('resume_links')
        .selectAll()
        .where('application_key', '=', saved.key)
        .executeTakeFirstOrThrow()
      expect(queued).toMatchObject({
        template: 'continue-link',
        brand: 'carfinance',
        recipient: 'applicant',
        status: 'pending',
        attempts: 0,
        dedupe_key: `link-email:${link.id}`,
        params: JSON.stringify({ linkId: link.id, origin: 'http://localhost:80' }),
      })
      const envelope = JSON.parse(queued!.sealed!) as Record<string, unknown>
      expect(Object.keys(envelope).sort()).toEqual(['alg', 'ct', 'iv', 'kid', 'tag'])
      expect(envelope.alg).toBe('A256GCM')

      smtp.messages.length = 0
      await sendAll(workerSender())
      expect(smtp.messages).toHaveLength(1)
      const message = smtp.messages[0]!
      expect(message.to).toEqual([saved.email])
      expect(message.headers.get('subject')).toBe('Continue your application')
      expect(message.headers.get('message-id')).toBe(`<${queued!.id}@forecourt.localhost>`)
      const { url, token } = linkIn(message.text)
      const code = codeIn(message.text)
      expect(url).toBe(`http://localhost:80/continue/${token}`)
      expect(link.token_hash).toBe(hashToken(token))

      // The row as it was queued, raw: neither the token, nor the code, nor the address.
      const raw = JSON.stringify(queued)
      for (const secret of [token, code, saved.email, link.token_hash]) {
        expect(raw).not.toContain(secret)
      }
      // Sent: marked once, and the sealed parameters are gone.
      const [sent] = await linkRows(saved.key)
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, sealed: null, last_error: null })
      const dump = JSON.stringify(await app.database.db.selectFrom('emails').selectAll().execute())
      expect(dump).not.toContain(token)
      expect(app.logText()).not.toContain(token)
      expect(app.logText()).not.toContain(saved.email)

      // The link works: the code from the same email opens the answers.
      expect((await app.post('/api/continue/open', { token })).json()).toEqual({ check: 'code' })
      const opened = await app.post('/api/continue/check', { token, code })
      expect(opened.statusCode).toBe(200)
      expect((opened.json() as { screen: string }).screen).toBe('/contact')
    },
  )

  test.skipIf(!engine.available)(
    'with the SMTP relay down the answer does not wait; the email stays queued, sealed, and goes once the relay is back',
    async () => {
      await smtp.close()
      const saved = savedApplication()
      const started = Date.now()
      const answer = await save(saved)
      expect(answer.statusCode).toBe(202)
      expect((answer.json() as { maskedEmail: string }).maskedEmail).toBe('a…@example.com')
      // Nothing was sent, or even tried, while the request was answered.
      const [queued] = await linkRows(saved.key)
      expect(queued).toMatchObject({ status: 'pending', attempts: 0 })
      expect(Date.now() - started).toBeLessThan(5000)

      const offset = { value: 0 }
      const sender = workerSender(offset)
      expect(await sender.runOnce()).toBe(1)
      const [failed] = await linkRows(saved.key)
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
      expect(failed!.last_error).toMatch(/^SMTP E[A-Z]+$/)
      expect(failed!.sealed).toBe(queued!.sealed)
      // Not due again until its backoff has passed.
      expect(await sender.runOnce()).toBe(0)

      smtp = await startSmtpCapture({ port })
      offset.value = 15_001
      await sendAll(sender)
      expect(smtp.messages).toHaveLength(1)
      expect(smtp.messages[0]!.to).toEqual([saved.email])
      const { token } = linkIn(smtp.messages[0]!.text)
      const [sent] = await linkRows(saved.key)
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, sealed: null, last_error: null })
      const opened = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '7', month: '3', year: '1985' },
      })
      expect(opened.statusCode).toBe(200)
    },
  )

  test.skipIf(!engine.available)(
    'one email per link: queued again it is absorbed; a newer link withdraws the older one’s unsent email, which never goes',
    async () => {
      const saved = savedApplication()
      expect((await save(saved)).statusCode).toBe(202)
      expect((await save(saved)).statusCode).toBe(202)
      const links = await app.database.db
        .selectFrom('resume_links')
        .selectAll()
        .where('application_key', '=', saved.key)
        .orderBy('created_at')
        .execute()
      expect(links.map((link) => link.status).sort()).toEqual(['active', 'superseded'])
      const older = links.find((link) => link.status === 'superseded')!
      const newer = links.find((link) => link.status === 'active')!
      const rows = await linkRows(saved.key)
      const byLink = (id: string) => rows.find((row) => row.dedupe_key === `link-email:${id}`)
      expect(byLink(older.id)).toMatchObject({
        status: 'dead',
        attempts: 0,
        sealed: null,
        last_error: 'a newer link replaced this one',
      })
      expect(byLink(newer.id)).toMatchObject({ status: 'pending' })

      // The same link's email again (a replayed transaction): nothing more is queued.
      const again = linkEmailRow({
        template: 'continue-link',
        link: { token: 'x'.repeat(43), code: undefined, expiresAt: newer.expires_at, row: newer },
        brand: 'carfinance',
        origin: 'http://localhost:80',
        to: { name: '', address: saved.email },
        key: sealKeyFor(app.config),
        now: new Date(),
      })
      expect(await enqueueEmails(app.database.db, [again])).toBe(0)
      expect(await linkRows(saved.key)).toHaveLength(2)

      smtp.messages.length = 0
      await sendAll(workerSender())
      expect(smtp.messages.filter((message) => message.to.includes(saved.email))).toHaveLength(1)
      const { token } = linkIn(smtp.messages[0]!.text)
      expect(hashToken(token)).toBe(newer.token_hash)
    },
  )

  test.skipIf(!engine.available)(
    'an email whose link stopped working before it went is not sent, and keeps nothing sealed',
    async () => {
      const saved = savedApplication()
      expect((await save(saved)).statusCode).toBe(202)
      await app.database.db
        .updateTable('resume_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('application_key', '=', saved.key)
        .execute()
      smtp.messages.length = 0
      await sendAll(workerSender())
      expect(smtp.messages).toEqual([])
      const [row] = await linkRows(saved.key)
      expect(row).toMatchObject({
        status: 'dead',
        attempts: 1,
        sealed: null,
        last_error: 'the link no longer works',
      })
    },
  )

  test.skipIf(!engine.available)(
    'with no sender running, the hourly job wipes a link email still sealed after a link’s lifetime',
    async () => {
      const saved = savedApplication()
      expect((await save(saved)).statusCode).toBe(202)
      const policy = { submittedDays: 2192, partialDays: 30 }
      // Within the link's 7 days: left alone.
      await deleteExpired(app.database.db, policy, new Date(Date.now() + 6 * DAY_MS))
      expect((await linkRows(saved.key))[0]).toMatchObject({ status: 'pending' })
      expect((await linkRows(saved.key))[0]!.sealed).not.toBeNull()
      await deleteExpired(app.database.db, policy, new Date(Date.now() + 8 * DAY_MS))
      expect((await linkRows(saved.key))[0]).toMatchObject({
        status: 'dead',
        sealed: null,
        last_error: 'the link expired before it was sent',
      })
    },
  )

  test.skipIf(!engine.available)(
    'through the file transport the .eml file carries the working link, and the row is wiped the same',
    async () => {
      const folder = await temporaryFolder('forecourt-link-mail-')
      try {
        const saved = savedApplication()
        expect((await save(saved)).statusCode).toBe(202)
        const config = loadConfig({ ...TEST_ENV, ...env })
        const sender = createEmailSender(config, app.database, app.app.log, {
          transport: fileTransport(folder),
        })
        await sendAll(sender)
        const [row] = await linkRows(saved.key)
        expect(row).toMatchObject({ status: 'sent', sealed: null })
        const files = (await readdir(folder)).filter((name) => name.includes(row!.id))
        expect(files).toHaveLength(1)
        const message = parseMessage(await readFile(join(folder, files[0]!), 'utf8'))
        expect(message.headers.get('to')).toContain(saved.email)
        const { token } = linkIn(message.text)
        expect((await app.post('/api/continue/open', { token })).json()).toEqual({
          check: 'date-of-birth',
        })
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
  )
})

test('sealed parameters open only with the same key and on their own row', () => {
  const hashKey = randomBytes(32)
  const secret = randomBytes(32).toString('base64')
  const key = sealedParamsKey(hashKey, secret)
  const value = {
    to: { name: 'Ada', address: 'ada@example.com' },
    params: { token: 't', code: '1' },
  }
  const sealed = sealParams(value, key, 'link-email:rsl_1')
  expect(openParams(sealed, key, 'link-email:rsl_1')).toEqual(value)
  expect(sealed).not.toContain('ada@example.com')
  // The same key from the same configuration (the server and `npm run worker`).
  expect(openParams(sealed, sealedParamsKey(hashKey, secret), 'link-email:rsl_1')).toEqual(value)
  // Another row, another secret, another hash key, or none of the secret: nothing opens.
  expect(() => openParams(sealed, key, 'link-email:rsl_2')).toThrow(SealedParamsError)
  for (const other of [
    sealedParamsKey(hashKey, `${secret}x`),
    sealedParamsKey(hashKey, undefined),
    sealedParamsKey(randomBytes(32), secret),
  ]) {
    expect(other.id).not.toBe(key.id)
    expect(() => openParams(sealed, other, 'link-email:rsl_1')).toThrow(
      "the sealed parameters do not open with this server's key",
    )
  }
})

test('the seal key follows the configured keys: the data key, the index key and the secret', () => {
  const dataKey = randomBytes(32).toString('base64')
  const secret = randomBytes(32).toString('base64')
  const id = (env: Record<string, string>) => sealKeyFor(loadConfig({ ...TEST_ENV, ...env })).id
  expect(id({ FORECOURT_DATA_KEY: dataKey, FORECOURT_SECRET: secret })).toBe(
    id({ FORECOURT_DATA_KEY: dataKey, FORECOURT_SECRET: secret }),
  )
  const ids = new Set([
    id({}),
    id({ FORECOURT_SECRET: secret }),
    id({ FORECOURT_DATA_KEY: dataKey }),
    id({ FORECOURT_DATA_KEY: dataKey, FORECOURT_SECRET: secret }),
    id({ FORECOURT_INDEX_KEY: randomBytes(32).toString('base64'), FORECOURT_SECRET: secret }),
  ])
  expect(ids.size).toBe(5)
})

test('the back office’s timeline names a link email and where it got to, never the link', () => {
  const summary = {
    id: 'eml_1',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    sentAt: null,
  }
  expect(
    emailText({
      ...summary,
      template: 'continue-link',
      recipient: 'applicant',
      status: 'sent',
      sentAt: '2026-11-26T10:00:01.000Z',
    }),
  ).toBe('Link to continue the application sent to the applicant')
  expect(
    emailText({
      ...summary,
      template: 'joint-confirm-link',
      recipient: 'joint-applicant',
      status: 'pending',
    }),
  ).toBe('Link to confirm their part to the joint applicant waiting to be sent (1 attempts so far)')
  expect(
    emailText({
      ...summary,
      template: 'joint-confirm-link',
      recipient: 'joint-applicant',
      status: 'dead',
    }),
  ).toBe('Link to confirm their part to the joint applicant could not be sent')
})
