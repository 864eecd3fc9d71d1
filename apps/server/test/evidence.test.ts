// The evidence record on both engines, through the real routes: the browser's reports (checked against
// the published texts, stamped with the server's clock, recorded once), what a submission itself proves
// (terms, soft search, each applicant's consent per channel), the vulnerability flag, commission
// requests and answers, withdrawals as new records, and the evidence travelling to lenders. Decisions
// 1654, 1655, 1659.

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { CONSENT_CHANNELS } from '@forecourt/domain/brands/disclosures'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { parseDataKeyring } from '../src/crypto/field-encryption'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { currentText } from '../src/evidence/disclosure-hash'
import {
  commissionRequests,
  currentConsents,
  evidenceForApplication,
  recordCommissionAnswer,
  recordConsentWithdrawal,
} from '../src/evidence/evidence-repository'
import { CONSENT_FLAGS } from '../src/evidence/submission-evidence'
import {
  addSupportNote,
  flaggedApplications,
  supportCase,
} from '../src/evidence/support-repository'
import {
  postJson,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()
const CARFINANCE = brands.carfinance.affiliateKey

const evidenceUrl = (key: string) => `/api/evidence/${key}`

function item(
  brand: 'carfinance' | 'harbourlend',
  disclosureId: Parameters<typeof currentText>[1],
  overrides: Record<string, unknown> = {},
) {
  const text = currentText(brand, disclosureId)!
  return {
    id: randomUUID(),
    applicant: 'main',
    kind: 'shown',
    disclosureId,
    version: text.version,
    textHash: text.hash,
    screen: '/',
    ...overrides,
  }
}

const HARBOURLEND_HOST = { host: 'harbourlend.localhost' }

function jointPayload() {
  const key = randomUUID()
  const state = filledJointState()
  state.GUID = key
  state.applicationKey = key
  return toFullSubmissionPayload(state, { brand: brands.harbourlend, now: new Date() })
}

describe.each(allEngines)('evidence on $name', (engine) => {
  let app: EngineApp
  beforeAll(async () => {
    if (engine.available) app = await startEngineApp(engine)
  })
  afterAll(async () => app?.close())

  test.skipIf(!engine.available)(
    'the browser reports what it showed and what was agreed; the server stamps its time and records each item once',
    async () => {
      const key = randomUUID()
      const shown = item('carfinance', 'commission')
      const agreed = item('carfinance', 'marketing-email', { kind: 'agreed', screen: '/optins' })
      const before = new Date().toISOString()
      const answer = await app.post(evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [shown, agreed],
      })
      const after = new Date().toISOString()
      expect(answer.statusCode).toBe(202)
      expect(answer.json()).toEqual({ recorded: 2 })
      // The same report again (a retry): nothing new.
      const again = await app.post(evidenceUrl(key), { affiliateKey: CARFINANCE, items: [shown] })
      expect(again.json()).toEqual({ recorded: 0 })

      const records = await evidenceForApplication(app.database.db, key)
      expect(records).toHaveLength(2)
      expect(records.find((record) => record.disclosureId === 'commission')).toMatchObject({
        applicant: 'main',
        kind: 'shown',
        version: 1,
        textHash: currentText('carfinance', 'commission')!.hash,
        channel: null,
        screen: '/',
        source: 'browser',
        operatorId: null,
      })
      expect(records.find((record) => record.disclosureId === 'marketing-email')).toMatchObject({
        kind: 'agreed',
        channel: 'email',
        screen: '/optins',
      })
      for (const record of records) {
        expect(record.at >= before && record.at <= after).toBe(true)
      }
    },
  )

  test.skipIf(!engine.available)(
    '“How much commission will you receive?” from the form is an open request in the back office’s list until answered',
    async () => {
      const key = randomUUID()
      // What the web app sends from /before-you-submit when the applicant asks.
      const asked = item('carfinance', 'commission', {
        kind: 'requested',
        screen: '/before-you-submit',
      })
      const answer = await app.post(evidenceUrl(key), { affiliateKey: CARFINANCE, items: [asked] })
      expect(answer.json()).toEqual({ recorded: 1 })
      // The queue in the browser sends it again after a lost answer: still one request.
      await app.post(evidenceUrl(key), { affiliateKey: CARFINANCE, items: [asked] })

      const open = await commissionRequests(app.database.db, { applicationKey: key, open: true })
      expect(open).toEqual([
        { applicationKey: key, brand: 'carfinance', requestedAt: expect.any(String), answers: [] },
      ])
      await recordCommissionAnswer(app.database.db, {
        applicationKey: key,
        brand: 'carfinance',
        answer: { lenderId: 'lender-a', kind: 'percentage', value: 3.5 },
        operatorId: 'op_1',
        now: new Date(),
      })
      expect(
        await commissionRequests(app.database.db, { applicationKey: key, open: true }),
      ).toEqual([])
    },
  )

  test.skipIf(!engine.available)(
    'an unknown text, version or hash, a joint text for the main applicant and a request for anything but the commission are refused whole',
    async () => {
      const key = randomUUID()
      const answer = await app.post(evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [
          item('carfinance', 'commission', { version: 2 }),
          item('carfinance', 'panel', { textHash: 'a'.repeat(64) }),
          // harbourlend's text is not carfinance's: the hash names another brand's text.
          item('harbourlend', 'commission'),
          item('carfinance', 'joint-marketing-sms', { applicant: 'main' }),
          item('carfinance', 'panel', { kind: 'requested' }),
          item('carfinance', 'commission', { kind: 'requested' }),
        ],
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({
        error: 'Invalid evidence',
        errors: [
          {
            field: 'items.0',
            message: 'is not a text this brand published (id, version and hash must match)',
          },
          {
            field: 'items.1',
            message: 'is not a text this brand published (id, version and hash must match)',
          },
          {
            field: 'items.2',
            message: 'is not a text this brand published (id, version and hash must match)',
          },
          {
            field: 'items.3.applicant',
            message: 'does not match the applicant this text is for',
          },
          { field: 'items.4.kind', message: 'only the commission disclosure can be requested' },
        ],
      })
      expect(await evidenceForApplication(app.database.db, key)).toEqual([])

      const shape = await app.post(evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [{ ...item('carfinance', 'commission'), textHash: 'not-hex', extra: 1 }],
      })
      expect(shape.statusCode).toBe(400)
      expect((shape.json() as { error: string }).error).toBe('Invalid evidence')
      const brandless = await app.post(evidenceUrl(key), {
        affiliateKey: 'aff-none-000000',
        items: [item('carfinance', 'commission')],
      })
      expect(brandless.json()).toEqual({
        error: 'Invalid evidence',
        errors: [{ field: 'affiliateKey', message: 'is not the affiliate key of a known brand' }],
      })
      const badKey = await app.post(evidenceUrl('not-a-uuid'), {
        affiliateKey: CARFINANCE,
        items: [item('carfinance', 'commission')],
      })
      expect(badKey.json()).toEqual({ error: 'The application key in the address must be a UUID' })
      // Without the anti-forgery pair: refused before anything is looked at.
      const forged = await postJson(app.app, evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [item('carfinance', 'commission')],
      })
      expect(forged.statusCode).toBe(403)
    },
  )

  test.skipIf(!engine.available)(
    'a single submission records the terms, the soft search and each marketing channel with the texts’ versions',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const records = await evidenceForApplication(app.database.db, key)
      expect(
        records.map((record) => [record.disclosureId, record.kind, record.channel, record.source]),
      ).toEqual(
        expect.arrayContaining([
          ['terms', 'agreed', null, 'submission'],
          ['soft-search', 'agreed', null, 'submission'],
          ['marketing-email', 'agreed', 'email', 'submission'],
          ['marketing-sms', 'declined', 'sms', 'submission'],
          ['marketing-phone', 'agreed', 'phone', 'submission'],
          ['marketing-post', 'declined', 'post', 'submission'],
          ['marketing-partner-email', 'declined', 'partner-email', 'submission'],
          ['marketing-partner-sms', 'declined', 'partner-sms', 'submission'],
          ['marketing-partner-phone', 'declined', 'partner-phone', 'submission'],
        ]),
      )
      expect(records).toHaveLength(9)
      for (const record of records) {
        expect(record.applicant).toBe('main')
        expect(record.textHash).toBe(
          currentText('carfinance', record.disclosureId as 'terms')!.hash,
        )
      }
      // Replayed: the same records, no more.
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      expect(await evidenceForApplication(app.database.db, key)).toHaveLength(9)
      // No support answers: no flag.
      expect(await supportCase(app.database.db, key, undefined)).toBeUndefined()
    },
  )

  test.skipIf(!engine.available)(
    'a joint submission records the joint applicant’s own consents and raises the vulnerability flag',
    async () => {
      const payload = jointPayload()
      const key = payload.submissionKey
      // Sent from the brand's own site: no page files an application into another brand (decision 1572).
      expect((await app.post(submissionUrl(key), payload, HARBOURLEND_HOST)).statusCode).toBe(201)
      const consents = await currentConsents(app.database.db, key)
      expect(consents).toHaveLength(14)
      for (const channel of CONSENT_CHANNELS) {
        const flag = CONSENT_FLAGS[channel] as keyof typeof payload
        expect(consents.find((c) => c.applicant === 'main' && c.channel === channel)?.state).toBe(
          payload[flag] === true ? 'agreed' : 'declined',
        )
        const jointFlag = CONSENT_FLAGS[channel] as keyof NonNullable<typeof payload.JointApplicant>
        expect(
          consents.find((c) => c.applicant === 'joint' && c.channel === channel),
        ).toMatchObject({
          state: payload.JointApplicant![jointFlag] === true ? 'agreed' : 'declined',
          disclosureId: `joint-marketing-${channel}`,
        })
      }
      // The fixture's joint applicant said yes to text messages only.
      expect(
        consents
          .filter((c) => c.applicant === 'joint' && c.state === 'agreed')
          .map((c) => c.channel),
      ).toEqual(['sms'])

      const flagged = await supportCase(app.database.db, key, undefined)
      expect(flagged).toMatchObject({
        brand: 'harbourlend',
        reasons: ['discuss-financial-circumstances', 'additional-needs'],
        notes: [],
      })
      const list = await flaggedApplications(app.database.db, { brand: 'harbourlend' })
      expect(list.find((entry) => entry.applicationKey === key)).toMatchObject({
        adjusted: false,
        outcomeRecorded: false,
      })
    },
  )

  test.skipIf(!engine.available)(
    'an operator records the adjustment and the outcome as sealed notes, and a withdrawal as a new record',
    async () => {
      const payload = jointPayload()
      const key = payload.submissionKey
      // Sent from the brand's own site: no page files an application into another brand (decision 1572).
      expect((await app.post(submissionUrl(key), payload, HARBOURLEND_HOST)).statusCode).toBe(201)
      const problems: string[] = []
      const keys = parseDataKeyring(
        { key: randomBytes(32).toString('base64'), keyId: undefined, oldKeys: undefined },
        problems,
      )
      const now = new Date('2026-11-25T09:00:00Z')
      await addSupportNote(
        app.database.db,
        {
          applicationKey: key,
          step: 'adjustment',
          note: 'Called after 5pm',
          operatorId: 'op-1',
          now,
        },
        keys,
      )
      await addSupportNote(
        app.database.db,
        {
          applicationKey: key,
          step: 'outcome',
          note: 'Offer explained by phone',
          operatorId: 'op-1',
          now: new Date(now.getTime() + 60_000),
        },
        keys,
      )
      const stored = await app.database.db
        .selectFrom('support_notes')
        .select('note')
        .where('application_key', '=', key)
        .execute()
      for (const row of stored) expect(row.note).not.toContain('5pm')
      expect((await supportCase(app.database.db, key, keys))?.notes).toMatchObject([
        { step: 'adjustment', note: 'Called after 5pm', operatorId: 'op-1' },
        { step: 'outcome', note: 'Offer explained by phone', operatorId: 'op-1' },
      ])
      expect(
        (await flaggedApplications(app.database.db)).find((entry) => entry.applicationKey === key),
      ).toMatchObject({ adjusted: true, outcomeRecorded: true })

      // The main applicant had said yes to email; they withdraw it.
      expect(
        await recordConsentWithdrawal(app.database.db, {
          applicationKey: key,
          applicant: 'main',
          channel: 'email',
          operatorId: 'op-2',
          now: new Date(),
        }),
      ).toBe(true)
      // Nothing to withdraw where nothing was agreed.
      expect(
        await recordConsentWithdrawal(app.database.db, {
          applicationKey: key,
          applicant: 'joint',
          channel: 'email',
          operatorId: 'op-2',
          now: new Date(),
        }),
      ).toBe(false)
      const records = await evidenceForApplication(app.database.db, key)
      const email = records.filter((record) => record.disclosureId === 'marketing-email')
      expect(email.map((record) => [record.kind, record.source, record.operatorId])).toEqual([
        ['agreed', 'submission', null],
        ['withdrawn', 'operator', 'op-2'],
      ])
      expect(
        (await currentConsents(app.database.db, key)).find(
          (c) => c.applicant === 'main' && c.channel === 'email',
        )?.state,
      ).toBe('withdrawn')
    },
  )

  test.skipIf(!engine.available)(
    'a commission request waits in the back office list until an operator answers it',
    async () => {
      const key = randomUUID()
      const answer = await app.post(evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [
          item('carfinance', 'commission', { kind: 'requested', screen: '/before-you-submit' }),
        ],
      })
      expect(answer.statusCode).toBe(202)
      const open = await commissionRequests(app.database.db, { brand: 'carfinance', open: true })
      expect(open.find((request) => request.applicationKey === key)).toMatchObject({
        brand: 'carfinance',
        answers: [],
      })
      await recordCommissionAnswer(app.database.db, {
        applicationKey: key,
        brand: 'carfinance',
        answer: { lenderId: 'lender-a', kind: 'percentage', value: 3.5 },
        operatorId: 'op-3',
        now: new Date(),
      })
      expect(
        (await commissionRequests(app.database.db, { open: true })).some(
          (request) => request.applicationKey === key,
        ),
      ).toBe(false)
      const all = await commissionRequests(app.database.db, { brand: 'carfinance' })
      expect(all.find((request) => request.applicationKey === key)?.answers).toMatchObject([
        { operatorId: 'op-3', answer: { lenderId: 'lender-a', kind: 'percentage', value: 3.5 } },
      ])
    },
  )

  test.skipIf(!engine.available)(
    'the delivery to lenders carries the evidence beside the payload',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      await app.post(evidenceUrl(key), {
        affiliateKey: CARFINANCE,
        items: [item('carfinance', 'commission', { screen: '/' })],
      })
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const body = JSON.parse((await submittedPayloadLoader(undefined)(app.database.db, key))!) as {
        submissionKey: string
        evidence: { version: number; records: Record<string, unknown>[] }
      }
      expect(body.submissionKey).toBe(key)
      expect(body.evidence.version).toBe(1)
      expect(body.evidence.records).toHaveLength(10)
      expect(body.evidence.records[0]).toEqual({
        applicant: 'main',
        kind: 'shown',
        disclosureId: 'commission',
        version: 1,
        textHash: currentText('carfinance', 'commission')!.hash,
        channel: null,
        screen: '/',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
        source: 'browser',
        detail: null,
      })
    },
  )
})

describe.each(allEngines)('retention of the records on $name', (engine) => {
  test.skipIf(!engine.available)(
    'evidence and emails go with their application; records of an application never stored go after the partial period',
    async () => {
      const app = await startEngineApp(engine)
      try {
        const payload = validSubmission()
        const key = payload.submissionKey
        expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
        const orphan = randomUUID()
        await app.post(evidenceUrl(orphan), {
          affiliateKey: CARFINANCE,
          items: [item('carfinance', 'commission')],
        })
        const count = async (table: 'evidence' | 'emails', applicationKey: string) =>
          (
            await app.database.db
              .selectFrom(table)
              .select('application_key')
              .where('application_key', '=', applicationKey)
              .execute()
          ).length
        expect(await count('evidence', key)).toBe(9)
        expect(await count('emails', key)).toBeGreaterThan(0)
        expect(await count('evidence', orphan)).toBe(1)

        const { deleteExpired } = await import('../src/retention/delete-expired')
        const policy = { submittedDays: 2192, partialDays: 30 }
        // 31 days on: the submission stays with its records; the orphan evidence goes.
        await deleteExpired(app.database.db, policy, new Date(Date.now() + 31 * 86_400_000))
        expect(await count('evidence', key)).toBe(9)
        expect(await count('evidence', orphan)).toBe(0)
        // Six years on: everything goes.
        await deleteExpired(app.database.db, policy, new Date(Date.now() + 2193 * 86_400_000))
        expect(await count('evidence', key)).toBe(0)
        expect(await count('emails', key)).toBe(0)
      } finally {
        await app.close()
      }
    },
  )
})
