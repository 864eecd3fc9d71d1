// The back-office pages that show applicants' names each write an audit entry when read (decision 2123):
// the list, the search and the commission requests. Who read, with which filters, how many rows; never
// a name or the value searched for. And the answers they show cannot read other than they are: a
// control or bidirectional character kept in a refused body shows as its code point. Through real HTTP
// (inject) on both engines.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { currentText } from '../src/evidence/disclosure-hash'
import { appendEvidence, evidenceRow } from '../src/evidence/evidence-repository'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { validSubmission } from './submission-test-helpers'
import { engines } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 9).toString('base64')

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`reads that show names on ${engine.name}`, () => {
    let bo: BackOfficeApp
    let caseworker: Operator
    const asked = randomUUID()

    beforeAll(async () => {
      bo = await startBackOffice(engine, { FORECOURT_DATA_KEY: DATA_KEY })
      caseworker = await bo.operator('cath@broker.example', 'caseworker', ['carfinance'])
      await bo.submit(randomUUID())
      await bo.submit(asked)
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
    })
    afterAll(async () => {
      await bo?.close()
    })

    /** The entries of one action, oldest first, as [operator, detail]. */
    const entries = async (action: string) =>
      (
        await bo.database.db
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', action)
          .orderBy('seq')
          .execute()
      ).map((row) => {
        expect(row.application_key).toBeNull()
        return [row.operator_id, JSON.parse(row.detail) as unknown]
      })

    const NO_FILTER = {
      brand: null,
      status: null,
      kind: null,
      decision: null,
      needsAttention: null,
      from: null,
      to: null,
    }

    test(`${engine.name}: each read of the list is audited with its filters and page, not the names it showed`, async () => {
      const first = await bo.request({
        method: 'GET',
        url: '/api/back-office/applications',
        as: caseworker,
      })
      expect(first.statusCode).toBe(200)
      expect(first.body).toContain("Ada O'Neill")
      const filtered = await bo.request({
        method: 'GET',
        url: '/api/back-office/applications?brand=carfinance&kind=submitted&from=2026-01-01&limit=1',
        as: caseworker,
      })
      expect(filtered.statusCode).toBe(200)
      const { nextCursor } = filtered.json() as { nextCursor: string }
      const next = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications?brand=carfinance&cursor=${encodeURIComponent(nextCursor)}&limit=1`,
        as: caseworker,
      })
      expect(next.statusCode).toBe(200)
      // A refused filter shows nothing and records nothing.
      const refused = await bo.request({
        method: 'GET',
        url: '/api/back-office/applications?brand=milebroker',
        as: caseworker,
      })
      expect(refused.statusCode).toBe(400)

      expect(await entries('applications.listed')).toEqual([
        [caseworker.id, { ...NO_FILTER, page: 'first', rows: 2 }],
        [
          caseworker.id,
          {
            ...NO_FILTER,
            brand: 'carfinance',
            kind: 'submitted',
            from: '2026-01-01',
            page: 'first',
            rows: 1,
          },
        ],
        [caseworker.id, { ...NO_FILTER, brand: 'carfinance', page: 'next', rows: 1 }],
      ])
    })

    test(`${engine.name}: a search is audited with the field searched and its filters, never the name searched for`, async () => {
      const response = await bo.request({
        method: 'POST',
        url: '/api/back-office/applications/search',
        as: caseworker,
        body: { query: 'O’Neill', brand: 'carfinance' },
      })
      expect(response.statusCode).toBe(200)
      expect((response.json() as { items: unknown[] }).items).toHaveLength(2)
      expect(await entries('applications.searched')).toEqual([
        [caseworker.id, { field: 'name', ...NO_FILTER, brand: 'carfinance' }],
      ])
      const everything = JSON.stringify(
        await bo.database.db.selectFrom('audit_log').selectAll().execute(),
      )
      expect(everything).not.toMatch(/neill/i)
    })

    test(`${engine.name}: a refused submission's answers show its bidirectional and control characters as code points`, async () => {
      const key = randomUUID()
      const body = { ...validSubmission(key), firstName: 'Ada\u202E', lastName: "O'Neill\u0007" }
      const refused = await bo.applicantPost(`/api/submission/${key}`, body)
      expect(refused.statusCode).toBe(400)
      const detail = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications/${key}`,
        as: caseworker,
      })
      expect(detail.statusCode).toBe(200)
      const { answers } = detail.json() as {
        answers: { rows: { label: string; value: string[] }[] }[]
      }
      const lines = answers.flatMap((section) => section.rows.flatMap((row) => row.value))
      expect(lines).toContain("Ms Ada[U+202E] O'Neill[U+0007]")
      expect(lines.join('')).not.toContain('\u202E')
      expect(lines.join('')).not.toContain('\u0007')
    })

    test(`${engine.name}: each read of the commission requests is audited with what it showed, by count`, async () => {
      for (const state of ['open', 'all']) {
        const response = await bo.request({
          method: 'GET',
          url: `/api/back-office/commission-requests?state=${state}`,
          as: caseworker,
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({
          requests: [{ applicationKey: asked, name: "Ada O'Neill" }],
        })
      }
      expect(await entries('commission-requests.viewed')).toEqual([
        [caseworker.id, { state: 'open', rows: 1 }],
        [caseworker.id, { state: 'all', rows: 1 }],
      ])
    })
  })
}
