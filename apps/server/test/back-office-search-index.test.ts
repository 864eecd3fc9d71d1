// The search index on the write path of both engines (the SQLite writer thread and Kysely on
// PostgreSQL): written with every submission and partial save in the same transaction, replaced when a
// save lands, left alone when it is superseded, and rebuilt at start-up for rows stored before it (or
// under another key).

import { createHmac, createSecretKey, randomUUID } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  createSearchIndexer,
  ensureSearchIndex,
  hashTerm,
  keyFingerprint,
  searchIndexKey,
} from '../src/back-office/search-index'
import type { IndexEntry } from '../src/back-office/search-index-rows'
import { compactReference } from '../src/back-office/search-terms'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import {
  partialApplicationRow,
  storeSubmittedApplications,
} from '../src/repositories/application-repository'
import { createWriteRunner } from '../src/repositories/sqlite-write-ops'
import {
  applicationUrl,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines, openSqlite } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 3).toString('base64')
const apps: EngineApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

async function indexOf(database: Database, key: string) {
  return database.db
    .selectFrom('application_index')
    .select(['field', 'hash'])
    .where('application_key', '=', key)
    .orderBy('field')
    .orderBy('hash')
    .execute()
}

test('the index key is FORECOURT_INDEX_KEY, else derived from the data key, never the data key itself', () => {
  const dataKey = Buffer.alloc(32, 1)
  const keyring = { current: { id: '1', key: dataKey }, keys: new Map([['1', dataKey]]) }
  const derived = searchIndexKey(undefined, keyring)
  expect(derived).toHaveLength(32)
  expect(derived.equals(dataKey)).toBe(false)
  expect(searchIndexKey(undefined, keyring).equals(derived)).toBe(true)
  const configured = Buffer.alloc(32, 2)
  expect(searchIndexKey(configured, keyring)).toBe(configured)
  // The same value under another field hashes differently.
  expect(hashTerm(derived, 'email', 'x')).not.toBe(hashTerm(derived, 'name', 'x'))
})

test('a term hashes the same with the key as bytes and as the KeyObject the indexer makes once', () => {
  const key = Buffer.alloc(32, 5)
  const expected = createHmac('sha256', key)
    .update('email\u0000ada@example.com', 'utf8')
    .digest()
    .subarray(0, 16)
    .toString('base64url')
  expect(hashTerm(key, 'email', 'ada@example.com')).toBe(expected)
  expect(hashTerm(createSecretKey(key), 'email', 'ada@example.com')).toBe(expected)
  const entries = createSearchIndexer(key)('00000000-0000-4000-8000-000000000001', {
    email: 'ada@example.com',
  })
  expect(entries).toContainEqual({ field: 'email', hash: expected })
})

test('the indexer gives the same rows every time, one of them for the start of the reference', () => {
  const key = Buffer.alloc(32, 6)
  const indexer = createSearchIndexer(key)
  const applicationKey = '00000000-0000-4000-8000-000000000002'
  const payload = validSubmission(applicationKey) as unknown as Record<string, unknown>
  const first = indexer(applicationKey, payload)
  // The rows another indexer with the same key makes afresh: nothing is carried over from elsewhere.
  expect(indexer(applicationKey, payload)).toEqual(first)
  expect(createSearchIndexer(key)(applicationKey, payload)).toEqual(first)
  const start = compactReference(applicationReference(applicationKey)).slice(0, 6)
  expect(first.filter((entry) => entry.field === 'reference')).toEqual([
    { field: 'reference', hash: hashTerm(key, 'reference', start) },
  ])
  // Another application's answers with the same reference rows would be another key's: its own rows.
  const other = '00000000-0000-4000-8000-000000000003'
  expect(indexer(other, payload).filter((entry) => entry.field === 'reference')).not.toContainEqual(
    first.find((entry) => entry.field === 'reference'),
  )
})

test('on SQLite’s writer, a save whose terms did not change writes no index row, and a changed term writes only its own', async () => {
  const testDatabase = await openSqlite()
  try {
    await migrateToLatest(testDatabase.database)
    const connection = testDatabase.database.sqlite!.connection
    const run = createWriteRunner(connection)
    const changes = () =>
      (connection.prepare('select total_changes() as count').get() as { count: number }).count
    const applicationKey = randomUUID()
    const index: IndexEntry[] = [
      { field: 'email', hash: 'email-1' },
      { field: 'name', hash: 'name-1' },
      { field: 'phone', hash: 'phone-1' },
    ]
    let sequence = 0
    const save = (entries: IndexEntry[]) => {
      const before = changes()
      sequence += 1
      const application = partialApplicationRow(
        {
          applicationKey,
          brand: 'carfinance',
          payload: { firstName: 'Ada' },
          now: new Date(),
          serverSequence: sequence,
        },
        undefined,
      )
      expect(run({ kind: 'save-partial', application, index: entries })).toBe('saved')
      // Besides the application's own row.
      return changes() - before - 1
    }
    expect(save(index)).toBe(3)
    expect(save(index)).toBe(0)
    const changed = [index[0]!, { field: 'name' as const, hash: 'name-2' }, index[2]!]
    // One row deleted, one inserted.
    expect(save(changed)).toBe(2)
    expect(await indexOf(testDatabase.database, applicationKey)).toEqual([
      { field: 'email', hash: 'email-1' },
      { field: 'name', hash: 'name-2' },
      { field: 'phone', hash: 'phone-1' },
    ])
    // A term gone: its row deleted, nothing inserted.
    expect(save([index[0]!])).toBe(2)
    expect(await indexOf(testDatabase.database, applicationKey)).toEqual([
      { field: 'email', hash: 'email-1' },
    ])
  } finally {
    await testDatabase.cleanup()
  }
})

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`on ${engine.name}`, () => {
    test('submissions stored together replace each one’s own index rows, in one statement for all', async () => {
      const testDatabase = await engine.open()
      try {
        await migrateToLatest(testDatabase.database)
        const { db } = testDatabase.database
        const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()]
        // Rows a partial save left for the first and third.
        await db
          .insertInto('application_index')
          .values([
            { application_key: first, field: 'email', hash: 'old-first' },
            { application_key: third, field: 'email', hash: 'old-third' },
          ])
          .execute()
        const now = new Date()
        const application = (key: string, index?: IndexEntry[]) => ({
          applicationKey: key,
          brand: 'carfinance',
          payload: { ...validSubmission(key) },
          now,
          serverSequence: 1,
          index,
        })
        // Every statement the store sends, by kind.
        const statements: string[] = []
        const counted = db.withPlugin({
          transformQuery: (args) => {
            statements.push(args.node.kind)
            return args.node
          },
          transformResult: async (args) => args.result,
        })
        await counted.transaction().execute((trx) =>
          storeSubmittedApplications(
            trx,
            [
              application(first, [
                { field: 'email', hash: 'new-first' },
                { field: 'phone', hash: 'phone-first' },
              ]),
              application(second, [{ field: 'name', hash: 'name-second' }]),
              // Without index rows of its own, its rows are left as they are.
              application(third),
            ],
            undefined,
          ),
        )
        // The applications, then one delete and one insert for every index row of the batch.
        expect(statements).toEqual(['InsertQueryNode', 'DeleteQueryNode', 'InsertQueryNode'])
        expect(await indexOf(testDatabase.database, first)).toEqual([
          { field: 'email', hash: 'new-first' },
          { field: 'phone', hash: 'phone-first' },
        ])
        expect(await indexOf(testDatabase.database, second)).toEqual([
          { field: 'name', hash: 'name-second' },
        ])
        expect(await indexOf(testDatabase.database, third)).toEqual([
          { field: 'email', hash: 'old-third' },
        ])
      } finally {
        await testDatabase.cleanup()
      }
    })

    test('a partial save writes the index, a later save replaces it, a submission replaces it again', async () => {
      const app = await startEngineApp(engine, { FORECOURT_DATA_KEY: DATA_KEY })
      apps.push(app)
      const key = randomUUID()
      const indexKey = searchIndexKey(undefined, {
        current: { id: '1', key: Buffer.from(DATA_KEY, 'base64') },
        keys: new Map([['1', Buffer.from(DATA_KEY, 'base64')]]),
      })
      const partial = partialPayload(key) as unknown as Record<string, unknown>
      expect((await app.post(applicationUrl(key), partial)).statusCode).toBe(202)
      const first = await indexOf(app.database, key)
      // Ada O'Neill: her first and last name, and the reference's first four characters.
      expect(first.map((row) => row.field).sort()).toEqual([
        'email',
        'name',
        'name',
        'phone',
        'postcode',
        'postcode',
        'reference',
      ])
      expect(first).toContainEqual({ field: 'name', hash: hashTerm(indexKey, 'name', 'ada') })
      expect(first).toContainEqual({ field: 'name', hash: hashTerm(indexKey, 'name', 'oneill') })
      expect(first).toContainEqual({
        field: 'email',
        hash: hashTerm(indexKey, 'email', 'ada.oneill@example.com'),
      })

      expect(
        (await app.post(applicationUrl(key), { ...partial, email: 'new.address@example.com' }))
          .statusCode,
      ).toBe(202)
      const second = await indexOf(app.database, key)
      expect(second).toContainEqual({
        field: 'email',
        hash: hashTerm(indexKey, 'email', 'new.address@example.com'),
      })
      expect(second).not.toContainEqual({
        field: 'email',
        hash: hashTerm(indexKey, 'email', 'ada.oneill@example.com'),
      })

      const submission = validSubmission(key) as unknown as Record<string, unknown>
      submission.contactNumber = '07911987654'
      expect((await app.post(submissionUrl(key), submission)).statusCode).toBe(201)
      const third = await indexOf(app.database, key)
      expect(third).toContainEqual({
        field: 'phone',
        hash: hashTerm(indexKey, 'phone', '07911987654'),
      })
      expect(third).toContainEqual({
        field: 'email',
        hash: hashTerm(indexKey, 'email', 'ada.oneill@example.com'),
      })
      // A partial save after the submission changes nothing.
      expect(
        (await app.post(applicationUrl(key), { ...partial, email: 'late@example.com' })).statusCode,
      ).toBe(200)
      expect(await indexOf(app.database, key)).toEqual(third)
    })

    test('rows stored before the index, or under another key, are indexed again at start-up', async () => {
      const app = await startEngineApp(engine)
      apps.push(app)
      const keys = [randomUUID(), randomUUID(), randomUUID()]
      for (const key of keys)
        expect((await app.post(submissionUrl(key), validSubmission(key))).statusCode).toBe(201)
      const before = await indexOf(app.database, keys[0]!)
      // As after the migration that added the table: no index and no key recorded.
      await app.database.db.deleteFrom('application_index').execute()
      await app.database.db.deleteFrom('back_office_settings').execute()
      const key = searchIndexKey(undefined, undefined)
      expect(await ensureSearchIndex(app.database.db, key, undefined, { batchSize: 2 })).toEqual({
        rebuilt: true,
        applications: 3,
        unreadable: 0,
      })
      expect(await indexOf(app.database, keys[0]!)).toEqual(before)
      // Checked again with the same key: nothing to do.
      expect(await ensureSearchIndex(app.database.db, key, undefined)).toEqual({
        rebuilt: false,
        applications: 0,
        unreadable: 0,
      })
      // Another key: every hash is made again with it.
      const other = Buffer.alloc(32, 5)
      await ensureSearchIndex(app.database.db, other, undefined)
      const rebuilt = await indexOf(app.database, keys[0]!)
      expect(rebuilt.sort((a, b) => (a.hash < b.hash ? -1 : 1))).toEqual(
        createSearchIndexer(other)(
          keys[0]!,
          validSubmission(keys[0]!) as unknown as Record<string, unknown>,
        )
          .map((entry) => ({ field: entry.field, hash: entry.hash }))
          .sort((a, b) => (a.hash < b.hash ? -1 : 1)),
      )
    })

    test('an index made with the earlier tokens is made again at start-up, with the same key', async () => {
      const app = await startEngineApp(engine)
      apps.push(app)
      const key = randomUUID()
      const payload = validSubmission(key) as unknown as Record<string, unknown>
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      const indexKey = searchIndexKey(undefined, undefined)
      // As the earlier tokens left it: before version 2, the last name whole, the reference whole, and
      // the key's bare fingerprint recorded; version 2, every start of the reference (decision 2125).
      const earlierIndexes = [
        {
          fingerprint: keyFingerprint(indexKey),
          rows: [
            { field: 'lastName', hash: hashTerm(indexKey, 'name', "o'neill") },
            { field: 'reference', hash: 'whole-reference' },
          ],
        },
        {
          fingerprint: `${keyFingerprint(indexKey)}.tokens-v2`,
          rows: ['FC7K2M', 'FC7K2M9', 'FC7K2M9QXDR4TB'].map((start) => ({
            field: 'reference',
            hash: hashTerm(indexKey, 'reference', start),
          })),
        },
      ]
      for (const earlier of earlierIndexes) {
        await app.database.db.deleteFrom('application_index').execute()
        await app.database.db
          .insertInto('application_index')
          .values(earlier.rows.map((row) => ({ application_key: key, ...row })))
          .execute()
        await app.database.db
          .insertInto('back_office_settings')
          .values({ name: 'search-index-key', value: earlier.fingerprint })
          .onConflict((conflict) =>
            conflict.column('name').doUpdateSet({ value: earlier.fingerprint }),
          )
          .execute()
        expect(await ensureSearchIndex(app.database.db, indexKey, undefined)).toEqual({
          rebuilt: true,
          applications: 1,
          unreadable: 0,
        })
        const byHash = (a: { hash: string }, b: { hash: string }) => (a.hash < b.hash ? -1 : 1)
        expect((await indexOf(app.database, key)).sort(byHash)).toEqual(
          createSearchIndexer(indexKey)(key, payload)
            .map((entry) => ({ field: entry.field, hash: entry.hash }))
            .sort(byHash),
        )
        const setting = await app.database.db
          .selectFrom('back_office_settings')
          .select('value')
          .where('name', '=', 'search-index-key')
          .executeTakeFirstOrThrow()
        expect(setting.value).toBe(`${keyFingerprint(indexKey)}.tokens-v3`)
      }
      // Checked again: nothing to do.
      expect((await ensureSearchIndex(app.database.db, indexKey, undefined)).rebuilt).toBe(false)
    })
  })
}
