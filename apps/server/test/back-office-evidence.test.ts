// The back office connected to the evidence, lenders' decisions, emails and the submissions kept for
// attention, on both engines through the real app: a lender's signed decision in the list, its filter
// and the timeline, the broker's status following it with the lender as the actor (audited); the
// evidence of what the applicant was shown and agreed to, a withdrawal, a commission request answered,
// the vulnerability flag's adjustment and outcome; refused submissions in the list, the detail and the
// search; each new endpoint's roles and brand scope; and erasure of the evidence's personal parts.

import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { verifyAuditChain } from '../src/back-office/audit-log'
import { loadConfig } from '../src/config'
import { unixSeconds, webhookHeaders } from '../src/delivery/signing'
import { EmailSender } from '../src/email/sender'
import { fileTransport } from '../src/email/transport'
import { currentText } from '../src/evidence/disclosure-hash'
import { appendEvidence, evidenceRow } from '../src/evidence/evidence-repository'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { partialPayload, TEST_LENDERS, validSubmission } from './submission-test-helpers'
import { engines } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 5).toString('base64')
const LENDER_A = TEST_LENDERS.carfinance[0]!
const LENDER_B = TEST_LENDERS.carfinance[1]!
const MILEBROKER_LENDER = { ...LENDER_A, id: 'mile-lender' }
const DESTINATIONS = { ...TEST_LENDERS, milebroker: [MILEBROKER_LENDER] }

interface Detail {
  application: {
    kind: string
    brokerStatus: string
    brokerStatusChangedBy: string | null
    needsAttention: string[]
  }
  answers: { title: string }[]
  timeline: { type: string; text: string; by: string | null; decision?: unknown }[]
  statusHistory: { status: string; by: string }[]
  lenders: string[]
  lenderDecisions: { decision: string; message: string | null; current: boolean }[]
  emails: { template: string; recipient: string; status: string }[]
  evidence: {
    records: {
      kind: string
      disclosureId: string
      title: string
      channel: string | null
      source: string
      operator: string | null
      detail: unknown
    }[]
    consents: { applicant: string; channel: string; state: string; title: string }[]
    commissionRequests: { answers: { operator: string | null; answer: unknown }[] }[]
    support: {
      reasons: string[]
      notes: { step: string; note: string; by: string }[]
    } | null
  }
  needsAttention: {
    reason: string
    errors: { field: string; message: string }[]
    answers: { title: string; rows: { label: string; value: string[] }[] }[]
  }[]
}

interface Listed {
  applicationKey: string
  kind: string
  name: string | null
  brokerStatus: string
  needsAttention: string[]
  lenders: { destinationId: string; delivery: string | null; decision: string | null }[]
}

function approval(submissionKey: string, decidedAt: string, decision = 'approved') {
  return {
    submissionKey,
    decision,
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

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`the back office's evidence on ${engine.name}`, () => {
    let bo: BackOfficeApp
    let admin: Operator
    let caseworker: Operator
    let viewer: Operator
    let mileCaseworker: Operator

    beforeAll(async () => {
      bo = await startBackOffice(engine, {
        FORECOURT_DATA_KEY: DATA_KEY,
        LENDER_DESTINATIONS: JSON.stringify(DESTINATIONS),
        BROKER_INBOXES: '{"carfinance": "", "milebroker": ""}',
        // The applicant's update goes at once: the broker's head start has its own test (decision 2133).
        BROKER_HEAD_START_MINUTES: '0',
      })
      admin = await bo.operator('ann@broker.example', 'admin')
      caseworker = await bo.operator('cath@broker.example', 'caseworker')
      viewer = await bo.operator('vic@broker.example', 'viewer')
      mileCaseworker = await bo.operator('mo@broker.example', 'caseworker', ['milebroker'])
    })
    afterAll(async () => {
      await bo?.close()
    })

    /** A lender's decision, signed as the lender signs it, on an applicant host. */
    async function decide(
      lender: { id: string; secret: string },
      body: unknown,
    ): Promise<{ statusCode: number; body: string }> {
      const text = JSON.stringify(body)
      return bo.app.inject({
        method: 'POST',
        url: `/api/lender-decisions/${lender.id}`,
        payload: text,
        headers: {
          'content-type': 'application/json',
          host: 'carfinance.localhost',
          ...webhookHeaders({
            id: `msg_${randomUUID()}`,
            timestamp: unixSeconds(new Date()),
            body: text,
            secret: lender.secret,
          }),
        },
      })
    }

    const detailOf = async (key: string, as: Operator = viewer) => {
      const response = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications/${key}`,
        as,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as Detail
    }

    const list = async (query: string, as: Operator = viewer) => {
      const response = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications${query}`,
        as,
      })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { items: Listed[] }).items
    }

    /**
     * The back office runs on the test's clock, the applicant's API on the real one: before an
     * operator records something after what an applicant did, the back office's clock catches up.
     */
    const catchUp = () => {
      const behind = Date.now() - bo.clock.now().getTime()
      if (behind > 0) bo.clock.advance(behind + 1000)
    }

    const auditOf = (key: string, action: string) =>
      bo.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('application_key', '=', key)
        .where('action', '=', action)
        .orderBy('seq')
        .execute()

    test("a signed decision shows in the list, its filter and the timeline; the broker's status follows it, with the lender as the actor", async () => {
      const key = randomUUID()
      const undecided = randomUUID()
      await bo.submit(key)
      await bo.submit(undecided)

      const stored = await decide(LENDER_A, approval(key, '2026-11-24T10:15:00Z'))
      expect(stored.statusCode, stored.body).toBe(202)

      // The list: the lender's latest word beside its delivery.
      const all = await list('')
      const row = all.find((item) => item.applicationKey === key)!
      expect(row.lenders).toEqual([
        {
          destinationId: 'lender-a',
          delivery: 'pending',
          decision: 'approved',
          decidedAt: '2026-11-24T10:15:00.000Z',
        },
        { destinationId: 'lender-b', delivery: 'pending', decision: null, decidedAt: null },
      ])
      expect(row.brokerStatus).toBe('approved')
      const keysOf = (items: Listed[]) => items.map((item) => item.applicationKey)
      expect(keysOf(await list('?decision=approved'))).toContain(key)
      expect(keysOf(await list('?decision=approved'))).not.toContain(undecided)
      expect(keysOf(await list('?decision=declined'))).not.toContain(key)
      expect(keysOf(await list('?decision=none'))).toContain(undecided)
      expect(keysOf(await list('?decision=none'))).not.toContain(key)
      const wrong = await bo.request({
        method: 'GET',
        url: '/api/back-office/applications?decision=maybe',
        as: viewer,
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        error: 'Invalid filter',
        errors: [
          {
            field: 'decision',
            message:
              'must be one of approved, approved-with-conditions, referred, declined, more-information-needed, withdrawn, paid-out, or none',
          },
        ],
      })

      // The timeline: who (the lender), what, when, its reference, note and offer with the commission.
      const detail = await detailOf(key)
      const entry = detail.timeline.find((item) => item.type === 'decision')!
      expect(entry).toMatchObject({
        text: 'Approved by lender-a',
        by: 'lender-a (lender)',
        decision: {
          lenderId: 'lender-a',
          decision: 'approved',
          lenderReference: 'ACME-778812',
          decidedAt: '2026-11-24T10:15:00.000Z',
          message: 'Proof of income needed before payout',
          offer: { amount: 7500, commission: { kind: 'percentage', value: 3.5 } },
          current: true,
        },
      })
      expect(detail.application.brokerStatus).toBe('approved')
      expect(detail.application.brokerStatusChangedBy).toBe('lender-a (lender)')
      expect(detail.statusHistory).toEqual([
        { status: 'approved', by: 'lender-a (lender)', at: expect.any(String) as string },
      ])
      expect(detail.timeline.find((item) => item.text === 'Broker status set to Approved')).toEqual(
        expect.objectContaining({ by: 'lender-a (lender)' }),
      )
      // Audited, with no operator: the lender did it.
      const [audited] = await auditOf(key, 'status.changed')
      expect(audited).toMatchObject({ operator_id: null })
      expect(JSON.parse(audited!.detail)).toMatchObject({
        from: 'new',
        to: 'approved',
        actor: 'lender',
        lenderId: 'lender-a',
      })

      // A decision dated before the lender's latest is history: the status stays.
      const late = await decide(LENDER_A, approval(key, '2026-11-20T09:00:00Z', 'declined'))
      expect(late.statusCode).toBe(409)
      expect((await detailOf(key)).application.brokerStatus).toBe('approved')

      // A case a person closed stays closed when a lender pays out.
      const closed = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${key}/status`,
        as: caseworker,
        body: { status: 'closed' },
      })
      expect(closed.statusCode).toBe(200)
      const paid = await decide(LENDER_B, {
        submissionKey: key,
        decision: 'paid-out',
        lenderReference: 'BOLT-1',
        decidedAt: '2026-11-25T12:00:00Z',
      })
      expect(paid.statusCode).toBe(202)
      expect((await detailOf(key)).application.brokerStatus).toBe('closed')
      expect(keysOf(await list('?decision=paid-out'))).toContain(key)
      expect((await verifyAuditChain(bo.database.db)).ok).toBe(true)
    })

    test('the timeline says which emails were sent and which wait, never what they said', async () => {
      const key = randomUUID()
      await bo.submit(key)
      expect((await decide(LENDER_A, approval(key, '2026-11-24T10:15:00Z'))).statusCode).toBe(202)
      const waiting = (await detailOf(key)).timeline.filter((item) => item.type === 'email')
      expect(waiting.map((item) => item.text).sort()).toEqual([
        'Confirmation to the applicant waiting to be sent',
        'Decision update to the applicant waiting to be sent',
      ])
      const folder = await mkdtemp(join(tmpdir(), 'forecourt-bo-mail-'))
      try {
        const sender = new EmailSender({
          database: bo.database,
          transport: fileTransport(folder),
          mail: loadConfig({}).mail,
          dataKeys: loadConfig({ FORECOURT_DATA_KEY: DATA_KEY }).dataKeys,
        })
        while ((await sender.runOnce()) > 0) {
          // send everything queued
        }
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
      const detail = await detailOf(key)
      expect(
        detail.timeline
          .filter((item) => item.type === 'email')
          .map((item) => item.text)
          .sort(),
      ).toEqual(['Confirmation sent to the applicant', 'Decision update sent to the applicant'])
      expect(detail.emails.map((email) => [email.template, email.recipient, email.status])).toEqual(
        expect.arrayContaining([
          ['applicant-confirmation', 'applicant', 'sent'],
          ['decision-update', 'applicant', 'sent'],
        ]),
      )
      expect(JSON.stringify(detail.emails)).not.toContain('Ada')
    })

    test('the evidence: every record and the consents; a withdrawal is a new record, by role, audited', async () => {
      const key = randomUUID()
      await bo.submit(key, (payload) => {
        payload.IsOptedEmail = true
        payload.IsOptedSms = false
      })
      const detail = await detailOf(key)
      expect(detail.evidence.records).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'agreed',
            disclosureId: 'terms',
            title: 'Terms and conditions',
            source: 'submission',
          }),
          expect.objectContaining({
            kind: 'agreed',
            disclosureId: 'marketing-email',
            channel: 'email',
          }),
        ]),
      )
      expect(detail.evidence.consents).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ applicant: 'main', channel: 'email', state: 'agreed' }),
          expect.objectContaining({ applicant: 'main', channel: 'sms', state: 'declined' }),
        ]),
      )
      const withdraw = (as: Operator, body: unknown, target = key) =>
        bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${target}/consent-withdrawals`,
          as,
          body,
        })
      expect((await withdraw(viewer, { applicant: 'main', channel: 'email' })).statusCode).toBe(403)
      expect(
        (await withdraw(mileCaseworker, { applicant: 'main', channel: 'email' })).statusCode,
      ).toBe(404)
      const invalid = await withdraw(caseworker, { applicant: 'both', channel: 'fax' })
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json()).toEqual({
        error: 'Invalid withdrawal',
        errors: [
          { field: 'applicant', message: 'must be main or joint' },
          {
            field: 'channel',
            message:
              'must be one of email, sms, phone, post, partner-email, partner-sms, partner-phone',
          },
        ],
      })
      catchUp()
      const done = await withdraw(caseworker, { applicant: 'main', channel: 'email' })
      expect(done.statusCode, done.body).toBe(201)
      expect(done.json()).toMatchObject({
        withdrawal: { applicant: 'main', channel: 'email', by: 'cath@broker.example' },
      })
      // Nothing left to withdraw: the same again, or a channel that was declined.
      const again = await withdraw(caseworker, { applicant: 'main', channel: 'email' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({
        error: 'There is no agreement on record for this channel to withdraw',
      })
      expect((await withdraw(caseworker, { applicant: 'main', channel: 'sms' })).statusCode).toBe(
        409,
      )

      const after = await detailOf(key)
      expect(after.evidence.consents).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ applicant: 'main', channel: 'email', state: 'withdrawn' }),
        ]),
      )
      // The agreement is still there; the withdrawal is a record of its own.
      const email = after.evidence.records.filter((record) => record.channel === 'email')
      expect(email.map((record) => [record.kind, record.source, record.operator])).toEqual([
        ['agreed', 'submission', null],
        ['withdrawn', 'operator', 'cath@broker.example'],
      ])
      const audit = await auditOf(key, 'consent.withdrawn')
      expect(audit).toHaveLength(1)
      expect(JSON.parse(audit[0]!.detail)).toEqual({
        applicant: 'main',
        channel: 'email',
        disclosureId: 'marketing-email',
        title: 'Marketing consent, own offers, email',
      })
      expect(after.timeline.map((item) => item.text)).toContain(
        'Marketing consent withdrawn: Marketing consent, own offers, email',
      )
    })

    test('commission requests: listed while open, answered per lender by a caseworker, audited', async () => {
      const key = randomUUID()
      const asked = randomUUID()
      await bo.submit(key)
      await bo.submit(asked)
      // The applicant asked from the form ("How much commission will you receive?").
      const text = currentText('carfinance', 'commission')!
      await appendEvidence(bo.database.db, [
        evidenceRow({
          applicationKey: asked,
          brand: 'carfinance',
          applicant: 'main',
          kind: 'requested',
          disclosureId: 'commission',
          version: text.version,
          textHash: text.hash,
          screen: '/before-you-submit',
          at: new Date(),
          source: 'browser',
          clientItemId: randomUUID(),
        }),
      ])
      const open = async (as: Operator = viewer, state = 'open') => {
        const response = await bo.request({
          method: 'GET',
          url: `/api/back-office/commission-requests?state=${state}`,
          as,
        })
        expect(response.statusCode).toBe(200)
        return (
          response.json() as {
            requests: {
              applicationKey: string
              reference: string
              name: string
              answers: unknown[]
            }[]
          }
        ).requests
      }
      const waiting = (await open()).find((request) => request.applicationKey === asked)
      expect(waiting).toMatchObject({
        reference: applicationReference(asked),
        name: "Ada O'Neill",
        answers: [],
      })
      // Another brand's operator does not see it.
      expect((await open(mileCaseworker)).map((request) => request.applicationKey)).not.toContain(
        asked,
      )

      const answer = (as: Operator, body: unknown, target = asked) =>
        bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${target}/commission-answers`,
          as,
          body,
        })
      catchUp()
      expect(
        (await answer(viewer, { lenderId: 'lender-a', kind: 'percentage', value: 3.5 })).statusCode,
      ).toBe(403)
      expect(
        (await answer(mileCaseworker, { lenderId: 'lender-a', kind: 'percentage', value: 3.5 }))
          .statusCode,
      ).toBe(404)
      const wrong = await answer(caseworker, {
        lenderId: 'mile-lender',
        kind: 'amount',
        value: 1.005,
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        error: 'Invalid answer',
        errors: [
          { field: 'lenderId', message: 'Choose a lender on this brand’s panel' },
          {
            field: 'value',
            message:
              'Enter the commission in pounds, more than 0 and at most 100,000, to the penny',
          },
        ],
      })
      expect(
        (await answer(caseworker, { lenderId: 'lender-a', kind: 'percentage', value: 150 })).json(),
      ).toMatchObject({
        errors: [
          {
            field: 'value',
            message: 'Enter the commission as a percentage, more than 0 and at most 100',
          },
        ],
      })
      const given = await answer(caseworker, {
        lenderId: 'lender-a',
        kind: 'percentage',
        value: 3.5,
      })
      expect(given.statusCode, given.body).toBe(201)
      expect((await open()).map((request) => request.applicationKey)).not.toContain(asked)
      const answered = (await open(viewer, 'all')).find(
        (request) => request.applicationKey === asked,
      )
      expect(answered?.answers).toEqual([
        {
          at: expect.any(String) as string,
          by: 'cath@broker.example',
          lenderId: 'lender-a',
          kind: 'percentage',
          value: 3.5,
        },
      ])
      const audit = await auditOf(asked, 'commission.answered')
      expect(audit.map((row) => [row.operator_id, JSON.parse(row.detail)])).toEqual([
        [caseworker.id, { lenderId: 'lender-a', kind: 'percentage' }],
      ])

      // Asked on the telephone: the answer records the request it answers.
      expect(
        (await answer(caseworker, { lenderId: 'lender-b', kind: 'amount', value: 412.5 }, key))
          .statusCode,
      ).toBe(201)
      const detail = await detailOf(key)
      expect(
        detail.evidence.records
          .filter((record) => record.disclosureId === 'commission')
          .map((record) => [record.kind, record.source, record.detail]),
      ).toEqual([
        ['requested', 'operator', { via: 'operator' }],
        ['answered', 'operator', { lenderId: 'lender-b', kind: 'amount', value: 412.5 }],
      ])
      expect(detail.evidence.commissionRequests).toEqual([
        {
          requestedAt: expect.any(String) as string,
          answers: [
            {
              at: expect.any(String) as string,
              operator: 'cath@broker.example',
              answer: { lenderId: 'lender-b', kind: 'amount', value: 412.5 },
            },
          ],
        },
      ])
      expect(detail.lenders).toEqual(['lender-a', 'lender-b'])
    })

    test('vulnerability: the flag with its adjustment and outcome notes, sealed, by role, audited', async () => {
      const flagged = randomUUID()
      const plain = randomUUID()
      await bo.submit(flagged, (payload) => {
        payload.discussFinancialCirumstances = true
      })
      await bo.submit(plain)
      expect((await detailOf(plain)).evidence.support).toBeNull()
      expect((await detailOf(flagged)).evidence.support).toMatchObject({
        reasons: ['discuss-financial-circumstances'],
        notes: [],
      })
      const note = (as: Operator, body: unknown, target = flagged) =>
        bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${target}/support-notes`,
          as,
          body,
        })
      expect((await note(viewer, { step: 'adjustment', note: 'x' })).statusCode).toBe(403)
      expect((await note(mileCaseworker, { step: 'adjustment', note: 'x' })).statusCode).toBe(404)
      expect((await note(caseworker, { step: 'adjustment', note: 'x' }, plain)).json()).toEqual({
        error: 'This application has no vulnerability flag',
      })
      expect((await note(caseworker, { step: 'later', note: ' ' })).json()).toEqual({
        error: 'Invalid note',
        errors: [
          { field: 'step', message: 'must be adjustment or outcome' },
          { field: 'note', message: 'Enter a note of up to 2000 characters' },
        ],
      })
      const adjustment = 'Offered a call with a specialist adviser; sent the key facts by post'
      expect((await note(caseworker, { step: 'adjustment', note: adjustment })).statusCode).toBe(
        201,
      )
      // The outcome comes later: the back office's clock is the test's.
      bo.clock.advance(60_000)
      expect(
        (await note(caseworker, { step: 'outcome', note: 'Applicant chose a shorter term' }))
          .statusCode,
      ).toBe(201)
      const support = (await detailOf(flagged)).evidence.support!
      expect(support.notes.map((entry) => [entry.step, entry.note, entry.by])).toEqual([
        ['adjustment', adjustment, 'cath@broker.example'],
        ['outcome', 'Applicant chose a shorter term', 'cath@broker.example'],
      ])
      // Sealed at rest: the note may be about someone's health.
      const rows = await bo.database.db
        .selectFrom('support_notes')
        .select('note')
        .where('application_key', '=', flagged)
        .execute()
      expect(JSON.stringify(rows)).not.toContain('specialist')
      expect(
        (await auditOf(flagged, 'support-note.added')).map(
          (row) => (JSON.parse(row.detail) as { step: string }).step,
        ),
      ).toEqual(['adjustment', 'outcome'])
    })

    test('a refused submission: its own list filter and badge, found by reference, its errors and answers in the detail, erasable', async () => {
      const refused = randomUUID()
      const refusedAfterSaving = randomUUID()
      const body = (key: string) => ({ ...validSubmission(key), email: 'not an email' })
      expect((await bo.applicantPost(`/api/submission/${refused}`, body(refused))).statusCode).toBe(
        400,
      )
      // An applicant whose answers were saved as they went, then refused at the end.
      const saved = await bo.applicantPost(
        `/api/application/${refusedAfterSaving}`,
        partialPayload(refusedAfterSaving),
      )
      expect(saved.statusCode, saved.body).toBeLessThan(300)
      expect(
        (await bo.applicantPost(`/api/submission/${refusedAfterSaving}`, body(refusedAfterSaving)))
          .statusCode,
      ).toBe(400)

      const attention = await list('?needsAttention=yes')
      expect(
        attention.map((item) => [item.applicationKey, item.kind, item.needsAttention]),
      ).toEqual(
        expect.arrayContaining([
          [refused, 'refused', ['refused']],
          [refusedAfterSaving, 'partial', ['refused']],
        ]),
      )
      expect(attention.find((item) => item.applicationKey === refused)?.name).toBe("Ada O'Neill")
      // The main list shows the saved one with its badge; the refused-only one is in the filter.
      const main = await list('')
      expect(
        main.find((item) => item.applicationKey === refusedAfterSaving)?.needsAttention,
      ).toEqual(['refused'])
      expect(main.map((item) => item.applicationKey)).not.toContain(refused)
      expect((await list('?kind=refused')).map((item) => item.applicationKey)).toEqual([refused])

      const search = await bo.request({
        method: 'POST',
        url: '/api/back-office/applications/search',
        as: viewer,
        body: { query: applicationReference(refused).toLowerCase() },
      })
      expect(
        (search.json() as { items: Listed[] }).items.map((item) => item.applicationKey),
      ).toEqual([refused])

      const detail = await detailOf(refused)
      expect(detail.application).toMatchObject({ kind: 'refused', needsAttention: ['refused'] })
      expect(detail.needsAttention).toEqual([
        expect.objectContaining({
          reason: 'refused',
          errors: [
            { field: 'email', message: 'Please try again. That email address doesn’t look right.' },
          ],
        }),
      ])
      expect(detail.needsAttention[0]!.answers.length).toBeGreaterThan(0)
      expect(detail.answers.length).toBeGreaterThan(0)
      expect(detail.timeline.map((item) => item.text)).toContain(
        'Submission refused and kept for attention (1 problem)',
      )
      // Another brand's operator: not found.
      expect(
        (
          await bo.request({
            method: 'GET',
            url: `/api/back-office/applications/${refused}`,
            as: mileCaseworker,
          })
        ).statusCode,
      ).toBe(404)

      const erased = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${refused}/erase`,
        as: admin,
        body: { reason: 'Asked by phone' },
      })
      expect(erased.statusCode, erased.body).toBe(200)
      const left = await bo.database.db
        .selectFrom('needs_attention')
        .select('id')
        .where('submission_key', '=', refused)
        .execute()
      expect(left).toEqual([])
      const tombstone = await detailOf(refused)
      expect(tombstone.application.kind).toBe('refused')
      expect(tombstone.answers).toEqual([])
    })

    test('a conflicting submission: both versions in the detail, under the one reference, with the badge', async () => {
      const key = randomUUID()
      const first = validSubmission(key)
      expect((await bo.applicantPost(`/api/submission/${key}`, first)).statusCode).toBe(201)
      // A duplicated tab whose copy was changed, then sent under the same key.
      const changed = { ...first, firstName: 'Augusta', loanAmount: 9000 }
      const conflict = await bo.applicantPost(`/api/submission/${key}`, changed)
      expect([conflict.statusCode, (conflict.json() as { reference: string }).reference]).toEqual([
        409,
        applicationReference(key),
      ])

      const listed = (await list('?needsAttention=yes')).find((item) => item.applicationKey === key)
      expect([listed?.kind, listed?.needsAttention]).toEqual(['submitted', ['conflict']])
      const detail = await detailOf(key)
      expect(detail.application).toMatchObject({ kind: 'submitted', needsAttention: ['conflict'] })
      expect(detail.needsAttention).toEqual([
        expect.objectContaining({ reason: 'conflict', errors: [] }),
      ])
      // The stored application's answers and the other version's, side by side.
      const rowValue = (sections: Detail['answers'], label: string) =>
        (sections as Detail['needsAttention'][number]['answers'])
          .flatMap((section) => section.rows)
          .find((row) => row.label === label)?.value
      expect(rowValue(detail.answers, 'Name')).toEqual(["Ms Ada O'Neill"])
      expect(rowValue(detail.answers, 'Amount to borrow')).toEqual(['£12,500'])
      expect(rowValue(detail.needsAttention[0]!.answers, 'Name')).toEqual(["Ms Augusta O'Neill"])
      expect(rowValue(detail.needsAttention[0]!.answers, 'Amount to borrow')).toEqual(['£9,000'])
    })

    test('the subject access export carries the evidence, decisions and emails; erasure removes their personal parts', async () => {
      const key = randomUUID()
      await bo.submit(key, (payload) => {
        payload.IsOptedEmail = true
        payload.discussFinancialCirumstances = true
      })
      expect((await decide(LENDER_A, approval(key, '2026-11-24T10:15:00Z'))).statusCode).toBe(202)
      await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${key}/support-notes`,
        as: caseworker,
        body: { step: 'adjustment', note: 'Spoke slowly, repeated the key points' },
      })
      const exported = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${key}/data-export`,
        as: admin,
      })
      expect(exported.statusCode).toBe(200)
      const first = (
        exported.json() as {
          applications: {
            applicationKey: string
            evidence: Detail['evidence']
            lenderDecisions: Detail['lenderDecisions']
            emails: { template: string }[]
          }[]
        }
      ).applications.find((application) => application.applicationKey === key)!
      expect(first.evidence.records.map((record) => record.disclosureId)).toContain('terms')
      expect(first.evidence.support?.notes.map((entry) => entry.note)).toEqual([
        'Spoke slowly, repeated the key points',
      ])
      expect(first.lenderDecisions.map((decision) => decision.message)).toEqual([
        'Proof of income needed before payout',
      ])
      expect(first.emails.map((email) => email.template)).toContain('applicant-confirmation')

      const erased = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${key}/erase`,
        as: admin,
        body: { reason: 'Erasure request' },
      })
      expect(erased.statusCode, erased.body).toBe(200)
      const db = bo.database.db
      const count = async (table: 'support_notes' | 'support_flags' | 'emails') =>
        (
          await db
            .selectFrom(table)
            .select('application_key')
            .where('application_key', '=', key)
            .execute()
        ).length
      expect(await count('support_notes')).toBe(0)
      expect(await count('support_flags')).toBe(0)
      expect(await count('emails')).toBe(0)
      const evidence = await db
        .selectFrom('evidence')
        .select(['disclosure_id', 'channel'])
        .where('application_key', '=', key)
        .execute()
      // The firm's record of what it disclosed stays; the applicant's own choices go.
      expect(evidence.map((row) => row.disclosure_id)).toContain('terms')
      expect(evidence.filter((row) => row.channel !== null)).toEqual([])
      const decisions = await db
        .selectFrom('lender_decisions')
        .select(['decision', 'message'])
        .where('submission_key', '=', key)
        .execute()
      expect(decisions).toEqual([{ decision: 'approved', message: null }])
    })

    test('the outcome figures for admins, per brand and month, by lender and by the flag; the CSV export is audited', async () => {
      const figures = await startBackOffice(engine, {
        FORECOURT_DATA_KEY: DATA_KEY,
        LENDER_DESTINATIONS: JSON.stringify(DESTINATIONS),
      })
      try {
        const boss = await figures.operator('ann@broker.example', 'admin')
        const carfinanceAdmin = await figures.operator('cara@broker.example', 'admin', [
          'carfinance',
        ])
        const worker = await figures.operator('cath@broker.example', 'caseworker')
        const flagged = randomUUID()
        const plain = randomUUID()
        await figures.submit(flagged, (payload) => {
          payload.discussFinancialCirumstances = true
        })
        await figures.submit(plain)
        await figures.submit(randomUUID(), (payload) => {
          payload.affiliateKey = brands.milebroker.affiliateKey
        })
        const send = (body: unknown) => {
          const text = JSON.stringify(body)
          return figures.app.inject({
            method: 'POST',
            url: `/api/lender-decisions/${LENDER_A.id}`,
            payload: text,
            headers: {
              'content-type': 'application/json',
              ...webhookHeaders({
                id: `msg_${randomUUID()}`,
                timestamp: unixSeconds(new Date()),
                body: text,
                secret: LENDER_A.secret,
              }),
            },
          })
        }
        expect((await send(approval(flagged, '2026-11-24T10:15:00Z'))).statusCode).toBe(202)
        expect(
          (
            await send({
              submissionKey: plain,
              decision: 'declined',
              lenderReference: 'ACME-2',
              decidedAt: '2026-11-24T10:16:00Z',
            })
          ).statusCode,
        ).toBe(202)

        const get = (as: Operator, query = '') =>
          figures.request({ method: 'GET', url: `/api/back-office/figures${query}`, as })
        expect((await get(worker)).statusCode).toBe(403)
        const answer = await get(carfinanceAdmin)
        expect(answer.statusCode, answer.body).toBe(200)
        const body = answer.json() as {
          months: {
            brand: string
            brandName: string
            started: number
            submitted: number
            decided: number
            approved: number
            declined: number
            paidOut: number
            timeToFirstDecision: { count: number }
            byVulnerability: {
              flagged: { submitted: number; approved: number; declined: number }
              notFlagged: { submitted: number; approved: number; declined: number }
            }
          }[]
          lenders: { lenderId: string; decided: number; approvalRate: number | null }[]
        }
        // Only the admin's own brand.
        expect(body.months.map((row) => row.brand)).toEqual(['carfinance'])
        expect(body.months[0]).toMatchObject({
          brandName: 'Car Finance Direct',
          started: 2,
          submitted: 2,
          decided: 2,
          approved: 1,
          declined: 1,
          paidOut: 0,
          timeToFirstDecision: { count: 2 },
          byVulnerability: {
            flagged: { submitted: 1, approved: 1, declined: 0 },
            notFlagged: { submitted: 1, approved: 0, declined: 1 },
          },
        })
        expect(body.lenders).toEqual([
          expect.objectContaining({ lenderId: 'lender-a', decided: 2, approvalRate: 0.5 }),
        ])
        expect(JSON.stringify(body)).not.toContain('Ada')
        expect(((await get(boss)).json() as { months: { brand: string }[] }).months).toHaveLength(2)

        const refused = await get(carfinanceAdmin, '?brand=milebroker&from=2026-13&to=2026-01')
        expect(refused.statusCode).toBe(400)
        expect(refused.json()).toEqual({
          error: 'Invalid figures filter',
          errors: [
            { field: 'from', message: 'must be a month written YYYY-MM' },
            { field: 'brand', message: 'is not one of your brands' },
          ],
        })

        const csv = await figures.request({
          method: 'POST',
          url: '/api/back-office/figures/export',
          as: carfinanceAdmin,
          body: { table: 'lenders' },
        })
        expect(csv.statusCode).toBe(200)
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
        expect(csv.headers['content-disposition']).toMatch(
          /^attachment; filename="outcome-lenders-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv"$/,
        )
        const lines = csv.body.trimEnd().split('\r\n')
        expect(lines[0]).toBe(
          'brand,month,lender,decided,approved,declined,approval_rate,paid_out,commission_gbp',
        )
        expect(lines[1]).toMatch(/^carfinance,\d{4}-\d{2},lender-a,2,1,1,0\.5,0,0\.00$/)
        const audited = await figures.database.db
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'figures.exported')
          .execute()
        expect(audited.map((row) => [row.operator_id, JSON.parse(row.detail)])).toEqual([
          [carfinanceAdmin.id, expect.objectContaining({ table: 'lenders', brand: null, rows: 1 })],
        ])
        expect(
          (
            await figures.request({
              method: 'POST',
              url: '/api/back-office/figures/export',
              as: worker,
              body: { table: 'lenders' },
            })
          ).statusCode,
        ).toBe(403)
      } finally {
        await figures.close()
      }
    })
  })
}
