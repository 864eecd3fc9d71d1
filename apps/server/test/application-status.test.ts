// The applicant's own page (decision 2113) through the real routes on both engines, with a real SMTP server:
// the applicant's confirmation carries a one-time link, made as it is sent; their date of birth opens their page on this device; each
// lender shows with its state in words and its offer's own figures; choosing an offer records the choice and
// what was shown as evidence, alerts the broker and queues a signed `application.offer-chosen` notice for
// every lender it went to. An expired offer, an offer of another application, a second choice, a wrong date of
// birth, a used link and one past its date are refused and change nothing.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import {
  type EngineApp,
  postSignedDecision,
  startEngineApp,
  submissionUrl,
  TEST_LENDERS,
  validSubmission,
  writeHeaders,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const [LENDER_A, LENDER_B] = TEST_LENDERS.carfinance
const DAY_MS = 24 * 60 * 60 * 1000

describe.each(allEngines)('the applicant’s own page on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture
  let sender: EmailSender
  let csrf: Record<string, string>
  beforeAll(async () => {
    if (!engine.available) return
    smtp = await startSmtpCapture()
    // The applicants' updates go with the broker's alert: the head start has its own test (decision 2133).
    app = await startEngineApp(engine, { SMTP_URL: smtp.url, BROKER_HEAD_START_MINUTES: '0' })
    sender = createEmailSender(app.config, app.database, app.app.log, { pollIntervalMs: 20 })
    sender.start()
    csrf = await writeHeaders(app.app)
  })
  afterAll(async () => {
    await sender?.stop()
    await app?.close()
    await smtp?.close()
  })

  async function submitted() {
    const payload = validSubmission()
    expect((await app.post(submissionUrl(payload.submissionKey), payload)).statusCode).toBe(201)
    return payload
  }

  async function statusToken(reference: string): Promise<string> {
    const end = Date.now() + 5000
    for (;;) {
      const message = smtp.messages.find(
        (m) => m.headers.get('subject') === `We have received your application (${reference})`,
      )
      if (message !== undefined) {
        expect(message.text).toContain(
          'Follow your application: each lender’s answer on your own page',
        )
        const token = /\/application-status\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1]
        if (token === undefined) throw new Error(message.text)
        return token
      }
      if (Date.now() > end) throw new Error('no status link email')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  async function call(method: 'GET' | 'POST', url: string, body?: unknown, session?: string) {
    const response = await app.app.inject({
      method,
      url,
      headers: {
        ...csrf,
        ...(session === undefined ? {} : { cookie: `${csrf.cookie}; forecourt-status=${session}` }),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    return response
  }

  async function decide(
    lender: { id: string; secret: string },
    key: string,
    offer: Record<string, unknown>,
  ) {
    const body = JSON.stringify({
      submissionKey: key,
      decision: 'approved',
      lenderReference: `${lender.id}-ref`,
      decidedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      offer: { commission: { kind: 'percentage', value: 3 }, ...offer },
    })
    const answer = await postSignedDecision(app.app, lender, body)
    expect(answer.statusCode, answer.body).toBe(202)
    return (answer.json() as { id: string }).id
  }

  test.skipIf(!engine.available)(
    'the emailed link and the date of birth open the page; offers side by side; a choice is recorded and told',
    async () => {
      const payload = await submitted()
      const key = payload.submissionKey
      const reference = (
        await app.database.db
          .selectFrom('submissions')
          .select('reference')
          .where('submission_key', '=', key)
          .executeTakeFirstOrThrow()
      ).reference!
      const token = await statusToken(reference)
      const [year, month, day] = String(payload.dateOfBirth).slice(0, 10).split('-')

      expect((await call('GET', '/api/application-status')).json()).toEqual({
        error: 'Open the link in your email to see your application.',
      })
      expect((await call('POST', '/api/application-status/open', { token })).json()).toEqual({
        check: 'date-of-birth',
      })
      const wrong = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day: '1', month: '1', year: '1950' },
      })
      expect(wrong.statusCode).toBe(400)
      expect((wrong.json() as { attemptsLeft: number }).attemptsLeft).toBe(4)
      const opened = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day, month, year },
      })
      expect(opened.statusCode).toBe(200)
      const cookie = opened.cookies.find((each) => each.name === 'forecourt-status')!
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
      expect(opened.json()).toEqual({
        reference,
        lenders: [
          {
            lenderId: 'lender-a',
            lenderName: 'Lender A',
            state: 'considering',
            stateText: 'Considering your application',
            message: null,
            offer: null,
          },
          {
            lenderId: 'lender-b',
            lenderName: 'Lender B',
            state: 'considering',
            stateText: 'Considering your application',
            message: null,
            offer: null,
          },
        ],
        choice: null,
      })
      // The link worked once.
      expect((await call('POST', '/api/application-status/open', { token })).statusCode).toBe(410)

      const open = new Date(Date.now() + 30 * DAY_MS).toISOString()
      const chosenId = await decide(LENDER_A!, key, {
        amount: 7500,
        termMonths: 48,
        apr: 18.4,
        monthlyPayment: 216.45,
        totalPayable: 10389.6,
        totalCostOfCredit: 2889.6,
        expiresAt: open,
      })
      const lapsedId = await decide(LENDER_B!, key, {
        amount: 7500,
        termMonths: 48,
        apr: 16.9,
        monthlyPayment: 213.72,
        expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
      })
      // The lender's answer is emailed without figures, with a new one-time link to the page.
      await expect
        .poll(
          () =>
            smtp.messages.find(
              (m) =>
                m.headers.get('subject') === `An update on your application (${reference})` &&
                /\/application-status\/[A-Za-z0-9_-]{43}/.test(m.text),
            ) !== undefined,
          { timeout: 5000 },
        )
        .toBe(true)
      const view = (
        await call('GET', '/api/application-status', undefined, cookie.value)
      ).json() as {
        lenders: Array<{ state: string; offer: Record<string, unknown> | null }>
      }
      expect(view.lenders.map((lender) => lender.state)).toEqual(['offer', 'offer-expired'])
      expect(view.lenders[0]!.offer).toEqual({
        decisionId: chosenId,
        amount: 7500,
        termMonths: 48,
        apr: 18.4,
        monthlyPayment: 216.45,
        totalPayable: 10389.6,
        totalCostOfCredit: 2889.6,
        expiresAt: open,
      })

      // Refused, changing nothing: an expired offer, another application's offer, nothing chosen.
      const other = await submitted()
      const othersOffer = await decide(LENDER_A!, other.submissionKey, {
        amount: 5000,
        termMonths: 36,
        apr: 10,
        monthlyPayment: 161,
      })
      const expired = await call(
        'POST',
        '/api/application-status/choice',
        { decisionId: lapsedId },
        cookie.value,
      )
      expect([expired.statusCode, expired.json()]).toEqual([
        409,
        { error: 'That offer has expired. Choose another offer, or ask us to call you.' },
      ])
      const foreign = await call(
        'POST',
        '/api/application-status/choice',
        { decisionId: othersOffer },
        cookie.value,
      )
      expect([foreign.statusCode, foreign.json()]).toEqual([
        404,
        { error: 'That offer is not one of the offers on this application.' },
      ])
      expect(
        (await call('POST', '/api/application-status/choice', {}, cookie.value)).statusCode,
      ).toBe(400)
      expect(
        (await call('POST', '/api/application-status/choice', { decisionId: chosenId })).statusCode,
      ).toBe(401)
      expect(await app.database.db.selectFrom('offer_choices').selectAll().execute()).toEqual([])

      const chosen = await call(
        'POST',
        '/api/application-status/choice',
        { decisionId: chosenId },
        cookie.value,
      )
      expect(chosen.statusCode, chosen.body).toBe(200)
      expect((chosen.json() as { choice: unknown }).choice).toEqual({
        kind: 'offer',
        lenderId: 'lender-a',
        lenderName: 'Lender A',
        chosenAt: expect.any(String) as string,
      })
      const again = await call(
        'POST',
        '/api/application-status/choice',
        { call: true },
        cookie.value,
      )
      expect([again.statusCode, again.json()]).toEqual([
        409,
        { error: 'You have already made your choice. We will be in touch.' },
      ])

      // The evidence: what was shown and chosen, and when.
      const evidence = await app.database.db
        .selectFrom('evidence')
        .selectAll()
        .where('application_key', '=', key)
        .where('disclosure_id', '=', 'offer-choice')
        .execute()
      expect(evidence).toHaveLength(1)
      expect(evidence[0]).toMatchObject({
        kind: 'agreed',
        source: 'browser',
        screen: '/application-status',
      })
      expect(JSON.parse(evidence[0]!.detail!)).toMatchObject({
        choice: 'offer',
        lenderId: 'lender-a',
        offer: { monthlyPayment: 216.45, totalPayable: 10389.6 },
      })
      // The broker is alerted; every lender it went to is told, signed, through the delivery outbox.
      const alert = await app.database.db
        .selectFrom('emails')
        .selectAll()
        .where('application_key', '=', key)
        .where('template', '=', 'broker-alert')
        .execute()
      // (Each lender's decision alerted the broker before the applicant heard, decision 2133.)
      expect(alert.map((row) => JSON.parse(row.params).event).sort()).toEqual([
        'decision-received',
        'decision-received',
        'new-submission',
        'offer-chosen',
      ])
      const notices = await app.database.db
        .selectFrom('deliveries')
        .select(['destination_id'])
        .where('submission_key', '=', `offer-chosen:${key}`)
        .orderBy('destination_id')
        .execute()
      expect(notices.map((row) => row.destination_id)).toEqual(['lender-a', 'lender-b'])
      const body = JSON.parse(
        (await submittedPayloadLoader(undefined)(app.database.db, `offer-chosen:${key}`))!,
      )
      expect(body).toEqual({
        type: 'application.offer-chosen',
        timestamp: expect.any(String) as string,
        data: {
          submissionKey: key,
          lenderId: 'lender-a',
          lenderReference: 'lender-a-ref',
          chosenAt: body.timestamp,
        },
      })
    },
  )

  test.skipIf(!engine.available)(
    'a session of one brand’s site does not open the page on another brand’s site',
    async () => {
      const payload = await submitted()
      const reference = (
        await app.database.db
          .selectFrom('submissions')
          .select('reference')
          .where('submission_key', '=', payload.submissionKey)
          .executeTakeFirstOrThrow()
      ).reference!
      const token = await statusToken(reference)
      const [year, month, day] = String(payload.dateOfBirth).slice(0, 10).split('-')
      const opened = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day, month, year },
      })
      const session = opened.cookies.find((each) => each.name === 'forecourt-status')!.value
      const elsewhere = await app.app.inject({
        method: 'GET',
        url: '/api/application-status',
        headers: { host: 'milebroker.localhost', cookie: `forecourt-status=${session}` },
      })
      expect(elsewhere.statusCode).toBe(401)
    },
  )

  test.skipIf(!engine.available)(
    'a link past its date, or used, is refused (410) and opens nothing, even with the right date of birth',
    async () => {
      const payload = await submitted()
      const key = payload.submissionKey
      const reference = (
        await app.database.db
          .selectFrom('submissions')
          .select('reference')
          .where('submission_key', '=', key)
          .executeTakeFirstOrThrow()
      ).reference!
      const token = await statusToken(reference)
      const [year, month, day] = String(payload.dateOfBirth).slice(0, 10).split('-')
      const links = () =>
        app.database.db
          .selectFrom('resume_links')
          .select(['status', 'failed_attempts', 'expires_at', 'used_at'])
          .where('application_key', '=', key)
          .where('purpose', '=', 'status')
          .execute()
      const sessions = () =>
        app.database.db
          .selectFrom('status_sessions')
          .select('id')
          .where('application_key', '=', key)
          .execute()
      const expired = { error: 'This link has expired' }

      // Its date passed a second ago: it asks for nothing and the right date of birth opens nothing.
      const past = new Date(Date.now() - 1000).toISOString()
      await app.database.db
        .updateTable('resume_links')
        .set({ expires_at: past })
        .where('application_key', '=', key)
        .where('purpose', '=', 'status')
        .execute()
      const before = await links()
      expect(before).toEqual([
        { status: 'active', failed_attempts: 0, expires_at: past, used_at: null },
      ])
      const open = await call('POST', '/api/application-status/open', { token })
      expect([open.statusCode, open.json()]).toEqual([410, expired])
      const check = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day, month, year },
      })
      expect([check.statusCode, check.json()]).toEqual([410, expired])
      expect(check.cookies.find((each) => each.name === 'forecourt-status')).toBeUndefined()
      // A wrong date of birth is not counted against a link that no longer works.
      const wrong = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day: '1', month: '1', year: '1950' },
      })
      expect([wrong.statusCode, wrong.json()]).toEqual([410, expired])
      expect(await links()).toEqual(before)
      expect(await sessions()).toEqual([])

      // A token that was never issued, or one character off, is refused the same way.
      const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
      for (const other of [forged, 'x'.repeat(43)]) {
        const answer = await call('POST', '/api/application-status/check', {
          token: other,
          dateOfBirth: { day, month, year },
        })
        expect([answer.statusCode, answer.json()]).toEqual([410, expired])
      }
      expect(await sessions()).toEqual([])

      // Used once: the second use is refused and opens no second session.
      await app.database.db
        .updateTable('resume_links')
        .set({ expires_at: new Date(Date.now() + DAY_MS).toISOString() })
        .where('application_key', '=', key)
        .where('purpose', '=', 'status')
        .execute()
      const first = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day, month, year },
      })
      expect(first.statusCode, first.body).toBe(200)
      const used = await links()
      expect(used).toMatchObject([{ status: 'used' }])
      const second = await call('POST', '/api/application-status/check', {
        token,
        dateOfBirth: { day, month, year },
      })
      expect([second.statusCode, second.json()]).toEqual([410, expired])
      expect(second.cookies.find((each) => each.name === 'forecourt-status')).toBeUndefined()
      expect(await links()).toEqual(used)
      expect(await sessions()).toHaveLength(1)
    },
  )
})
