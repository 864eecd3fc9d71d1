// The server anchors the audit log's head outside the database (decision 2123): when it is ready and on
// each run after, into the anchor file and as a signed line of its log; a head moved back behind the
// anchor is logged as an error and never anchored. On both engines, through buildApp's own job.

import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, test } from 'vitest'
import {
  auditAnchorKey,
  readAnchor,
  registerAuditAnchorJob,
  signAnchor,
} from '../src/back-office/audit-anchor'
import { appendAudit } from '../src/back-office/audit-log'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openMigrated, type OpenedEngine } from './delivery-fixtures'
import { engines, temporaryFolder } from './test-databases'
import { TEST_ENV } from './submission-test-helpers'

const NOW = new Date('2026-11-29T10:00:00.000Z')
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const found = find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('waited in vain')
}

interface Logged {
  msg: string
  level: number
  auditHead?: { seq: number; hash: string; at: string; mac: string }
}

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(engine.name, () => {
    const setUp = async () => {
      const opened: OpenedEngine = await openMigrated(engine)
      cleanups.push(() => opened.cleanup())
      const folder = await temporaryFolder()
      cleanups.push(() => rm(folder, { recursive: true, force: true }))
      const file = join(folder, 'audit-anchor.json')
      return { db: opened.database.db, database: opened.database, file }
    }

    test(`${engine.name}: the server anchors the head when ready, in the file and as a signed log line`, async () => {
      const { database, file } = await setUp()
      for (let i = 0; i < 3; i += 1) {
        await appendAudit(database.db, { operatorId: 'op_1', action: 'sign-in', at: NOW })
      }
      const config = loadConfig({
        ...TEST_ENV,
        AUDIT_ANCHOR_FILE: file,
        FORECOURT_SECRET: 's'.repeat(40),
      })
      const lines: string[] = []
      const app = await buildApp(config, {
        db: database,
        logger: { stream: { write: (line) => lines.push(line) } },
      })
      cleanups.push(() => app.close())
      await app.ready()
      const logged = await until(() =>
        lines
          .map((line) => JSON.parse(line) as Logged)
          .find((line) => line.msg === 'audit head anchored'),
      )
      const head = await database.db
        .selectFrom('audit_head')
        .select(['seq', 'hash'])
        .executeTakeFirstOrThrow()
      expect(Number(head.seq)).toBe(3)
      const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
      expect(stored).toEqual({
        seq: 3,
        hash: head.hash,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        mac: expect.stringMatching(/^[0-9a-f]{64}$/),
      })
      // The log line is the same signed head, and the command line's key verifies it.
      expect(logged.auditHead).toEqual(stored)
      expect(await readAnchor(file, auditAnchorKey(config))).toEqual({
        state: 'valid',
        anchor: stored,
      })
      // Another secret would not have signed it.
      expect(
        (await readAnchor(file, auditAnchorKey({ ...config, secret: 't'.repeat(40) }))).state,
      ).toBe('invalid')
    })

    test(`${engine.name}: a head moved back behind the anchor is logged as an error and not anchored`, async () => {
      const { db, file } = await setUp()
      for (let i = 0; i < 5; i += 1) {
        await appendAudit(db, { operatorId: 'op_1', action: 'sign-in', at: NOW })
      }
      const key = auditAnchorKey(loadConfig({ ...TEST_ENV }))
      const lines: string[] = []
      let app: FastifyInstance = Fastify({
        logger: { stream: { write: (line: string) => lines.push(line) } },
      })
      const start = async () => {
        registerAuditAnchorJob(app, { db, file, key, intervalMs: 20, now: () => NOW })
        await app.ready()
      }
      await start()
      const first = await until(() =>
        lines.map((line) => JSON.parse(line) as Logged).find((line) => line.auditHead?.seq === 5),
      )
      expect(first.msg).toBe('audit head anchored')
      await app.close()
      const anchored = await readFile(file, 'utf8')

      const row3 = await db
        .selectFrom('audit_log')
        .select('hash')
        .where('seq', '=', 3)
        .executeTakeFirstOrThrow()
      await db.deleteFrom('audit_log').where('seq', '>', 3).execute()
      await db
        .updateTable('audit_head')
        .set({ seq: 3, hash: row3.hash })
        .where('id', '=', 1)
        .execute()

      lines.length = 0
      app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } })
      cleanups.push(() => app.close())
      await start()
      const error = await until(() =>
        lines.map((line) => JSON.parse(line) as Logged).find((line) => line.level === 50),
      )
      expect(error.msg).toBe(
        'audit log: the log ends at row 3 but its anchor records row 5: rows after row 3 were removed and the head moved back',
      )
      expect(await readFile(file, 'utf8')).toBe(anchored)
      expect(JSON.parse(anchored)).toEqual(
        signAnchor(key, { seq: 5, hash: JSON.parse(anchored).hash as string }, NOW),
      )
    })
  })
}
