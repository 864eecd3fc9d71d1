// A lender's decision reaches the broker first: the alert is due at once, the applicants' update only after the
// broker's head start (BROKER_HEAD_START_MINUTES), and the update carries the broker's phone and email and says
// no more than the decision does. Decision 2133.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { EmailSender } from '../src/email/sender'
import { smtpTransport } from '../src/email/transport'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import {
  postSignedDecision,
  startEngineApp,
  submissionUrl,
  TEST_LENDERS,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const LENDER_A = TEST_LENDERS.carfinance[0]!
const MINUTE = 60_000

describe.each(allEngines)('the broker hears of a decision first, on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture

  beforeAll(async () => {
    if (!engine.available) return
    app = await startEngineApp(engine, {
      BROKER_INBOXES: '{"carfinance": "alerts@carfinance.example"}',
      BACK_OFFICE_URL: 'https://backoffice.example.com',
      BACK_OFFICE_HOST: 'backoffice.example.com',
    })
    smtp = await startSmtpCapture()
  })
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  function senderAt(at: Date): EmailSender {
    return new EmailSender({
      database: app.database,
      transport: smtpTransport(smtp.url),
      mail: app.config.mail,
      dataKeys: undefined,
      now: () => at,
    })
  }

  async function sendDue(at: Date): Promise<void> {
    const sender = senderAt(at)
    while ((await sender.runOnce()) > 0) {
      // everything due at `at`
    }
  }

  async function submitted(): Promise<string> {
    const payload = validSubmission(randomUUID())
    expect((await app.post(submissionUrl(payload.submissionKey), payload)).statusCode).toBe(201)
    return payload.submissionKey
  }

  const decision = (key: string, kind: string) =>
    JSON.stringify({
      submissionKey: key,
      decision: kind,
      lenderReference: `ACME-${randomUUID().slice(0, 6)}`,
      decidedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      ...(kind.startsWith('approved')
        ? {
            offer: {
              amount: 7500,
              termMonths: 48,
              apr: 21.4,
              monthlyPayment: 246.15,
              commission: { kind: 'percentage', value: 3.5 },
            },
          }
        : {}),
    })

  const messagesFor = (reference: string) =>
    smtp.messages.filter((message) => message.headers.get('subject')?.includes(reference))

  test.skipIf(!engine.available)(
    'an approval: the broker is alerted at once, the applicant 30 minutes later, with the broker’s phone and email',
    async () => {
      const key = await submitted()
      const reference = applicationReference(key)
      const decidedAt = new Date()
      const answer = await postSignedDecision(app.app, LENDER_A, decision(key, 'approved'))
      expect(answer.statusCode, answer.body).toBe(202)

      const rows = await app.database.db
        .selectFrom('emails')
        .select(['template', 'recipient', 'next_attempt_at', 'params'])
        .where('application_key', '=', key)
        .where('template', 'in', ['broker-alert', 'decision-update'])
        .execute()
      const alert = rows.find(
        (row) => (JSON.parse(row.params) as { event: string }).event === 'decision-received',
      )!
      const update = rows.find((row) => row.template === 'decision-update')!
      expect(alert.recipient).toBe('broker')
      expect(update.recipient).toBe('applicant')
      const headStart = Date.parse(update.next_attempt_at) - Date.parse(alert.next_attempt_at)
      expect(headStart).toBe(30 * MINUTE)
      expect(JSON.parse(alert.params)).toMatchObject({ applicantsToldAt: update.next_attempt_at })

      // Now: the broker's alert goes; the applicant's update waits.
      await sendDue(new Date(decidedAt.getTime() + MINUTE))
      const first = messagesFor(reference)
      expect(first.map((message) => message.headers.get('subject'))).toEqual(
        expect.arrayContaining([`A lender has decided: ${reference} (Car Finance Direct)`]),
      )
      expect(first.map((message) => message.headers.get('subject'))).not.toContain(
        `An update on your application (${reference})`,
      )
      const alertMessage = first.find((message) =>
        message.headers.get('subject')?.startsWith('A lender has decided'),
      )!
      expect(alertMessage.text).toContain('A lender has sent its decision on an application.')
      expect(alertMessage.text).toMatch(/Applicants emailed: .+ \(UK time\)/)

      // After the head start, the applicant hears, in words that claim no more than an offer.
      await sendDue(new Date(decidedAt.getTime() + 31 * MINUTE))
      const updateMessage = messagesFor(reference).find(
        (message) =>
          message.headers.get('subject') === `An update on your application (${reference})`,
      )!
      expect(updateMessage.text).toContain(
        'A lender on our panel has offered you finance. Nothing is agreed until you have read and signed the lender’s credit agreement.',
      )
      expect(updateMessage.text).toContain(
        'Questions? Call Car Finance Direct on 0113 496 0745 (Monday to Friday, 9am to 6pm) or email hello@carfinance.example, quoting your reference.',
      )
      expect(updateMessage.text).not.toContain('approved')
    },
  )

  test.skipIf(!engine.available)(
    'an approval with conditions is not called an approval',
    async () => {
      const key = await submitted()
      const reference = applicationReference(key)
      const answer = await postSignedDecision(
        app.app,
        LENDER_A,
        decision(key, 'approved-with-conditions'),
      )
      expect(answer.statusCode, answer.body).toBe(202)
      await sendDue(new Date(Date.now() + 31 * MINUTE))
      const updateMessage = messagesFor(reference).find(
        (message) =>
          message.headers.get('subject') === `An update on your application (${reference})`,
      )!
      expect(updateMessage.text).toContain(
        'A lender on our panel could offer you finance if some conditions are met. We will explain what they are; nothing is agreed yet.',
      )
      expect(updateMessage.text).not.toMatch(/approved/i)
    },
  )
})
