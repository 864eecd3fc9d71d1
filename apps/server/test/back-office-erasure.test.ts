// Erasure and the data-protection exports end to end, on both engines: applications submitted through
// the API, delivered to a fake lender that checks signatures, then exported (the subject access file,
// the CSV list) and erased, after which the lender receives a signed `application.erased` notice
// through the outbox, and the audit chain still verifies.

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { verifyAuditChain } from '../src/back-office/audit-log'
import { DeliveryWorker } from '../src/delivery/worker'
import { submittedPayloadLoader } from '../src/delivery/payload'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startBackOffice } from './back-office-helpers'
import { startFakeLender, type FakeLender } from './fake-lender'
import { engines } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 9).toString('base64')

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`erasure and exports on ${engine.name}`, () => {
    let lenderA: FakeLender
    let lenderB: FakeLender
    const secretA = `whsec_${randomBytes(32).toString('base64')}`
    const secretB = `whsec_${randomBytes(32).toString('base64')}`

    beforeAll(async () => {
      lenderA = await startFakeLender({ secret: secretA })
      lenderB = await startFakeLender({ secret: secretB, alwaysStatus: 503 })
    })
    afterAll(async () => {
      await lenderA.close()
      await lenderB.close()
    })

    test('export, then erase: a tombstone stays, the lender that got it is sent a signed notice, a legal hold blocks it', async () => {
      const destinations = {
        carfinance: [
          { id: 'lender-a', url: lenderA.url, secret: secretA },
          { id: 'lender-b', url: lenderB.url, secret: secretB },
        ],
      }
      const bo = await startBackOffice(engine, {
        FORECOURT_DATA_KEY: DATA_KEY,
        LENDER_DESTINATIONS: JSON.stringify(destinations),
      })
      try {
        const key = randomUUID()
        const second = randomUUID()
        const stranger = randomUUID()
        await bo.submit(key)
        // The same person applying again (same email), and someone else.
        await bo.submit(second, (payload) => {
          payload.contactNumber = '07911987654'
        })
        await bo.submit(stranger, (payload) => {
          payload.email = 'stranger@example.com'
          payload.contactNumber = '07911000111'
        })
        const worker = new DeliveryWorker({
          database: bo.database,
          loadPayload: submittedPayloadLoader({
            current: { id: '1', key: Buffer.from(DATA_KEY, 'base64') },
            keys: new Map([['1', Buffer.from(DATA_KEY, 'base64')]]),
          }),
          destinations: () => destinations,
          concurrency: 8,
          // Submissions are due at the real time, notices at the back office's (moved on by the test).
          now: () => new Date(Math.max(Date.now(), bo.clock.now().getTime())),
        })
        await worker.runOnce()
        expect(lenderA.accepted.has(key)).toBe(true)

        const admin = await bo.operator('ann@broker.example', 'admin')

        // Subject access: the applicant's other application is offered (same email and date of
        // birth), not the stranger's, and is in the file once the admin chose it.
        const offered = await bo.request({
          method: 'GET',
          url: `/api/back-office/applications/${key}/data-export/candidates`,
          as: admin,
        })
        expect(offered.statusCode).toBe(200)
        expect(offered.json()).toEqual({
          candidates: [
            {
              applicationKey: second,
              reference: applicationReference(second),
              brand: 'carfinance',
              kind: 'submitted',
              createdAt: expect.any(String) as unknown,
              matches: { email: true, phone: false, dateOfBirth: true, name: true },
              strong: true,
            },
          ],
        })
        const exported = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/data-export`,
          as: admin,
          body: { include: [second] },
        })
        expect(exported.statusCode).toBe(200)
        const file = exported.json() as {
          subject: unknown
          generatedBy: string
          applications: {
            applicationKey: string
            payload: { email: string }
            deliveries: unknown[]
          }[]
        }
        expect(file.subject).toEqual({
          name: "Ada O'Neill",
          email: 'ada.oneill@example.com',
          phone: '07911123456',
        })
        expect(file.generatedBy).toBe('ann@broker.example')
        expect(file.applications.map((a) => a.applicationKey).sort()).toEqual([key, second].sort())
        expect(file.applications[0]!.payload.email).toBe('ada.oneill@example.com')
        expect(file.applications[0]!.deliveries).toHaveLength(2)

        // The CSV list: no names or contact details, audited.
        const csv = await bo.request({
          method: 'POST',
          url: '/api/back-office/applications/export',
          as: admin,
          body: { kind: 'submitted' },
        })
        expect(csv.statusCode).toBe(200)
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
        expect(csv.headers['content-disposition']).toMatch(
          /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
        )
        const lines = csv.body.trimEnd().split('\r\n')
        expect(lines[0]).toBe(
          'reference,brand,kind,broker_status,lenders,created_at,submitted_at,updated_at,needs_attention',
        )
        expect(lines).toHaveLength(4)
        expect(csv.body).toContain(
          `${applicationReference(key)},carfinance,submitted,new,lender-a:delivered lender-b:pending,`,
        )
        expect(csv.body).not.toContain('ada')
        expect(csv.body).not.toContain('07911')

        // A legal hold blocks erasure and says why.
        await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/legal-hold`,
          as: admin,
          body: { reason: 'Complaint with the Financial Ombudsman' },
        })
        const blocked = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/erase`,
          as: admin,
          body: { reason: 'The applicant asked on the phone' },
        })
        expect(blocked.statusCode).toBe(409)
        expect(blocked.json()).toEqual({
          error:
            'This application is under a legal hold and cannot be erased: Complaint with the Financial Ombudsman',
        })
        await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/legal-hold/lift`,
          as: admin,
        })
        await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/notes`,
          as: admin,
          body: { text: 'Ada called' },
        })

        const erased = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/erase`,
          as: admin,
          body: { reason: 'The applicant asked on the phone' },
        })
        expect(erased.statusCode).toBe(200)
        // lender-a received it; lender-b refused with 503 but was attempted: it may hold it, so it is told too.
        expect(erased.json()).toEqual({
          erased: {
            at: bo.clock.now().toISOString(),
            by: 'ann@broker.example',
            reason: 'The applicant asked on the phone',
          },
          notices: 2,
        })

        // Nothing personal is left of it.
        const db = bo.database.db
        expect(
          await db
            .selectFrom('applications')
            .select('application_key')
            .where('application_key', '=', key)
            .execute(),
        ).toEqual([])
        expect(
          await db
            .selectFrom('application_index')
            .select('hash')
            .where('application_key', '=', key)
            .execute(),
        ).toEqual([])
        expect(
          await db.selectFrom('notes').select('id').where('application_key', '=', key).execute(),
        ).toEqual([])
        // Nor the binding to the applicant's browser (decision 1801).
        expect(
          await db
            .selectFrom('application_secrets')
            .select('secret_hash')
            .where('application_key', '=', key)
            .execute(),
        ).toEqual([])
        const tombstone = await db
          .selectFrom('erasures')
          .selectAll()
          .where('application_key', '=', key)
          .executeTakeFirstOrThrow()
        expect(tombstone).toMatchObject({
          reference: applicationReference(key),
          brand: 'carfinance',
          kind: 'submitted',
          erased_by: admin.id,
          reason: 'The applicant asked on the phone',
        })

        // The detail shows the tombstone; a second erasure is refused.
        const detail = await bo.request({
          method: 'GET',
          url: `/api/back-office/applications/${key}`,
          as: admin,
        })
        expect(detail.json()).toMatchObject({
          application: {
            name: null,
            erased: { by: 'ann@broker.example', reason: 'The applicant asked on the phone' },
          },
          answers: [],
          notes: [],
        })
        const again = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/erase`,
          as: admin,
          body: { reason: 'again' },
        })
        expect(again.statusCode).toBe(409)
        // Search no longer finds it, but still finds the applicant's other application.
        const search = await bo.request({
          method: 'POST',
          url: '/api/back-office/applications/search',
          as: admin,
          body: { query: 'ada.oneill@example.com' },
        })
        expect(
          (search.json() as { items: { applicationKey: string }[] }).items.map(
            (item) => item.applicationKey,
          ),
        ).toEqual([second])

        // The worker sends the notice, signed like any delivery, with its own idempotency key.
        lenderB.setAlwaysStatus(undefined)
        await worker.runOnce()
        await worker.runOnce()
        for (const lender of [lenderA, lenderB]) {
          const notice = lender.accepted.get(`erasure:${key}`)
          expect(notice, lender.url).toBeDefined()
          expect(notice!.body).toEqual({
            type: 'application.erased',
            timestamp: tombstone.erased_at,
            data: {
              submissionKey: key,
              reference: applicationReference(key),
              erasedAt: tombstone.erased_at,
            },
          })
          expect(lender.received.every((request) => request.signatureFailure === undefined)).toBe(
            true,
          )
        }
        // The application itself is never sent again to the lender that had not taken it.
        expect(lenderB.accepted.has(key)).toBe(false)

        const actions = (
          await db
            .selectFrom('audit_log')
            .select('action')
            .where('application_key', '=', key)
            .orderBy('seq')
            .execute()
        ).map((row) => row.action)
        expect(actions).toEqual([
          'application.data-exported',
          'legal-hold.set',
          'legal-hold.lifted',
          'note.added',
          'application.erased',
          'application.viewed',
        ])
        expect(await verifyAuditChain(db)).toMatchObject({ ok: true })
        await worker.stop()
      } finally {
        await bo.close()
      }
    })
  })
}
