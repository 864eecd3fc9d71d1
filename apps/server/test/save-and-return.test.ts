// Save and come back later through the real routes on both engines, with the email read from a real SMTP
// server: the link holds only a random token and the database only its hash; the date of birth (or the
// emailed code) is asked before anything is shown; one use, 7 days, five wrong answers; a new link only
// to the address the old one went to, with the same answer either way; the limits per address and
// client. Decisions 1821, 1822.

import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { SAVE_RETURN_MESSAGES } from '@forecourt/domain/save-return/messages'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { hashToken } from '../src/save-return/links'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import {
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()

function savedApplication(options: { withDateOfBirth?: boolean; email?: string } = {}) {
  const key = randomUUID()
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  state.form.email = options.email ?? `jo.${key.slice(0, 8)}@example.com`
  if (options.withDateOfBirth === false) state.form.dateOfBirth = null
  const payload = toPartialPayload(state, { brand: brands.carfinance, now: new Date() })
  return { key, state, payload, email: state.form.email }
}

function linkOf(text: string): { url: string; token: string } {
  const match = /(http:\/\/[^\s]+\/continue\/([A-Za-z0-9_-]{43}))/.exec(text)
  if (!match) throw new Error(`no link in:\n${text}`)
  return { url: match[1]!, token: match[2]! }
}

async function until<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(allEngines)('save and come back later on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture
  let sender: EmailSender
  beforeAll(async () => {
    if (!engine.available) return
    smtp = await startSmtpCapture()
    app = await startEngineApp(engine, {
      SMTP_URL: smtp.url,
      FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
    })
    // The link emails go through the email outbox (decision 1951): a sender as the server runs one
    // (its key from the same configuration), polling often. Its log lines join the app's.
    sender = createEmailSender(app.config, app.database, app.app.log, { pollIntervalMs: 20 })
    sender.start()
  })
  afterAll(async () => {
    await sender?.stop()
    await app?.close()
    await smtp?.close()
  })

  const messageTo = (address: string, after = 0) =>
    until(() =>
      smtp.messages
        .slice(after)
        .find((message) => message.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    )

  async function save(saved: ReturnType<typeof savedApplication>, screen = '/address/1') {
    return app.post(`/api/save-and-return/${saved.key}`, {
      email: saved.email,
      screen,
      state: saved.state,
      payload: saved.payload,
    })
  }

  test.skipIf(!engine.available)(
    'a save emails a link; the date of birth opens it once and gives back the answers and the screen',
    async () => {
      const saved = savedApplication()
      const answer = await save(saved)
      expect(answer.statusCode).toBe(202)
      const body = answer.json() as { maskedEmail: string; expiresAt: string }
      expect(body.maskedEmail).toBe('j…@example.com')
      const sevenDays = 7 * 24 * 60 * 60 * 1000
      expect(Math.abs(Date.parse(body.expiresAt) - Date.now() - sevenDays)).toBeLessThan(60_000)

      const message = await messageTo(saved.email)
      expect(message.headers.get('subject')).toBe('Continue your application')
      expect(message.text).toContain('When the page asks for it, enter your date of birth.')
      // A saved application may be for a homeowner loan: the email names no loan kind.
      expect(message.text).toContain(
        'You saved your application with Car Finance Direct. Use the link below to continue where you left off, on any device.',
      )
      expect(message.text).not.toContain('vehicle finance')
      const { url, token } = linkOf(message.text)
      expect(url).toBe(`http://localhost:80/continue/${token}`)

      // Only the token's hash is stored, and nothing personal is in clear.
      const rows = await app.database.db.selectFrom('resume_links').selectAll().execute()
      expect(JSON.stringify(rows)).not.toContain(token)
      expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true)
      const answers = await app.database.db.selectFrom('saved_answers').selectAll().execute()
      expect(JSON.stringify(answers)).not.toContain(saved.email)
      expect(app.logText()).not.toContain(token)
      expect(app.logText()).not.toContain(saved.email)

      expect((await app.post('/api/continue/open', { token })).json()).toEqual({
        check: 'date-of-birth',
      })
      const wrong = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '8', month: '3', year: '1985' },
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        error: 'That date of birth does not match the application. You can try 4 more times.',
        errors: [
          {
            field: 'dateOfBirth',
            message: 'That date of birth does not match the application. You can try 4 more times.',
          },
        ],
        attemptsLeft: 4,
      })
      const right = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '7', month: '3', year: '1985' },
      })
      expect(right.statusCode).toBe(200)
      expect(right.json()).toEqual({
        applicationKey: saved.key,
        screen: '/address/1',
        state: JSON.parse(JSON.stringify(saved.state)),
      })
      // One use.
      const again = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '7', month: '3', year: '1985' },
      })
      expect(again.statusCode).toBe(410)
      expect(again.json()).toEqual({ error: 'This link has expired' })
    },
  )

  test.skipIf(!engine.available)(
    'five wrong dates of birth void the link; a new link goes only to the address the old one went to',
    async () => {
      const saved = savedApplication()
      await save(saved, '/contact')
      const { token } = linkOf((await messageTo(saved.email)).text)
      for (const left of [4, 3, 2, 1]) {
        const wrong = await app.post('/api/continue/check', {
          token,
          dateOfBirth: { day: '1', month: '1', year: '1990' },
        })
        expect((wrong.json() as { attemptsLeft: number }).attemptsLeft).toBe(left)
      }
      expect(
        (
          await app.post('/api/continue/check', {
            token,
            dateOfBirth: { day: '1', month: '1', year: '1990' },
          })
        ).statusCode,
      ).toBe(410)
      // Void: even the right date does not open it.
      const voided = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '7', month: '3', year: '1985' },
      })
      expect(voided.statusCode).toBe(410)
      expect((await app.post('/api/continue/open', { token })).statusCode).toBe(410)

      const before = smtp.messages.length
      const stranger = await app.post('/api/continue/new-link', {
        token,
        email: 'someone.else@example.com',
      })
      const owner = await app.post('/api/continue/new-link', {
        token,
        email: saved.email.toUpperCase(),
      })
      // The same answer whoever asks.
      expect(stranger.statusCode).toBe(202)
      expect(owner.statusCode).toBe(202)
      expect(stranger.body).toBe(owner.body)
      expect(owner.json()).toEqual({
        message: 'If this address is right, we have sent a link to it.',
      })
      const fresh = await messageTo(saved.email.toUpperCase(), before)
      expect(
        smtp.messages.slice(before).some((m) => m.to.includes('someone.else@example.com')),
      ).toBe(false)
      const next = linkOf(fresh.text)
      const opened = await app.post('/api/continue/check', {
        token: next.token,
        dateOfBirth: { day: '07', month: '03', year: '1985' },
      })
      expect(opened.statusCode).toBe(200)
      expect((opened.json() as { screen: string }).screen).toBe('/contact')
    },
  )

  test.skipIf(!engine.available)(
    'before a date of birth is given, a 6-digit code from the same email is asked instead',
    async () => {
      const saved = savedApplication({ withDateOfBirth: false })
      expect(saved.payload.dateOfBirth).toBeUndefined()
      await save(saved, '/marital-status')
      const message = await messageTo(saved.email)
      const code = /enter this code: (\d{6})/.exec(message.text)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      const { token } = linkOf(message.text)
      expect((await app.post('/api/continue/open', { token })).json()).toEqual({ check: 'code' })
      const malformed = await app.post('/api/continue/check', { token, code: '12ab' })
      expect(malformed.json()).toEqual({
        error: SAVE_RETURN_MESSAGES.codeFormat,
        errors: [{ field: 'code', message: 'The code is 6 digits, for example 123456.' }],
      })
      const other = code === '000000' ? '000001' : '000000'
      const wrong = await app.post('/api/continue/check', { token, code: other })
      expect((wrong.json() as { error: string }).error).toBe(
        'That code does not match the one we sent. You can try 4 more times.',
      )
      const right = await app.post('/api/continue/check', { token, code })
      expect(right.statusCode).toBe(200)
      expect((right.json() as { screen: string }).screen).toBe('/marital-status')
    },
  )

  test.skipIf(!engine.available)('an expired or a tampered link shows as expired', async () => {
    const saved = savedApplication()
    await save(saved)
    const { token } = linkOf((await messageTo(saved.email)).text)
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await app.post('/api/continue/open', { token: tampered })).statusCode).toBe(410)
    await app.database.db
      .updateTable('resume_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute()
    const answer = await app.post('/api/continue/check', {
      token,
      dateOfBirth: { day: '7', month: '3', year: '1985' },
    })
    expect(answer.statusCode).toBe(410)
    expect(answer.json()).toEqual({ error: 'This link has expired' })
  })

  test.skipIf(!engine.available)(
    'a link opens only on its own brand’s site, and a submitted application cannot be saved',
    async () => {
      const saved = savedApplication()
      await save(saved)
      const { token } = linkOf((await messageTo(saved.email)).text)
      const elsewhere = await app.post(
        '/api/continue/open',
        { token },
        { host: 'harbourlend.localhost' },
      )
      expect(elsewhere.statusCode).toBe(410)

      const key = randomUUID()
      expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
      const state = filledState()
      state.GUID = key
      state.applicationKey = key
      const late = await app.post(`/api/save-and-return/${key}`, {
        email: 'jo@example.com',
        screen: '/contact',
        state,
        payload: toPartialPayload(state, { brand: brands.carfinance, now: new Date() }),
      })
      expect(late.statusCode).toBe(409)
      expect(late.json()).toEqual({
        error: 'This application has already been sent, so its answers cannot be saved for later.',
      })
    },
  )

  test.skipIf(!engine.available)(
    'a link of an application sent since says it is with the broker, with its reference, used or not',
    async () => {
      const sent = { error: 'Your application has already been sent', status: 'submitted' }
      const saved = savedApplication()
      await save(saved)
      const { token } = linkOf((await messageTo(saved.email)).text)
      const used = savedApplication()
      await save(used)
      const usedLink = linkOf((await messageTo(used.email)).text)
      const dateOfBirth = { day: '7', month: '3', year: '1985' }
      expect(
        (await app.post('/api/continue/check', { token: usedLink.token, dateOfBirth })).statusCode,
      ).toBe(200)

      for (const { key } of [saved, used]) {
        expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
      }
      for (const [link, key] of [
        [token, saved.key],
        [usedLink.token, used.key],
      ] as const) {
        const opened = await app.post('/api/continue/open', { token: link })
        expect(opened.statusCode).toBe(409)
        expect(opened.json()).toEqual({ ...sent, reference: applicationReference(key) })
      }
      // A page that asked for the date of birth before the application was sent hears the same.
      const checked = await app.post('/api/continue/check', { token, dateOfBirth })
      expect(checked.statusCode).toBe(409)
      expect(checked.json()).toEqual({ ...sent, reference: applicationReference(saved.key) })
      // Another brand's site still learns nothing of it.
      const elsewhere = await app.post(
        '/api/continue/open',
        { token },
        { host: 'harbourlend.localhost' },
      )
      expect(elsewhere.statusCode).toBe(410)
    },
  )

  test.skipIf(!engine.available)(
    'the answers behind a link follow the applicant; retention deletes them with the partial application',
    async () => {
      const saved = savedApplication()
      const before = await app.post(`/api/saved-answers/${saved.key}`, {
        state: saved.state,
      })
      // Nothing was saved for later yet: nothing is stored.
      expect(before.json()).toEqual({ status: 'not-saved-for-later' })
      await save(saved, '/contact')
      const { token } = linkOf((await messageTo(saved.email)).text)
      const later = structuredClone(saved.state)
      later.form.firstName = 'Augusta'
      const refreshed = await app.post(`/api/saved-answers/${saved.key}`, {
        state: later,
      })
      expect(refreshed.json()).toEqual({ status: 'saved' })
      const opened = await app.post('/api/continue/check', {
        token,
        dateOfBirth: { day: '7', month: '3', year: '1985' },
      })
      expect((opened.json() as { state: typeof later }).state.form.firstName).toBe('Augusta')

      const { deleteExpired } = await import('../src/retention/delete-expired')
      const farFuture = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000)
      await deleteExpired(app.database.db, { submittedDays: 2192, partialDays: 30 }, farFuture)
      for (const table of ['resume_links', 'saved_answers'] as const) {
        const left = await app.database.db
          .selectFrom(table)
          .select('application_key')
          .where('application_key', '=', saved.key)
          .execute()
        expect(left).toEqual([])
      }
    },
  )

  test.skipIf(!engine.available)(
    'saving for later and refreshing the saved answers need the secret of the browser that started the application',
    async () => {
      const saved = savedApplication()
      // The applicant's own browser saves and binds the key.
      expect((await save(saved)).statusCode).toBe(202)
      const linksBefore = await app.database.db
        .selectFrom('resume_links')
        .select(['id', 'status'])
        .where('application_key', '=', saved.key)
        .execute()
      const body = {
        email: 'someone.else@example.com',
        screen: '/address/1',
        state: saved.state,
        payload: saved.payload,
      }
      for (const secret of ['', 'not-the-browsers-secret']) {
        const headers = { 'x-application-secret': secret }
        const overwrite = await app.post(`/api/save-and-return/${saved.key}`, body, headers)
        expect(overwrite.statusCode, `save with "${secret}"`).toBe(403)
        expect(overwrite.json()).toMatchObject({ reason: 'application-secret' })
        const refresh = await app.post(
          `/api/saved-answers/${saved.key}`,
          { state: saved.state },
          headers,
        )
        expect(refresh.statusCode, `refresh with "${secret}"`).toBe(403)
      }
      // Nothing changed: the applicant's own link still works, no link went elsewhere.
      expect(
        await app.database.db
          .selectFrom('resume_links')
          .select(['id', 'status'])
          .where('application_key', '=', saved.key)
          .execute(),
      ).toEqual(linksBefore)
    },
  )

  test.skipIf(!engine.available)('bad requests are refused with what is wrong', async () => {
    const saved = savedApplication()
    const answer = await app.post(`/api/save-and-return/${saved.key}`, {
      email: 'not an address',
      screen: '/nowhere',
      state: { ...saved.state, GUID: randomUUID() },
      payload: saved.payload,
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      error: 'Invalid request',
      errors: [
        { field: 'email', message: 'Please try again. That email address doesn’t look right.' },
        { field: 'screen', message: 'is not a screen of the journey' },
        { field: 'state', message: 'is not this application’s saved state' },
      ],
    })
  })

  test.skipIf(!engine.available)(
    'requests for links are limited per address and per client',
    async () => {
      const email = `limit.${randomUUID().slice(0, 8)}@example.com`
      const statuses: number[] = []
      for (let i = 0; i < 6; i += 1) {
        const saved = savedApplication({ email })
        statuses.push((await save(saved)).statusCode)
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
      const limited = await save(savedApplication({ email }))
      expect(limited.json()).toEqual({
        error: 'You have asked for too many links. Please wait an hour and try again.',
      })
      // Another client (the proxy is not trusted here, so a different socket address stands in).
      const client = await app.app.inject({
        method: 'POST',
        url: '/api/continue/new-link',
        remoteAddress: '127.0.0.9',
        headers: { 'content-type': 'application/json' },
        payload: { token: 'x', email: 'a@example.com' },
      })
      // No anti-forgery pair: refused before any count.
      expect(client.statusCode).toBe(403)
      const counted = await app.database.db
        .selectFrom('link_requests')
        .select('subject_hash')
        .execute()
      expect(JSON.stringify(counted)).not.toContain(email)
      // The client's own budget: twenty an hour, whatever the addresses.
      const perClient: number[] = []
      for (let i = 0; i < 20; i += 1) {
        perClient.push(
          (
            await app.post('/api/continue/new-link', {
              token: 'x',
              email: `c${i}.${randomUUID().slice(0, 6)}@example.com`,
            })
          ).statusCode,
        )
      }
      expect(perClient).toContain(429)
    },
  )
})
