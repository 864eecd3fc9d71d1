// The lenders' decisions endpoint on both engines, through the real app: Standard Webhooks signatures
// (missing, wrong, stale), unknown lenders and submissions, repeats of a webhook-id, the history rule, the
// body's checks, the read models and the applicant's update email (with no figures). Decision 1656.

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../src/config'
import {
  applicationOutcome,
  decisionsForApplication,
  latestPerLender,
  listDecisions,
} from '../src/decisions/decision-repository'
import { unixSeconds, webhookHeaders } from '../src/delivery/signing'
import { EmailSender } from '../src/email/sender'
import { smtpTransport } from '../src/email/transport'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import {
  startEngineApp,
  submissionUrl,
  TEST_LENDERS,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const LENDER_A = TEST_LENDERS.carfinance[0]!
const LENDER_B = TEST_LENDERS.carfinance[1]!
// The same lender id on another brand, with its own secret.
const MILEBROKER_A = { ...LENDER_A, secret: `whsec_${randomBytes(32).toString('base64')}` }
const DESTINATIONS = { ...TEST_LENDERS, milebroker: [MILEBROKER_A] }

const url = (lenderId: string) => `/api/lender-decisions/${lenderId}`

interface Sent {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}

async function send(
  app: EngineApp,
  lenderId: string,
  body: unknown,
  options: { secret?: string; id?: string; at?: Date; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const text = JSON.stringify(body)
  const signed =
    options.secret === undefined
      ? {}
      : webhookHeaders({
          id: options.id ?? `msg_${randomUUID()}`,
          timestamp: unixSeconds(options.at ?? new Date()),
          body: text,
          secret: options.secret,
        })
  const response = await app.app.inject({
    method: 'POST',
    url: url(lenderId),
    payload: text,
    headers: { 'content-type': 'application/json', ...signed, ...options.headers },
  })
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    json: () => JSON.parse(response.body) as unknown,
  }
}

function approval(submissionKey: string, decidedAt = '2026-11-24T10:15:00Z') {
  return {
    submissionKey,
    decision: 'approved',
    lenderReference: 'ACME-778812',
    decidedAt,
    offer: {
      amount: 7500,
      termMonths: 48,
      apr: 21.4,
      monthlyPayment: 246.15,
      commission: { kind: 'percentage', value: 3.5 },
    },
    message: 'Proof of income needed before payout',
  }
}

describe.each(allEngines)('lender decisions on $name', (engine) => {
  let app: EngineApp
  let submissionKey: string
  let smtp: SmtpCapture

  beforeAll(async () => {
    if (!engine.available) return
    app = await startEngineApp(engine, {
      LENDER_DESTINATIONS: JSON.stringify(DESTINATIONS),
      BROKER_INBOXES: '{"carfinance": ""}',
    })
    const payload = validSubmission()
    submissionKey = payload.submissionKey
    expect((await app.post(submissionUrl(submissionKey), payload)).statusCode).toBe(201)
    smtp = await startSmtpCapture()
  })
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  /** How many decisions, emails and deliveries are stored: a refused request leaves them all as they were. */
  async function footprint() {
    const count = async (table: 'lender_decisions' | 'emails' | 'deliveries') =>
      Number(
        (
          await app.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return {
      decisions: await count('lender_decisions'),
      emails: await count('emails'),
      deliveries: await count('deliveries'),
    }
  }

  test.skipIf(!engine.available)(
    'a signed approval is stored (202), shows in the read models and queues the applicant’s update',
    async () => {
      const answer = await send(app, LENDER_A.id, approval(submissionKey), {
        secret: LENDER_A.secret,
        id: 'msg_first',
      })
      expect(answer.statusCode).toBe(202)
      const { id } = answer.json() as { id: string }
      expect(answer.json()).toEqual({ id, status: 'stored' })

      const timeline = await decisionsForApplication(app.database.db, submissionKey)
      expect(timeline).toEqual([
        {
          id,
          lenderId: 'lender-a',
          decision: 'approved',
          lenderReference: 'ACME-778812',
          decidedAt: '2026-11-24T10:15:00.000Z',
          receivedAt: expect.any(String) as string,
          offer: {
            amount: 7500,
            termMonths: 48,
            apr: 21.4,
            monthlyPayment: 246.15,
            commission: { kind: 'percentage', value: 3.5 },
          },
          message: 'Proof of income needed before payout',
          current: true,
        },
      ])
      expect(applicationOutcome(latestPerLender(timeline))).toBe('approved')
      expect((await listDecisions(app.database.db, { brand: 'carfinance' }))[0]).toMatchObject({
        id,
        submissionKey,
        brand: 'carfinance',
      })

      const emails = await app.database.db
        .selectFrom('emails')
        .selectAll()
        .where('application_key', '=', submissionKey)
        .where('template', '=', 'decision-update')
        .execute()
      expect(emails.map((row) => [row.recipient, JSON.parse(row.params)])).toEqual([
        ['applicant', { reference: applicationReference(submissionKey), decision: 'approved' }],
      ])
      const sender = new EmailSender({
        database: app.database,
        transport: smtpTransport(smtp.url),
        mail: loadConfig({}).mail,
        dataKeys: undefined,
        // After the broker's head start (decision 2133).
        now: () => new Date(Date.now() + 31 * 60_000),
      })
      while ((await sender.runOnce()) > 0) {
        // send everything queued
      }
      const update = smtp.messages.find(
        (message) =>
          message.headers.get('subject') ===
          `An update on your application (${applicationReference(submissionKey)})`,
      )!
      expect(update.text).toContain('A lender on our panel has offered you finance.')
      expect(update.text).toContain('For your security we do not put figures in emails.')
      for (const figure of [
        '7500',
        '7,500',
        '21.4',
        '246.15',
        '3.5',
        'ACME-778812',
        'Proof of income',
      ]) {
        expect(update.text, figure).not.toContain(figure)
        expect(update.html, figure).not.toContain(figure)
      }
    },
  )

  test.skipIf(!engine.available)(
    'a lender’s message and reference are stored without controls, bidirectional overrides or hidden characters',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const answer = await send(
        app,
        LENDER_B.id,
        {
          ...approval(key),
          lenderReference: 'ACME\u202E-1\u0000',
          // Would show "Call us on 0800 …" reversed, ring a bell and hide a line from the operator.
          message: 'Proof of income\nneeded\u2067 \u0007before payout\u200B\u{E0068}\u{E0069}',
        },
        { secret: LENDER_B.secret },
      )
      expect(answer.statusCode).toBe(202)
      const [stored] = (await decisionsForApplication(app.database.db, key)).filter(
        (decision) => decision.lenderId === LENDER_B.id,
      )
      expect(stored).toMatchObject({
        lenderReference: 'ACME-1',
        message: 'Proof of income\nneeded before payout',
      })
    },
  )

  test.skipIf(!engine.available)(
    'the same webhook-id again gets the first answer, even with another body',
    async () => {
      const first = await send(app, LENDER_A.id, approval(submissionKey), {
        secret: LENDER_A.secret,
        id: 'msg_repeat',
      })
      expect(first.statusCode).toBe(202)
      expect(first.json()).toEqual({ id: expect.any(String) as string, status: 'stored' })
      const before = await footprint()
      // The very same request again, as a replay would send it: the first answer, nothing new.
      const identical = await send(app, LENDER_A.id, approval(submissionKey), {
        secret: LENDER_A.secret,
        id: 'msg_repeat',
      })
      expect(identical.statusCode).toBe(200)
      expect(identical.headers['idempotent-replayed']).toBe('true')
      expect(identical.json()).toEqual(first.json())
      const again = await send(
        app,
        LENDER_A.id,
        { ...approval(submissionKey), decision: 'declined', offer: undefined },
        { secret: LENDER_A.secret, id: 'msg_repeat' },
      )
      expect(again.statusCode).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      const stored = await app.database.db
        .selectFrom('lender_decisions')
        .select('id')
        .where('webhook_id', '=', 'msg_repeat')
        .execute()
      expect(stored).toHaveLength(1)
      // No second decision, alert, update or delivery.
      expect(await footprint()).toEqual(before)
    },
  )

  test.skipIf(!engine.available)(
    'unsigned, wrongly signed, stale and early requests get 401 and store nothing',
    async () => {
      const body = { ...approval(submissionKey), lenderReference: 'UNSIGNED-1' }
      const other = `whsec_${randomBytes(32).toString('base64')}`
      const before = await footprint()
      const minutes = (n: number) => new Date(Date.now() + n * 60_000)
      for (const options of [
        {},
        { secret: other },
        { secret: LENDER_A.secret, at: minutes(-5.5) },
        { secret: LENDER_A.secret, at: minutes(5.5) },
      ]) {
        const answer = await send(app, LENDER_A.id, body, options)
        expect(answer.statusCode, JSON.stringify(options)).toBe(401)
        expect(answer.json()).toEqual({ error: 'Missing, invalid or stale signature' })
      }
      // A signature over other bytes than those sent.
      const tampered = await app.app.inject({
        method: 'POST',
        url: url(LENDER_A.id),
        payload: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          ...webhookHeaders({
            id: 'msg_tampered',
            timestamp: unixSeconds(new Date()),
            body: JSON.stringify({ ...body, decision: 'declined' }),
            secret: LENDER_A.secret,
          }),
        },
      })
      expect(tampered.statusCode).toBe(401)
      expect(JSON.parse(tampered.body)).toEqual({ error: 'Missing, invalid or stale signature' })
      // Another lender's secret on this lender's address is a forgery too.
      const posing = await send(app, LENDER_A.id, body, { secret: LENDER_B.secret })
      expect([posing.statusCode, posing.json()]).toEqual([
        401,
        { error: 'Missing, invalid or stale signature' },
      ])
      // None of them stored a decision, alerted the broker, emailed the applicant or queued a delivery.
      expect(await footprint()).toEqual(before)
      // Within five minutes is fine.
      expect(
        (await send(app, LENDER_A.id, body, { secret: LENDER_A.secret, at: minutes(-4.5) }))
          .statusCode,
      ).toBe(202)
      const stored = await app.database.db
        .selectFrom('lender_decisions')
        .select('id')
        .where('lender_reference', '=', 'UNSIGNED-1')
        .execute()
      expect(stored).toHaveLength(1)
    },
  )

  test.skipIf(!engine.available)(
    'an unknown lender, an unknown submission or another brand’s submission get 404',
    async () => {
      expect(
        (
          await send(app, 'no-such-lender', approval(submissionKey), { secret: LENDER_A.secret })
        ).json(),
      ).toEqual({ error: 'Unknown lender' })
      const unknown = await send(app, LENDER_A.id, approval(randomUUID()), {
        secret: LENDER_A.secret,
      })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ error: 'Unknown submission' })
      // lender-a serves milebroker too; signed with milebroker's secret, a carfinance submission is
      // not one it was sent under that secret.
      const crossed = await send(app, LENDER_A.id, approval(submissionKey), {
        secret: MILEBROKER_A.secret,
      })
      expect(crossed.statusCode).toBe(404)
    },
  )

  test.skipIf(!engine.available)(
    'a decision dated before a later one from the same lender is kept as history (409) and changes nothing',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const later = await send(
        app,
        LENDER_A.id,
        { ...approval(key, '2026-11-24T12:00:00Z'), decision: 'paid-out' },
        { secret: LENDER_A.secret },
      )
      expect(later.statusCode).toBe(202)
      const earlier = await send(
        app,
        LENDER_A.id,
        {
          submissionKey: key,
          decision: 'referred',
          lenderReference: 'ACME-1',
          decidedAt: '2026-11-24T11:00:00+00:00',
        },
        { secret: LENDER_A.secret },
      )
      expect(earlier.statusCode).toBe(409)
      expect(earlier.json()).toMatchObject({
        status: 'history',
        error:
          'A later decision from this lender is already stored: this one is kept as history and does not change the status',
      })
      const timeline = await decisionsForApplication(app.database.db, key)
      expect(timeline.map((record) => [record.decision, record.current])).toEqual([
        ['paid-out', true],
        ['referred', false],
      ])
      expect(applicationOutcome(latestPerLender(timeline))).toBe('paid-out')
      // Another lender's decision is its own: lender-b's decline does not undo lender-a's payout.
      const lenderB = TEST_LENDERS.carfinance[1]!
      expect(
        (
          await send(
            app,
            lenderB.id,
            {
              submissionKey: key,
              decision: 'declined',
              lenderReference: 'B-9',
              decidedAt: '2026-11-24T09:00:00Z',
            },
            { secret: lenderB.secret },
          )
        ).statusCode,
      ).toBe(202)
      const both = latestPerLender(await decisionsForApplication(app.database.db, key))
      expect(both.map((record) => [record.lenderId, record.decision])).toEqual([
        ['lender-a', 'paid-out'],
        ['lender-b', 'declined'],
      ])
      expect(applicationOutcome(both)).toBe('paid-out')
      // Only the relayed, current decisions queued an update: paid-out and declined, not referred.
      const updates = await app.database.db
        .selectFrom('emails')
        .select('params')
        .where('application_key', '=', key)
        .where('template', '=', 'decision-update')
        .execute()
      expect(
        updates.map((row) => (JSON.parse(row.params) as { decision: string }).decision).sort(),
      ).toEqual(['declined', 'paid-out'])
    },
  )

  test.skipIf(!engine.available)('an invalid body gets 400 with every problem', async () => {
    const answer = await send(
      app,
      LENDER_A.id,
      {
        submissionKey: 'nope',
        decision: 'maybe',
        lenderReference: '',
        decidedAt: '24/11/2026',
        message: 7,
      },
      { secret: LENDER_A.secret },
    )
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      error: 'Invalid decision',
      errors: [
        { field: 'submissionKey', message: 'must be the submission key (a UUID)' },
        {
          field: 'decision',
          message:
            'must be one of approved, approved-with-conditions, referred, declined, more-information-needed, withdrawn, paid-out',
        },
        { field: 'lenderReference', message: 'must be the lender’s reference, 1 to 64 characters' },
        {
          field: 'decidedAt',
          message: 'must be a date and time with its zone, as 2026-11-24T10:15:00Z',
        },
        { field: 'message', message: 'must be text of at most 500 characters' },
      ],
    })
    const noOffer = await send(
      app,
      LENDER_A.id,
      { ...approval(submissionKey), offer: undefined },
      { secret: LENDER_A.secret },
    )
    expect(noOffer.json()).toEqual({
      error: 'Invalid decision',
      errors: [{ field: 'offer', message: 'is required with an approval' }],
    })
    const badOffer = await send(
      app,
      LENDER_A.id,
      {
        ...approval(submissionKey),
        offer: {
          amount: -1,
          termMonths: 4.5,
          apr: 'high',
          monthlyPayment: 0,
          commission: { kind: 'fee' },
        },
      },
      { secret: LENDER_A.secret },
    )
    expect((badOffer.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(
      ['offer.amount', 'offer.termMonths', 'offer.apr', 'offer.monthlyPayment', 'offer.commission'],
    )
  })

  test.skipIf(!engine.available)(
    'an offer may carry its totals and expiry, kept as sent when they add up to the penny',
    async () => {
      const key = validSubmission().submissionKey
      const payload = { ...validSubmission(), submissionKey: key }
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const offer = {
        ...approval(key).offer,
        amount: 7500,
        termMonths: 48,
        apr: 18.4,
        monthlyPayment: 216.45,
        totalPayable: 10389.6,
        totalCostOfCredit: 2889.6,
        expiresAt: '2026-12-24T10:15:00Z',
      }
      const stored = await send(
        app,
        LENDER_A.id,
        { ...approval(key), offer },
        { secret: LENDER_A.secret },
      )
      expect(stored.statusCode).toBe(202)
      const [decision] = await decisionsForApplication(app.database.db, key)
      expect(decision?.offer).toEqual(offer)

      const wrong = await send(
        app,
        LENDER_A.id,
        {
          ...approval(key, '2026-11-25T10:15:00Z'),
          offer: {
            ...offer,
            totalPayable: 10000,
            totalCostOfCredit: 2500,
            expiresAt: 'next month',
          },
        },
        { secret: LENDER_A.secret },
      )
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        error: 'Invalid decision',
        errors: [
          {
            field: 'offer.totalPayable',
            message: 'must be at least the monthly payment times the term',
          },
          { field: 'offer.expiresAt', message: 'must be an ISO 8601 date and time with a zone' },
        ],
      })
      const costOff = await send(
        app,
        LENDER_A.id,
        {
          ...approval(key, '2026-11-25T10:15:00Z'),
          offer: { ...offer, totalCostOfCredit: 2889.59 },
        },
        { secret: LENDER_A.secret },
      )
      expect(costOff.json()).toEqual({
        error: 'Invalid decision',
        errors: [
          { field: 'offer.totalCostOfCredit', message: 'must be totalPayable less the amount' },
        ],
      })
      expect(await decisionsForApplication(app.database.db, key)).toHaveLength(1)
    },
  )

  test.skipIf(!engine.available)(
    'no anti-forgery pair is needed: the signature is the authentication',
    async () => {
      const answer = await send(
        app,
        LENDER_A.id,
        { ...approval(submissionKey), lenderReference: 'NO-CSRF' },
        { secret: LENDER_A.secret, headers: { 'sec-fetch-site': 'cross-site' } },
      )
      expect(answer.statusCode).toBe(202)
    },
  )
})
