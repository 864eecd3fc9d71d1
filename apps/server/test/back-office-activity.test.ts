// "Most recent activity first" counts the broker's own activity, on both engines: a note or a status
// moves the application's updated_at forward (never back), so the list and its date filter follow it,
// and a lead's timeline does not take that instant for a save of its answers (decision 2071).

import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startBackOffice, type BackOfficeApp } from './back-office-helpers'
import { engines } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 7).toString('base64')

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`the broker's activity on ${engine.name}`, () => {
    let bo: BackOfficeApp

    beforeEach(async () => {
      bo = await startBackOffice(engine, { FORECOURT_DATA_KEY: DATA_KEY })
    })
    afterEach(async () => {
      await bo.close()
    })

    async function listed(as: Awaited<ReturnType<BackOfficeApp['operator']>>) {
      const response = await bo.request({ method: 'GET', url: '/api/back-office/applications', as })
      return (response.json() as { items: { applicationKey: string; updatedAt: string }[] }).items
    }

    async function updatedAt(key: string) {
      const row = await bo.database.db
        .selectFrom('applications')
        .select('updated_at')
        .where('application_key', '=', key)
        .executeTakeFirstOrThrow()
      return row.updated_at
    }

    test('a note and a status each bring the application to the top of the list', async () => {
      const older = randomUUID()
      const newer = randomUUID()
      await bo.submit(older)
      bo.clock.advance(60_000)
      await bo.submit(newer)
      const cath = await bo.operator('cath@broker.example', 'caseworker')
      expect((await listed(cath)).map((item) => item.applicationKey)).toEqual([newer, older])

      bo.clock.advance(60_000)
      const noted = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${older}/notes`,
        as: cath,
        body: { text: 'Called back about the deposit' },
      })
      expect(noted.statusCode).toBeLessThan(300)
      const noteAt = bo.clock.now().toISOString()
      expect(await updatedAt(older)).toBe(noteAt)
      const afterNote = await listed(cath)
      expect(afterNote.map((item) => item.applicationKey)).toEqual([older, newer])
      expect(afterNote[0]!.updatedAt).toBe(noteAt)

      bo.clock.advance(60_000)
      const moved = await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${newer}/status`,
        as: cath,
        body: { status: 'contacted' },
      })
      expect(moved.statusCode).toBeLessThan(300)
      expect(await updatedAt(newer)).toBe(bo.clock.now().toISOString())
      expect((await listed(cath)).map((item) => item.applicationKey)).toEqual([newer, older])
    })

    test("a lead's note is not shown as a save of its answers", async () => {
      const key = randomUUID()
      await bo.submit(key)
      // The same row as a lead (a partial save): no submission yet.
      await bo.database.db
        .updateTable('applications')
        .set({ status: 'partial', submitted_at: null })
        .where('application_key', '=', key)
        .execute()
      const cath = await bo.operator('cath@broker.example', 'caseworker')
      bo.clock.advance(60_000)
      await bo.request({
        method: 'POST',
        url: `/api/back-office/applications/${key}/notes`,
        as: cath,
        body: { text: 'Left a message' },
      })
      expect(await updatedAt(key)).toBe(bo.clock.now().toISOString())
      const detail = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications/${key}`,
        as: cath,
      })
      const timeline = (detail.json() as { timeline: { type: string; text: string }[] }).timeline
      expect(timeline.map((entry) => entry.text)).not.toContain('Answers last saved')
      expect(timeline.map((entry) => entry.text)).toContain('Note added: Left a message')
    })
  })
}
