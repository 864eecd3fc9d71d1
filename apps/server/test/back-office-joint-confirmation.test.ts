// What the joint applicant and the applicant say after submitting reaches the broker, on both engines
// through the real routes: the joint applicant's confirmation and what they wrote to correct shows in the
// application's detail (with them, their own marketing choices) and timeline, and an alert goes to the
// broker's inbox (sent here as an .eml file) with no personal data; the applicant's choice on their own
// page is in the timeline too. Decisions 1823 and 2113.

import { randomBytes, randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { loadConfig } from '../src/config'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { fileTransport } from '../src/email/transport'
import { recordChoice } from '../src/offers/offer-choice'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { parseMessage } from './smtp-capture'
import { postSignedDecision, TEST_ENV, TEST_LENDERS } from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const allEngines = await engines()
const LENDER_A = TEST_LENDERS.carfinance[0]!
const ENV = {
  FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
  FORECOURT_SECRET: randomBytes(32).toString('base64'),
  LENDER_DESTINATIONS: JSON.stringify({ ...TEST_LENDERS, harbourlend: [LENDER_A] }),
}
const SAM = { day: '21', month: '11', year: '1983' }
const CORRECTION = 'I have been with Smith-Jones Joinery for 8 years, not 7.\n<b>Not bold</b>'

interface Detail {
  application: { jointConfirmation: Record<string, unknown> | null }
  answers: { title: string; rows: { label: string; value: string[] }[] }[]
  timeline: { type: string; text: string; by: string | null; at: string }[]
}

describe.each(allEngines)('what reaches the broker after submitting, on $name', (engine) => {
  let bo: BackOfficeApp
  let folder: string
  let sender: EmailSender
  let cath: Operator
  beforeAll(async () => {
    if (!engine.available) return
    bo = await startBackOffice(engine, ENV)
    folder = await temporaryFolder('forecourt-alert-mail-')
    // A sender as `npm run worker` makes one, writing .eml files.
    sender = createEmailSender(loadConfig({ ...TEST_ENV, ...ENV }), bo.database, bo.app.log, {
      transport: fileTransport(folder),
    })
    cath = await bo.operator(`cath.${randomUUID().slice(0, 8)}@broker.example`, 'caseworker')
  })
  afterAll(async () => {
    await bo?.close()
    if (folder !== undefined) await rm(folder, { recursive: true, force: true })
  })

  async function sendAll(): Promise<void> {
    while ((await sender.runOnce()) > 0) {
      // each round claims what is due
    }
  }

  /** The .eml file of an outbox row, once sent. */
  async function sentFile(id: string) {
    const [name] = (await readdir(folder)).filter((each) => each.includes(id))
    if (name === undefined) throw new Error(`no file for ${id}`)
    return parseMessage(await readFile(join(folder, name), 'utf8'))
  }

  async function emailRows(key: string, template: string) {
    return bo.database.db
      .selectFrom('emails')
      .selectAll()
      .where('application_key', '=', key)
      .where('template', '=', template)
      .execute()
  }

  async function detail(key: string): Promise<Detail> {
    const answer = await bo.request({
      method: 'GET',
      url: `/api/back-office/applications/${key}`,
      as: cath,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as Detail
  }

  async function submitJoint(): Promise<{ key: string; email: string }> {
    const key = randomUUID()
    const state = filledJointState()
    state.GUID = key
    state.applicationKey = key
    const email = `sam.${key.slice(0, 8)}@example.co.uk`
    state.form.joint.email = email
    const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now: new Date() })
    const stored = await bo.applicantPost(`/api/submission/${key}`, payload, 'harbourlend')
    expect(stored.statusCode, stored.body).toBe(201)
    return { key, email }
  }

  /** The joint applicant's token, from the link email the sender wrote. */
  async function jointToken(key: string): Promise<string> {
    await sendAll()
    const [row] = await emailRows(key, 'joint-confirm-link')
    expect(row?.status).toBe('sent')
    const token = /\/joint-confirm\/([A-Za-z0-9_-]{43})/.exec((await sentFile(row!.id)).text)?.[1]
    if (token === undefined) throw new Error('no link in the joint applicant’s email')
    return token
  }

  const confirm = (token: string, body: Record<string, unknown>) =>
    bo.applicantPost(
      '/api/joint-confirmation/confirm',
      // Her own soft-search agreement is needed to confirm (decision 2127).
      { token, dateOfBirth: SAM, softSearch: true, ...body },
      'harbourlend',
    )

  const rowsOf = (body: Detail, title: string) =>
    Object.fromEntries(
      (body.answers.find((section) => section.title === title)?.rows ?? []).map((row) => [
        row.label,
        row.value,
      ]),
    )

  test.skipIf(!engine.available)(
    'a correction shows in the detail and the timeline as written, the joint applicant’s own marketing in the answers, and the broker is alerted without personal data',
    async () => {
      const { key, email } = await submitJoint()
      const reference = applicationReference(key)
      const token = await jointToken(key)

      // Before they confirm: asked, nothing written, their marketing as given for them.
      const before = await detail(key)
      expect(before.application.jointConfirmation).toEqual({
        requestedAt: expect.any(String),
        confirmedAt: null,
        outstanding: false,
        corrections: null,
        disputedAt: null,
        dispute: null,
      })
      expect(rowsOf(before, 'Joint applicant')).toMatchObject({
        'How they hear from the broker': ['Text message'],
        'How they hear from partners': ['None'],
        'Marketing choices given by': ['The applicant, for them'],
      })
      expect(before.timeline.filter((entry) => entry.type === 'joint-applicant')).toEqual([])

      const confirmed = await confirm(token, {
        corrections: CORRECTION,
        marketing: { email: true, sms: false, 'partner-phone': true },
      })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      const { confirmedAt } = confirmed.json() as { confirmedAt: string }

      const after = await detail(key)
      expect(after.application.jointConfirmation).toEqual({
        requestedAt: expect.any(String),
        confirmedAt,
        outstanding: false,
        corrections: CORRECTION,
        disputedAt: null,
        dispute: null,
      })
      expect(rowsOf(after, 'Joint applicant')).toMatchObject({
        'How they hear from the broker': ['Email'],
        'How they hear from partners': ['Phone'],
        'Marketing choices given by': ['Themselves, when they confirmed their part'],
      })
      expect(after.timeline.filter((entry) => entry.type === 'joint-applicant')).toEqual([
        {
          at: confirmedAt,
          type: 'joint-applicant',
          text: 'Joint applicant confirmed',
          by: 'the joint applicant',
        },
        {
          at: confirmedAt,
          type: 'joint-applicant',
          text: `Joint applicant corrected: ${CORRECTION}`,
          by: 'the joint applicant',
        },
      ])

      // The broker's alert, once, from the same outbox as every alert.
      const alerts = (await emailRows(key, 'broker-alert')).filter(
        (row) => (JSON.parse(row.params) as { event: string }).event !== 'new-submission',
      )
      expect(alerts.map((row) => JSON.parse(row.params) as Record<string, string>)).toEqual([
        {
          event: 'joint-corrected',
          reference,
          at: confirmedAt,
          link: expect.stringContaining(`/applications/${key}`),
        },
      ])
      await sendAll()
      const message = await sentFile(alerts[0]!.id)
      expect(message.headers.get('to')).toContain('applications@harbourlend.example')
      expect(message.headers.get('subject')).toBe(
        `The joint applicant sent corrections: ${reference} (Harbour Lending)`,
      )
      expect(message.text).toContain(
        'The joint applicant confirmed their part of the application and corrected what was said about them. What they wrote is in the back office.',
      )
      expect(message.text).toContain(`Open ${reference} in the back office`)
      for (const personal of ['Joinery', 'Smith-Jones', 'Sam', email, '8 years']) {
        expect(message.text).not.toContain(personal)
      }
    },
  )

  test.skipIf(!engine.available)(
    '“This is not right” reaches the broker: in the detail, the timeline and an alert without personal data',
    async () => {
      const { key } = await submitJoint()
      const token = await jointToken(key)
      const said = 'I have never lived at 4 Old Forge Lane.'
      const disputed = await bo.applicantPost(
        '/api/joint-confirmation/dispute',
        { token, dateOfBirth: SAM, dispute: said },
        'harbourlend',
      )
      expect(disputed.statusCode, disputed.body).toBe(200)
      const body = await detail(key)
      expect(body.application.jointConfirmation).toMatchObject({
        confirmedAt: null,
        dispute: said,
        disputedAt: expect.any(String) as string,
      })
      const disputedAt = body.application.jointConfirmation!.disputedAt as string
      expect(body.timeline.filter((entry) => entry.type === 'joint-applicant')).toEqual([
        {
          at: disputedAt,
          type: 'joint-applicant',
          text: `Joint applicant said this is not right: ${said}`,
          by: 'the joint applicant',
        },
      ])
      await sendAll()
      const alert = (await emailRows(key, 'broker-alert')).find(
        (row) => (JSON.parse(row.params) as { event: string }).event === 'joint-disputed',
      )!
      const message = await sentFile(alert.id)
      expect(message.headers.get('subject')).toBe(
        `The joint applicant says the application is not right: ${applicationReference(key)} (Harbour Lending)`,
      )
      expect(message.text).not.toContain('Old Forge')
    },
  )

  test.skipIf(!engine.available)(
    'a confirmation without corrections is one timeline entry and its own alert',
    async () => {
      const { key } = await submitJoint()
      const token = await jointToken(key)
      const confirmed = await confirm(token, { corrections: '   ' })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      const { confirmedAt } = confirmed.json() as { confirmedAt: string }
      const body = await detail(key)
      expect(body.application.jointConfirmation).toMatchObject({ confirmedAt, corrections: '' })
      expect(body.timeline.filter((entry) => entry.type === 'joint-applicant')).toEqual([
        {
          at: confirmedAt,
          type: 'joint-applicant',
          text: 'Joint applicant confirmed',
          by: 'the joint applicant',
        },
      ])
      // Asked and declining every channel is an answer: "None", given by them.
      expect(rowsOf(body, 'Joint applicant')).toMatchObject({
        'How they hear from the broker': ['None'],
        'Marketing choices given by': ['Themselves, when they confirmed their part'],
      })
      const events = (await emailRows(key, 'broker-alert')).map(
        (row) => (JSON.parse(row.params) as { event: string }).event,
      )
      expect(events.sort()).toEqual(['joint-confirmed', 'new-submission'])
      await sendAll()
      const alert = (await emailRows(key, 'broker-alert')).find(
        (row) => (JSON.parse(row.params) as { event: string }).event === 'joint-confirmed',
      )!
      expect((await sentFile(alert.id)).headers.get('subject')).toBe(
        `The joint applicant confirmed their part: ${applicationReference(key)} (Harbour Lending)`,
      )
    },
  )

  test.skipIf(!engine.available)(
    'the applicant’s choice on their own page is in the timeline: an offer by its lender, or a call',
    async () => {
      const offered = randomUUID()
      await bo.submit(offered)
      const decided = await postSignedDecision(
        bo.app,
        LENDER_A,
        JSON.stringify({
          submissionKey: offered,
          decision: 'approved',
          lenderReference: 'lender-a-ref',
          decidedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
          offer: {
            amount: 7500,
            termMonths: 48,
            apr: 18.4,
            monthlyPayment: 216.45,
            expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
            commission: { kind: 'percentage', value: 3 },
          },
        }),
      )
      expect(decided.statusCode, decided.body).toBe(202)
      const decisionId = (decided.json() as { id: string }).id
      const chosenAt = new Date()
      await recordChoice(bo.database.db, {
        applicationKey: offered,
        brand: 'carfinance',
        choice: { kind: 'offer', decisionId },
        now: chosenAt,
      })
      expect(
        (await detail(offered)).timeline.filter((entry) => entry.type === 'applicant'),
      ).toEqual([
        {
          at: chosenAt.toISOString(),
          type: 'applicant',
          text: 'Applicant chose the offer from lender-a',
          by: 'the applicant',
        },
      ])

      const called = randomUUID()
      await bo.submit(called)
      await recordChoice(bo.database.db, {
        applicationKey: called,
        brand: 'carfinance',
        choice: { kind: 'call' },
        now: chosenAt,
      })
      expect((await detail(called)).timeline.filter((entry) => entry.type === 'applicant')).toEqual(
        [
          {
            at: chosenAt.toISOString(),
            type: 'applicant',
            text: 'Applicant asked to be called before choosing an offer',
            by: 'the applicant',
          },
        ],
      )
    },
  )
})
