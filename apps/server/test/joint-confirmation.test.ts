// The joint applicant confirms their own part, through the real routes on both engines with a real SMTP
// server: after a joint submission they get their own link; their date of birth opens what was said about
// them; their confirmation, corrections and marketing choices become their own evidence, and the lenders
// that were sent the application get `application.joint-confirmed` through the delivery outbox. The back
// office reads whether they confirmed. Decisions 1823, 1951 (the link's email through the email outbox).

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { parseDataKeyring } from '../src/crypto/field-encryption'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { currentText } from '../src/evidence/disclosure-hash'
import { jointConfirmationStatus } from '../src/save-return/joint-confirmation'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import { startEngineApp, submissionUrl, type EngineApp } from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const HOST = { host: 'harbourlend.localhost' }
const DATA_KEY = randomBytes(32).toString('base64')
const LENDERS = {
  harbourlend: [
    {
      id: 'lender-h',
      url: 'https://lender-h.example/applications',
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    },
  ],
}

function jointSubmission(jointEmail: string) {
  const key = randomUUID()
  const state = filledJointState()
  state.GUID = key
  state.applicationKey = key
  state.form.joint.email = jointEmail
  return {
    key,
    payload: toFullSubmissionPayload(state, { brand: brands.harbourlend, now: new Date() }),
  }
}

const SAM = { day: '21', month: '11', year: '1983' }

describe.each(allEngines)('the joint applicant’s confirmation on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture
  let sender: EmailSender
  beforeAll(async () => {
    if (!engine.available) return
    smtp = await startSmtpCapture()
    app = await startEngineApp(engine, {
      SMTP_URL: smtp.url,
      FORECOURT_DATA_KEY: DATA_KEY,
      LENDER_DESTINATIONS: JSON.stringify(LENDERS),
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

  async function linkFor(address: string): Promise<string> {
    const end = Date.now() + 5000
    for (;;) {
      // Their confirmation ("You are named on an application") goes to them too, from the same outbox.
      const message = smtp.messages.find(
        (m) =>
          m.to.includes(address) &&
          /^Confirm your part of the application \(FC-[0-9A-Z-]+\)$/.test(
            m.headers.get('subject') ?? '',
          ),
      )
      if (message !== undefined) {
        const token = /\/joint-confirm\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1]
        if (token === undefined) throw new Error(message.text)
        return token
      }
      if (Date.now() > end) throw new Error('no email to the joint applicant')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  test.skipIf(!engine.available)(
    'the joint applicant checks, corrects and confirms; evidence, the lender event and the back office follow',
    async () => {
      const email = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const { key, payload } = jointSubmission(email)
      expect((await app.post(submissionUrl(key), payload, HOST)).statusCode).toBe(201)
      const token = await linkFor(email)
      expect(
        JSON.stringify(await app.database.db.selectFrom('resume_links').selectAll().execute()),
      ).not.toContain(token)
      // Its email came from the outbox (decision 1951): once sent, the row holds neither the token nor
      // the address, sealed or not.
      const linkEmail = () =>
        app.database.db
          .selectFrom('emails')
          .selectAll()
          .where('application_key', '=', key)
          .where('template', '=', 'joint-confirm-link')
          .executeTakeFirstOrThrow()
      await expect.poll(async () => (await linkEmail()).status).toBe('sent')
      const sentRow = await linkEmail()
      expect(sentRow).toMatchObject({ recipient: 'joint-applicant', attempts: 1, sealed: null })
      expect(JSON.stringify(sentRow)).not.toContain(token)
      expect(JSON.stringify(sentRow)).not.toContain(email)
      const db = app.database.db
      expect(await jointConfirmationStatus(db, key, new Date())).toEqual({
        requestedAt: expect.any(String),
        confirmedAt: null,
        outstanding: false,
      })

      expect((await app.post('/api/joint-confirmation/open', { token }, HOST)).json()).toEqual({
        check: 'date-of-birth',
      })
      // Not on another brand's site.
      expect((await app.post('/api/joint-confirmation/open', { token })).statusCode).toBe(410)
      const wrong = await app.post(
        '/api/joint-confirmation/check',
        { token, dateOfBirth: { day: '7', month: '3', year: '1985' } },
        HOST,
      )
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
      const seen = await app.post(
        '/api/joint-confirmation/check',
        { token, dateOfBirth: SAM },
        HOST,
      )
      expect(seen.statusCode).toBe(200)
      const view = seen.json() as {
        reference: string
        applicantName: string
        details: { label: string; value: string }[]
        notice: { id: string; version: number; text: string }
        marketing: { channel: string; text: string }[]
      }
      expect(view.details).toEqual([
        { label: 'Name', value: 'Mr Sam Smith-Jones' },
        { label: 'Date of birth', value: '21 November 1983' },
        { label: 'Email address', value: email },
        { label: 'Phone number', value: '01632123456' },
        { label: 'Employment status', value: 'Self-employed' },
        { label: 'Occupation', value: 'Joiner' },
        { label: 'Employer', value: 'Smith-Jones Joinery, Otley' },
        { label: 'Time with this employer', value: expect.stringMatching(/years/) },
        { label: 'Monthly income after tax', value: '£1,980' },
      ])
      expect(view.notice).toEqual({
        id: 'fair-processing',
        version: 1,
        text: currentText('harbourlend', 'fair-processing')!.text,
      })
      expect(view.marketing.map((m) => m.channel)).toEqual([
        'email',
        'sms',
        'phone',
        'post',
        'partner-email',
        'partner-sms',
        'partner-phone',
      ])
      expect(view.marketing[0]!.text).toBe(currentText('harbourlend', 'marketing-email')!.text)

      const tooLong = await app.post(
        '/api/joint-confirmation/confirm',
        { token, dateOfBirth: SAM, corrections: 'x'.repeat(1001) },
        HOST,
      )
      expect(tooLong.json()).toEqual({
        error: 'Your corrections must be 1000 characters or fewer.',
        errors: [
          { field: 'corrections', message: 'Your corrections must be 1000 characters or fewer.' },
        ],
      })
      const confirmed = await app.post(
        '/api/joint-confirmation/confirm',
        {
          token,
          dateOfBirth: SAM,
          corrections: 'I have been with Smith-Jones Joinery for 12 years, not 27.',
          marketing: { email: true, post: true },
        },
        HOST,
      )
      expect(confirmed.statusCode).toBe(200)
      expect((confirmed.json() as { reference: string }).reference).toBe(view.reference)
      // Once.
      expect(
        (await app.post('/api/joint-confirmation/confirm', { token, dateOfBirth: SAM }, HOST))
          .statusCode,
      ).toBe(410)

      const evidence = await db
        .selectFrom('evidence')
        .select(['applicant', 'kind', 'disclosure_id', 'channel', 'screen', 'text_hash'])
        .where('application_key', '=', key)
        .where('screen', '=', '/joint-confirm')
        .execute()
      expect(
        evidence
          .map((row) => `${row.applicant} ${row.kind} ${row.disclosure_id} ${row.channel ?? ''}`)
          .sort(),
      ).toEqual(
        [
          'joint agreed fair-processing ',
          'joint agreed marketing-email email',
          'joint agreed marketing-post post',
          'joint declined marketing-sms sms',
          'joint declined marketing-phone phone',
          'joint declined marketing-partner-email partner-email',
          'joint declined marketing-partner-sms partner-sms',
          'joint declined marketing-partner-phone partner-phone',
        ].sort(),
      )
      const stored = await db
        .selectFrom('joint_confirmations')
        .selectAll()
        .where('application_key', '=', key)
        .executeTakeFirstOrThrow()
      expect(stored.corrections).not.toContain('Joinery')
      expect((await jointConfirmationStatus(db, key, new Date()))?.confirmedAt).toBe(
        stored.confirmed_at,
      )

      const events = await db
        .selectFrom('deliveries')
        .select(['submission_key', 'destination_id', 'status'])
        .where('submission_key', '=', `joint-confirmed:${key}`)
        .execute()
      expect(events).toEqual([
        { submission_key: `joint-confirmed:${key}`, destination_id: 'lender-h', status: 'pending' },
      ])
      const body = await submittedPayloadLoader(
        parseDataKeyring({ key: DATA_KEY, keyId: undefined, oldKeys: undefined }, []),
      )(db, `joint-confirmed:${key}`)
      const event = JSON.parse(body!) as { type: string; data: Record<string, unknown> }
      expect(event.type).toBe('application.joint-confirmed')
      expect(event.data).toMatchObject({
        submissionKey: key,
        reference: view.reference,
        confirmedAt: stored.confirmed_at,
        corrections: 'I have been with Smith-Jones Joinery for 12 years, not 27.',
      })
      expect((event.data.evidence as unknown[]).length).toBe(8)
    },
  )

  test.skipIf(!engine.available)(
    'five wrong dates of birth void the joint applicant’s link; an unconfirmed one is outstanding after 7 days',
    async () => {
      const email = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const { key, payload } = jointSubmission(email)
      await app.post(submissionUrl(key), payload, HOST)
      const token = await linkFor(email)
      const statuses: number[] = []
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (
            await app.post(
              '/api/joint-confirmation/check',
              { token, dateOfBirth: { day: '1', month: '1', year: '1970' } },
              HOST,
            )
          ).statusCode,
        )
      }
      expect(statuses).toEqual([400, 400, 400, 400, 410])
      expect(
        (await app.post('/api/joint-confirmation/check', { token, dateOfBirth: SAM }, HOST))
          .statusCode,
      ).toBe(410)
      const eightDaysLater = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000)
      expect(
        (await jointConfirmationStatus(app.database.db, key, eightDaysLater))?.outstanding,
      ).toBe(true)
    },
  )
})
