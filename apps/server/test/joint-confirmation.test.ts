// The joint applicant confirms their own part, through the real routes on both engines with a real SMTP
// server: after a joint submission they get their own link; their date of birth opens what was said about
// them; their confirmation, corrections and marketing choices become their own evidence, and the lenders
// that were sent the application get `application.joint-confirmed` through the delivery outbox. The back
// office reads whether they confirmed. A used or expired link offers a new one, sent only to the address
// the old one went to while the joint applicant has still to confirm, with the same answer and limits as
// "continue your application". Decisions 1823, 1921, 1951 (the link's email through the email outbox).
// The page shows what they are applying for with the homeowner warning, a confirmation needs their own
// soft-search agreement, and "This is not right" is stored for the broker without confirming or telling
// the lenders (decision 2127).

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { parseDataKeyring } from '../src/crypto/field-encryption'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { eraseApplication } from '../src/back-office/erasure'
import { currentText } from '../src/evidence/disclosure-hash'
import {
  jointConfirmationRecord,
  jointConfirmationStatus,
} from '../src/save-return/joint-confirmation'
import { hashToken } from '../src/save-return/links'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import { startEngineApp, submissionUrl, type EngineApp } from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const HOST = { host: 'harbourlend.localhost' }
const DATA_KEY = randomBytes(32).toString('base64')
const KEYRING = parseDataKeyring({ key: DATA_KEY, keyId: undefined, oldKeys: undefined }, [])
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
const ANSWER = { message: 'If this address is right, we have sent a link to it.' }

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

  /** The token of the `nth` email (from 1) to `address`, once it has arrived. */
  async function linkFor(address: string, nth = 1): Promise<string> {
    const end = Date.now() + 5000
    for (;;) {
      // Their confirmation ("You are named on an application") goes to them too, from the same outbox.
      const message = smtp.messages
        .filter(
          (m) =>
            m.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
            /^Confirm your part of the application \(FC-[0-9A-Z-]+\)$/.test(
              m.headers.get('subject') ?? '',
            ),
        )
        .at(nth - 1)
      if (message !== undefined) {
        const token = /\/joint-confirm\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1]
        if (token === undefined) throw new Error(message.text)
        return token
      }
      if (Date.now() > end) throw new Error(`no email number ${nth} to the joint applicant`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** The link emails `address` has had (their confirmation of the submission comes from the same outbox). */
  const emailsTo = (address: string) =>
    smtp.messages.filter(
      (m) =>
        m.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
        (m.headers.get('subject') ?? '').startsWith('Confirm your part of the application'),
    ).length

  /** Every joint-confirm link ever issued for the application, whatever its state. */
  async function jointLinks(key: string): Promise<number> {
    const rows = await app.database.db
      .selectFrom('resume_links')
      .select('id')
      .where('application_key', '=', key)
      .where('purpose', '=', 'joint-confirm')
      .execute()
    return rows.length
  }

  const newLink = (token: string, email: string, headers: Record<string, string> = HOST) =>
    app.post('/api/joint-confirmation/new-link', { token, email }, headers)

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
        loan: { rows: { label: string; value: string }[]; warning: string | null }
        details: { label: string; value: string }[]
        notice: { id: string; version: number; text: string }
        softSearch: { id: string; version: number; text: string }
        marketing: { channel: string; text: string }[]
      }
      // A homeowner loan whose amount the applicant left undecided (decision 2127).
      expect(view.loan).toEqual({
        rows: [
          {
            label: 'Amount to borrow',
            value: 'Not decided yet (the lenders are given £6,500 as a starting figure)',
          },
          { label: 'Loan term', value: '10 years' },
          { label: 'Type of loan', value: 'Homeowner loan' },
          {
            label: 'Secured on',
            value:
              'The property at The Old Forge, Mill Lane, Bramhope, Leeds, West Yorkshire, LS16 9AA',
          },
        ],
        warning:
          'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.',
      })
      expect(view.softSearch).toEqual({
        id: 'joint-soft-search',
        version: 1,
        text:
          'I agree that Harbour Lending and the lenders on its panel may run a soft credit search on me, ' +
          'as the joint applicant, to see which finance we could be offered. A soft search does not ' +
          'affect my credit score and other lenders cannot see it.',
      })
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
      const confirmation = {
        token,
        dateOfBirth: SAM,
        corrections: 'I have been with Smith-Jones Joinery for 12 years, not 27.',
        marketing: { email: true, post: true },
      }
      // Not without their own agreement to a soft search; the link still works after the refusal.
      const softSearchRequired = {
        error: 'Please tick the box to agree to a soft search, or tell us what is not right.',
        errors: [
          {
            field: 'softSearch',
            message: 'Please tick the box to agree to a soft search, or tell us what is not right.',
          },
        ],
      }
      for (const softSearch of [undefined, false]) {
        const refused = await app.post(
          '/api/joint-confirmation/confirm',
          { ...confirmation, softSearch },
          HOST,
        )
        expect(refused.statusCode).toBe(400)
        expect(refused.json()).toEqual(softSearchRequired)
      }
      expect((await jointConfirmationStatus(db, key, new Date()))?.confirmedAt).toBeNull()
      const confirmed = await app.post(
        '/api/joint-confirmation/confirm',
        { ...confirmation, softSearch: true },
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
      // Their soft-search agreement names the text the page showed them, by its hash.
      expect(evidence.find((row) => row.disclosure_id === 'joint-soft-search')?.text_hash).toBe(
        currentText('harbourlend', 'joint-soft-search')!.hash,
      )
      expect(
        evidence
          .map((row) => `${row.applicant} ${row.kind} ${row.disclosure_id} ${row.channel ?? ''}`)
          .sort(),
      ).toEqual(
        [
          'joint agreed fair-processing ',
          'joint agreed joint-soft-search ',
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
      const body = await submittedPayloadLoader(KEYRING)(db, `joint-confirmed:${key}`)
      const event = JSON.parse(body!) as { type: string; data: Record<string, unknown> }
      expect(event.type).toBe('application.joint-confirmed')
      expect(event.data).toMatchObject({
        submissionKey: key,
        reference: view.reference,
        confirmedAt: stored.confirmed_at,
        corrections: 'I have been with Smith-Jones Joinery for 12 years, not 27.',
      })
      expect((event.data.evidence as unknown[]).length).toBe(9)
      expect(event.data.evidence).toContainEqual(
        expect.objectContaining({ kind: 'agreed', disclosureId: 'joint-soft-search', version: 1 }),
      )
      // What the back office reads: the corrections opened, no dispute.
      expect(await jointConfirmationRecord(db, KEYRING, key)).toEqual({
        requestedAt: expect.any(String),
        confirmedAt: stored.confirmed_at,
        corrections: 'I have been with Smith-Jones Joinery for 12 years, not 27.',
        // Her marketing choices are read from the evidence the back office passes in.
        marketing: {},
        disputedAt: null,
        dispute: null,
      })
    },
  )

  test.skipIf(!engine.available)(
    '“This is not right” is stored sealed for the broker, confirms nothing and tells no lender; a new link can still confirm',
    async () => {
      const email = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const { key, payload } = jointSubmission(email)
      await app.post(submissionUrl(key), payload, HOST)
      const token = await linkFor(email)
      const db = app.database.db
      const dispute = (body: Record<string, unknown>) =>
        app.post('/api/joint-confirmation/dispute', { token, dateOfBirth: SAM, ...body }, HOST)

      for (const [body, message] of [
        [{}, 'Please tell us what is not right.'],
        [{ dispute: '   ' }, 'Please tell us what is not right.'],
        [{ dispute: 'x'.repeat(1001) }, 'What is not right must be 1000 characters or fewer.'],
      ] as const) {
        const refused = await dispute(body)
        expect(refused.statusCode).toBe(400)
        expect(refused.json()).toEqual({ error: message, errors: [{ field: 'dispute', message }] })
      }
      const wrongDate = await app.post(
        '/api/joint-confirmation/dispute',
        { token, dateOfBirth: { day: '1', month: '1', year: '1970' }, dispute: 'Not me' },
        HOST,
      )
      expect(wrongDate.statusCode).toBe(400)
      expect((wrongDate.json() as { attemptsLeft: number }).attemptsLeft).toBe(4)

      const said = 'I never agreed to a loan secured on The Old Forge.'
      const answered = await dispute({ dispute: `  ${said}\n` })
      expect(answered.statusCode).toBe(200)
      const { reference, disputedAt } = answered.json() as { reference: string; disputedAt: string }
      expect(reference).toMatch(/^FC-/)
      // The link is used, as a confirmation would use it.
      expect((await dispute({ dispute: said })).statusCode).toBe(410)

      const stored = await db
        .selectFrom('joint_confirmations')
        .selectAll()
        .where('application_key', '=', key)
        .executeTakeFirstOrThrow()
      expect(stored.confirmed_at).toBeNull()
      expect(stored.corrections).toBeNull()
      expect(stored.disputed_at).toBe(disputedAt)
      expect(stored.dispute).not.toContain('Old Forge')
      expect(await jointConfirmationRecord(db, KEYRING, key)).toEqual({
        requestedAt: stored.requested_at,
        confirmedAt: null,
        corrections: null,
        marketing: null,
        disputedAt,
        dispute: said,
      })
      expect(await jointConfirmationStatus(db, key, new Date())).toEqual({
        requestedAt: stored.requested_at,
        confirmedAt: null,
        outstanding: false,
      })
      // Nothing agreed, nothing sent to the lenders.
      const recorded = await db
        .selectFrom('evidence')
        .select('id')
        .where('application_key', '=', key)
        .where('screen', '=', '/joint-confirm')
        .execute()
      expect(recorded).toEqual([])
      const events = await db
        .selectFrom('deliveries')
        .select('submission_key')
        .where('submission_key', '=', `joint-confirmed:${key}`)
        .execute()
      expect(events).toEqual([])
      expect(app.logText()).not.toContain('Old Forge')

      // Their part is still to confirm: a new link goes to them, and confirms; the dispute stays.
      expect((await newLink(token, email)).statusCode).toBe(202)
      const second = await linkFor(email, 2)
      const confirmed = await app.post(
        '/api/joint-confirmation/confirm',
        { token: second, dateOfBirth: SAM, softSearch: true },
        HOST,
      )
      expect(confirmed.statusCode).toBe(200)
      expect(await jointConfirmationRecord(db, KEYRING, key)).toMatchObject({
        confirmedAt: expect.any(String),
        corrections: '',
        disputedAt,
        dispute: said,
      })
    },
  )

  test.skipIf(!engine.available)(
    'the joint applicant’s corrections are kept without controls, bidirectional overrides or hidden characters, with their lines',
    async () => {
      const email = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const { key, payload } = jointSubmission(email)
      expect((await app.post(submissionUrl(key), payload, HOST)).statusCode).toBe(201)
      const token = await linkFor(email)
      const confirmed = await app.post(
        '/api/joint-confirmation/confirm',
        {
          token,
          dateOfBirth: SAM,
          softSearch: true,
          corrections:
            'Employer: \u202EyreniojJ senoJ-htimS\u202C\r\n12 years\u0007\u200B, not 27.\u{E0041}\u2068',
        },
        HOST,
      )
      expect(confirmed.statusCode).toBe(200)
      const body = await submittedPayloadLoader(
        parseDataKeyring({ key: DATA_KEY, keyId: undefined, oldKeys: undefined }, []),
      )(app.database.db, `joint-confirmed:${key}`)
      const event = JSON.parse(body!) as { data: Record<string, unknown> }
      expect(event.data.corrections).toBe('Employer: yreniojJ senoJ-htimS\r\n12 years, not 27.')
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

  test.skipIf(!engine.available)(
    'a used or expired joint link gets a new one, only at the address it went to; the new one replaces the old and confirms',
    async () => {
      const email = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const { key, payload } = jointSubmission(email)
      await app.post(submissionUrl(key), payload, HOST)
      const first = await linkFor(email)
      const db = app.database.db
      const asked = await jointConfirmationStatus(db, key, new Date())

      // Asked while the first still works: the new one replaces it.
      const renewed = await newLink(first, email.toUpperCase())
      expect(renewed.statusCode).toBe(202)
      expect(renewed.json()).toEqual(ANSWER)
      const second = await linkFor(email, 2)
      expect(second).not.toBe(first)
      expect(
        (await app.post('/api/joint-confirmation/open', { token: first }, HOST)).json(),
      ).toEqual({ error: 'This link has expired' })
      expect(
        (await app.post('/api/joint-confirmation/open', { token: second }, HOST)).json(),
      ).toEqual({ check: 'date-of-birth' })

      // Expired: another address gets nothing, and the same answer.
      await db
        .updateTable('resume_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(second))
        .execute()
      expect(
        (await app.post('/api/joint-confirmation/open', { token: second }, HOST)).statusCode,
      ).toBe(410)
      const stranger = await newLink(second, 'someone.else@example.com')
      expect(stranger.statusCode).toBe(202)
      expect(stranger.body).toBe(renewed.body)
      expect(await jointLinks(key)).toBe(2)
      const owner = await newLink(second, email)
      expect(owner.body).toBe(renewed.body)
      expect(await jointLinks(key)).toBe(3)
      const third = await linkFor(email, 3)
      expect(smtp.messages.some((m) => m.to.includes('someone.else@example.com'))).toBe(false)

      const confirmed = await app.post(
        '/api/joint-confirmation/confirm',
        { token: third, dateOfBirth: SAM, softSearch: true },
        HOST,
      )
      expect(confirmed.statusCode).toBe(200)
      // Still counted from the first request: the back office's 7 days do not start again.
      expect(await jointConfirmationStatus(db, key, new Date())).toEqual({
        requestedAt: asked!.requestedAt,
        confirmedAt: expect.any(String),
        outstanding: false,
      })
      for (const token of [first, second, third]) {
        expect(app.logText()).not.toContain(token)
      }
      expect(app.logText().toLowerCase()).not.toContain(email.toLowerCase())
    },
  )

  test.skipIf(!engine.available)(
    'no new link once the joint applicant confirmed, on another brand’s site, through the other link route, or after erasure',
    async () => {
      const db = app.database.db
      const confirmedEmail = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const confirmedApplication = jointSubmission(confirmedEmail)
      await app.post(submissionUrl(confirmedApplication.key), confirmedApplication.payload, HOST)
      const used = await linkFor(confirmedEmail)
      expect(
        (
          await app.post(
            '/api/joint-confirmation/confirm',
            { token: used, dateOfBirth: SAM, softSearch: true },
            HOST,
          )
        ).statusCode,
      ).toBe(200)
      const afterConfirming = await newLink(used, confirmedEmail)
      expect(afterConfirming.statusCode).toBe(202)
      expect(afterConfirming.json()).toEqual(ANSWER)
      expect(await jointLinks(confirmedApplication.key)).toBe(1)

      const waitingEmail = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const waiting = jointSubmission(waitingEmail)
      await app.post(submissionUrl(waiting.key), waiting.payload, HOST)
      const token = await linkFor(waitingEmail)
      // On carfinance's site: the link is harbourlend's.
      const elsewhere = await newLink(token, waitingEmail, {})
      expect(elsewhere.statusCode).toBe(202)
      expect(elsewhere.json()).toEqual(ANSWER)
      // "Continue your application" renews only its own links.
      const otherRoute = await app.post(
        '/api/continue/new-link',
        { token, email: waitingEmail },
        HOST,
      )
      expect(otherRoute.statusCode).toBe(202)
      expect(otherRoute.json()).toEqual(ANSWER)
      expect(await jointLinks(waiting.key)).toBe(1)

      await eraseApplication(db, {
        applicationKey: waiting.key,
        reason: 'The applicant asked',
        operatorId: 'op_test',
        now: new Date(),
      })
      const erased = await newLink(token, waitingEmail)
      expect(erased.json()).toEqual(ANSWER)
      expect(await jointLinks(waiting.key)).toBe(0)

      // A link that is sent arrives within moments: by the time this one has, none of the above was.
      const controlEmail = `sam.${randomUUID().slice(0, 8)}@example.co.uk`
      const control = jointSubmission(controlEmail)
      await app.post(submissionUrl(control.key), control.payload, HOST)
      await newLink(await linkFor(controlEmail), controlEmail)
      await linkFor(controlEmail, 2)
      expect(emailsTo(confirmedEmail)).toBe(1)
      expect(emailsTo(waitingEmail)).toBe(1)
    },
  )

  test.skipIf(!engine.available)(
    'a request for a new joint link is checked and limited as a request to continue is',
    async () => {
      for (const url of ['/api/joint-confirmation/new-link', '/api/continue/new-link']) {
        const malformed = await app.post(url, { token: 'x', email: 'not an address' }, HOST)
        expect(malformed.statusCode).toBe(400)
        expect(malformed.json()).toEqual({
          error: 'Invalid request',
          errors: [
            { field: 'email', message: 'Please try again. That email address doesn’t look right.' },
          ],
        })
      }
      const missing = await app.post('/api/joint-confirmation/new-link', { token: 'x' }, HOST)
      const missingToo = await app.post('/api/continue/new-link', { token: 'x' }, HOST)
      expect(missing.statusCode).toBe(400)
      expect(missing.body).toBe(missingToo.body)

      // Five an hour per address, the two routes counted together.
      const email = `limit.${randomUUID().slice(0, 8)}@example.co.uk`
      const statuses: number[] = []
      for (let i = 0; i < 6; i += 1) {
        const url = i % 2 === 0 ? '/api/joint-confirmation/new-link' : '/api/continue/new-link'
        statuses.push((await app.post(url, { token: 'x', email }, HOST)).statusCode)
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
      const limited = await newLink('x', email)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({
        error: 'You have asked for too many links. Please wait an hour and try again.',
      })

      // Twenty an hour per client, whatever the addresses: every address below is new.
      const perClient: number[] = []
      for (let i = 0; i < 20; i += 1) {
        perClient.push(
          (await newLink('x', `c${i}.${randomUUID().slice(0, 6)}@example.co.uk`)).statusCode,
        )
      }
      const firstRefused = perClient.indexOf(429)
      expect(firstRefused).toBeGreaterThan(0)
      expect(perClient.slice(firstRefused).every((status) => status === 429)).toBe(true)
      expect(
        JSON.stringify(await app.database.db.selectFrom('link_requests').selectAll().execute()),
      ).not.toContain(email)
    },
  )
})
