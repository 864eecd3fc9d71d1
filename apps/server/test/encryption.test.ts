// Encryption at rest: key parsing and its start-up messages, the envelope, key rotation, and a canary
// name that must not be readable in the database on either engine while it still comes back decrypted.

import { randomBytes, randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import {
  CLEAR_FIELDS,
  DataKeyError,
  ENVELOPE_FIELD,
  decodeKey,
  decryptJson,
  encryptJson,
  openPayload,
  parseDataKeyring,
  sealPayload,
  sealedWith,
  type DataKeyring,
} from '../src/crypto/field-encryption'
import { migrateToLatest } from '../src/db/migrate'
import {
  findApplication,
  resealApplications,
  savePartialApplication,
} from '../src/repositories/application-repository'
import { payloadAad } from '../src/repositories/rows'
import { createRepositoryWriter, writerSubmissionStore } from '../src/repositories/write-store'
import {
  applicationUrl,
  asReceived,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines, openSqlite, type TestDatabase } from './test-databases'

const KEY_1 = randomBytes(32)
const KEY_2 = randomBytes(32)
const keyring = (current: [string, Buffer] | undefined, ...old: [string, Buffer][]) => {
  const keys = new Map<string, Buffer>(old)
  if (current) keys.set(current[0], current[1])
  return {
    current: current && { id: current[0], key: current[1] },
    keys,
  } satisfies DataKeyring
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('keys from the environment', () => {
  test('a key is read from base64, base64 without padding, base64url or hex', () => {
    const key = randomBytes(32)
    for (const written of [
      key.toString('base64'),
      key.toString('base64').replace(/=$/, ''),
      key.toString('base64url'),
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
    ]) {
      expect(decodeKey(written)?.equals(key), written).toBe(true)
    }
  })

  test('anything but 32 bytes is not a key', () => {
    for (const written of [
      '',
      'secret',
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('base64'),
      randomBytes(48).toString('hex'),
      `${randomBytes(32).toString('base64').slice(0, -2)}!=`,
    ]) {
      expect(decodeKey(written), written).toBeUndefined()
    }
  })

  test('no key configured means no keyring and no problem', () => {
    const problems: string[] = []
    expect(
      parseDataKeyring({ key: undefined, keyId: undefined, oldKeys: undefined }, problems),
    ).toBeUndefined()
    expect(problems).toEqual([])
    expect(loadConfig({}).dataKeys).toBeUndefined()
  })

  test('the current key gets id 1 unless named, and old keys only open records', () => {
    const config = loadConfig({
      FORECOURT_DATA_KEY: KEY_2.toString('base64'),
      FORECOURT_DATA_KEY_ID: '2026-01',
      FORECOURT_OLD_DATA_KEYS: ` 2025-01:${KEY_1.toString('hex')} , legacy:${randomBytes(32).toString('base64url')}`,
    })
    expect(config.dataKeys?.current).toEqual({ id: '2026-01', key: KEY_2 })
    expect([...(config.dataKeys?.keys.keys() ?? [])]).toEqual(['2026-01', '2025-01', 'legacy'])
    expect(loadConfig({ FORECOURT_DATA_KEY: KEY_1.toString('hex') }).dataKeys?.current?.id).toBe(
      '1',
    )
  })

  test('old keys alone open old records while new ones are stored in clear', () => {
    const config = loadConfig({ FORECOURT_OLD_DATA_KEYS: `1:${KEY_1.toString('base64')}` })
    expect(config.dataKeys?.current).toBeUndefined()
    expect(config.dataKeys?.keys.get('1')?.equals(KEY_1)).toBe(true)
  })

  test('every mistake is listed at start-up in plain words, never quoting a key', () => {
    const secret = 'c2VjcmV0LWJ1dC10b28tc2hvcnQ='
    const problems = problemsOf({
      FORECOURT_DATA_KEY: secret,
      FORECOURT_DATA_KEY_ID: 'key one',
      FORECOURT_OLD_DATA_KEYS: `nocolon,bad id:${KEY_1.toString('hex')},old:${secret},old2:${KEY_1.toString('hex')},old2:${KEY_2.toString('hex')}`,
    })
    expect(problems).toEqual([
      'FORECOURT_DATA_KEY_ID must be 1 to 32 letters, digits, dots, dashes or underscores (got "key one")',
      'FORECOURT_DATA_KEY must be 32 random bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
      'entry 1 of FORECOURT_OLD_DATA_KEYS must be written id:key',
      'entry 2 of FORECOURT_OLD_DATA_KEYS has a key id that is not 1 to 32 letters, digits, dots, dashes or underscores',
      'entry 3 of FORECOURT_OLD_DATA_KEYS (id "old") must hold 32 bytes written as base64 or hex',
      'entry 5 of FORECOURT_OLD_DATA_KEYS repeats the key id "old2"',
    ])
    expect(problems.join('\n')).not.toContain(secret)
    expect(problems.join('\n')).not.toContain(KEY_1.toString('hex'))
  })

  test('an old key may not reuse the current key’s id, and an id needs a key', () => {
    expect(
      problemsOf({
        FORECOURT_DATA_KEY: KEY_1.toString('base64'),
        FORECOURT_DATA_KEY_ID: 'k',
        FORECOURT_OLD_DATA_KEYS: `k:${KEY_2.toString('base64')}`,
      }),
    ).toEqual([
      'entry 1 of FORECOURT_OLD_DATA_KEYS reuses the id "k" of FORECOURT_DATA_KEY: give the new key a new id',
    ])
    expect(problemsOf({ FORECOURT_DATA_KEY_ID: 'k' })).toEqual([
      'FORECOURT_DATA_KEY_ID is set but FORECOURT_DATA_KEY is not',
    ])
  })
})

describe('the envelope', () => {
  const ring = keyring(['1', KEY_1])
  const key = { id: '1', key: KEY_1 }

  test('a value comes back from its envelope, and each envelope has a fresh IV', () => {
    const value = { firstName: 'Zoë', addresses: [{ postcode: 'LS6 3AH' }] }
    const first = encryptJson(value, key, 'row-1')
    const second = encryptJson(value, key, 'row-1')
    expect(first.alg).toBe('A256GCM')
    expect(first.kid).toBe('1')
    expect(Buffer.from(first.iv, 'base64')).toHaveLength(12)
    expect(Buffer.from(first.tag, 'base64')).toHaveLength(16)
    expect(first.iv).not.toBe(second.iv)
    expect(first.ct).not.toBe(second.ct)
    expect(decryptJson(first, ring, 'row-1')).toEqual(value)
  })

  test('the IVs drawn in blocks are twelve bytes each, never repeated, across several blocks', () => {
    const value = { firstName: 'Ada' }
    // More envelopes than one block of IVs holds (256), so the block is drawn again on the way.
    const envelopes = Array.from({ length: 600 }, () => encryptJson(value, key, 'row-1'))
    const ivs = envelopes.map((envelope) => envelope.iv)
    expect(new Set(ivs).size).toBe(600)
    for (const iv of ivs) expect(Buffer.from(iv, 'base64')).toHaveLength(12)
    for (const envelope of envelopes) expect(decryptJson(envelope, ring, 'row-1')).toEqual(value)
  })

  test('a changed ciphertext, tag or IV, or another row’s envelope, does not open', () => {
    const envelope = encryptJson({ firstName: 'Ada' }, key, 'row-1')
    const flip = (base64: string) => {
      const bytes = Buffer.from(base64, 'base64')
      bytes[0] = (bytes[0] ?? 0) ^ 1
      return bytes.toString('base64')
    }
    const altered = [
      { ...envelope, ct: flip(envelope.ct) },
      { ...envelope, tag: flip(envelope.tag) },
      { ...envelope, iv: flip(envelope.iv) },
    ]
    for (const bad of altered) {
      expect(() => decryptJson(bad, ring, 'row-1')).toThrow(
        'The stored record does not open with data key "1": it was altered or belongs to another row',
      )
    }
    expect(() => decryptJson(envelope, ring, 'row-2')).toThrow(DataKeyError)
    expect(() => decryptJson(envelope, keyring(['1', KEY_2]), 'row-1')).toThrow(DataKeyError)
  })

  test('an envelope sealed with a key that is not configured names the setting to fix', () => {
    const envelope = encryptJson({ firstName: 'Ada' }, { id: 'gone', key: KEY_2 }, 'row')
    expect(() => decryptJson(envelope, ring, 'row')).toThrow(
      'The data key "gone" that sealed this record is not configured: add it to FORECOURT_OLD_DATA_KEYS',
    )
    expect(() => decryptJson({ kid: '1' }, ring, 'row')).toThrow(
      'The stored record is not a readable envelope',
    )
  })

  test('sealing keeps the operational fields in clear and puts every other field in the envelope', () => {
    const payload: Record<string, unknown> = { ...validSubmission() }
    const sealed = sealPayload(payload, ring, 'row')
    const clear = Object.keys(payload).filter((field) => CLEAR_FIELDS.has(field))
    expect(Object.keys(sealed).sort()).toEqual([...clear, ENVELOPE_FIELD].sort())
    for (const personal of [
      'firstName',
      'lastName',
      'email',
      'contactNumber',
      'dateOfBirth',
      'addresses',
      'employments',
      'netMonthlyIncome',
      'remoteAddress',
      'title',
      'maritalStatus',
    ]) {
      expect(sealed, personal).not.toHaveProperty(personal)
    }
    expect(sealedWith(sealed)).toBe('1')
    expect(openPayload(sealed, ring, 'row')).toEqual(payload)
  })

  test('a joint applicant is sealed whole', () => {
    const payload = { submissionKey: randomUUID(), JointApplicant: { firstName: 'Grace' } }
    const sealed = sealPayload(payload, ring, 'row')
    expect(sealed).toEqual({
      submissionKey: payload.submissionKey,
      [ENVELOPE_FIELD]: expect.any(Object),
    })
    expect(openPayload(sealed, ring, 'row')).toEqual(payload)
  })

  test('without a current key the payload is stored as it came, and still read', () => {
    const payload = { submissionKey: randomUUID(), firstName: 'Ada' }
    expect(sealPayload(payload, undefined, 'row')).toEqual(payload)
    expect(sealPayload(payload, keyring(undefined, ['1', KEY_1]), 'row')).toEqual(payload)
    expect(openPayload(payload, undefined, 'row')).toEqual(payload)
    const sealed = sealPayload(payload, ring, 'row')
    expect(() => openPayload(sealed, undefined, 'row')).toThrow(
      'This record is encrypted but no data key is configured: set FORECOURT_DATA_KEY (and FORECOURT_OLD_DATA_KEYS)',
    )
  })
})

const CANARY = {
  firstName: 'Quillonbrae',
  lastName: 'Zephyrwick-Canary',
  email: 'quillon.zephyrwick@canary.example',
}
const CANARY_TEXTS = [CANARY.firstName, CANARY.lastName, CANARY.email]
const KEY_ENV = { FORECOURT_DATA_KEY: KEY_1.toString('base64'), FORECOURT_DATA_KEY_ID: 'k1' }

/** Every row of the tables a submission writes, as text, straight from the database. */
async function rawRows(app: EngineApp): Promise<string> {
  const { db } = app.database
  const tables = ['applications', 'submissions', 'deliveries'] as const
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()))
  return JSON.stringify(rows)
}

/** The SQLite database's files on disk (main file and write-ahead log), as bytes decoded loosely. */
async function sqliteFiles(folder: string): Promise<string> {
  const names = await readdir(folder)
  const files = await Promise.all(names.map((name) => readFile(join(folder, name))))
  return files.map((bytes) => bytes.toString('latin1')).join('\n')
}

const allEngines = await engines()
const opened: EngineApp[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()))
})

for (const engine of allEngines) {
  test.skipIf(!engine.available)(
    `${engine.name}: with a data key, a canary name is in no stored row, and reads back decrypted`,
    async () => {
      const app = await startEngineApp(engine, KEY_ENV)
      opened.push(app)
      const partial = { ...partialPayload(), ...CANARY }
      const submission = { ...validSubmission(), ...CANARY }
      expect((await app.post(applicationUrl(partial.submissionKey), partial)).statusCode).toBe(202)
      expect((await app.post(submissionUrl(submission.submissionKey), submission)).statusCode).toBe(
        201,
      )

      const raw = await rawRows(app)
      expect(raw).toContain(submission.submissionKey)
      for (const text of CANARY_TEXTS) expect(raw).not.toContain(text)
      if (engine.dialect === 'postgres') {
        // Straight from PostgreSQL's own text form of the rows, not through the driver's parsing.
        const { rows } = await sql<{ row: string }>`
          select a::text as row from applications a`.execute(app.database.db)
        const text = rows.map((row) => row.row).join('\n')
        expect(text).toContain('$encrypted')
        for (const canary of CANARY_TEXTS) expect(text).not.toContain(canary)
      }

      const keys = loadConfig(KEY_ENV).dataKeys
      const stored = await findApplication(app.database.db, submission.submissionKey, keys)
      expect(stored?.payload).toEqual(asReceived(submission))
      const savedPartial = await findApplication(app.database.db, partial.submissionKey, keys)
      expect(savedPartial?.payload).toEqual(asReceived(partial))
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: without a data key the same canary is in the stored row (the check above can fail)`,
    async () => {
      const app = await startEngineApp(engine)
      opened.push(app)
      const submission = { ...validSubmission(), ...CANARY }
      await app.post(submissionUrl(submission.submissionKey), submission)
      const raw = await rawRows(app)
      for (const text of CANARY_TEXTS) expect(raw).toContain(text)
    },
  )

  test.skipIf(!engine.available)(
    `${engine.name}: rotation: records sealed with the old key open, and resealing moves them to the new one`,
    async () => {
      const testDatabase: TestDatabase = await engine.open()
      try {
        await migrateToLatest(testDatabase.database)
        const { db } = testDatabase.database
        const oldRing = keyring(['2025', KEY_1])
        const newRing = keyring(['2026', KEY_2], ['2025', KEY_1])
        const keys = Array.from({ length: 5 }, () => randomUUID()).sort()
        let sequence = 1
        for (const key of keys) {
          await savePartialApplication(
            db,
            {
              applicationKey: key,
              brand: 'carfinance',
              payload: partialPayload(key),
              now: new Date(),
              serverSequence: sequence++,
            },
            // One row stored before encryption was switched on.
            key === keys[0] ? undefined : oldRing,
          )
        }
        // Written after the rotation: already on the new key.
        const fresh = randomUUID()
        await savePartialApplication(
          db,
          {
            applicationKey: fresh,
            brand: 'carfinance',
            payload: partialPayload(fresh),
            now: new Date(),
            serverSequence: sequence++,
          },
          newRing,
        )

        for (const key of [...keys, fresh]) {
          expect((await findApplication(db, key, newRing))?.payload).toEqual(partialPayload(key))
        }
        expect(await resealApplications(db, newRing, { batchSize: 2 })).toEqual({
          resealed: 5,
          unchanged: 1,
        })
        expect(await resealApplications(db, newRing)).toEqual({ resealed: 0, unchanged: 6 })

        const onlyNew = keyring(['2026', KEY_2])
        const rows = await db
          .selectFrom('applications')
          .select(['application_key', 'payload'])
          .execute()
        for (const row of rows) {
          const stored = JSON.parse(row.payload) as Record<string, unknown>
          expect(sealedWith(stored)).toBe('2026')
          expect(openPayload(stored, onlyNew, payloadAad(row.application_key))).toEqual(
            partialPayload(row.application_key),
          )
        }
      } finally {
        await testDatabase.cleanup()
      }
    },
  )
}

test('SQLite: with a data key, the canary is nowhere in the database files on disk', async () => {
  const sqlite = allEngines.find((engine) => engine.dialect === 'sqlite')!
  const testDatabase = await sqlite.open()
  const app = await startEngineApp({ ...sqlite, open: async () => testDatabase }, KEY_ENV)
  opened.push(app)
  const submission = { ...validSubmission(), ...CANARY }
  expect((await app.post(submissionUrl(submission.submissionKey), submission)).statusCode).toBe(201)
  const files = await sqliteFiles(testDatabase.location)
  expect(files).toContain(submission.submissionKey)
  for (const text of CANARY_TEXTS) expect(files).not.toContain(text)
})

test('the SQLite writer stores each submission sealed with the current key of the store that sent it, one after another', async () => {
  // The store seals on the event loop; the writer thread writes the sealed text it is given.
  const testDatabase = await openSqlite()
  try {
    await migrateToLatest(testDatabase.database)
    const connection = testDatabase.database.sqlite!.connection
    const writer = createRepositoryWriter(testDatabase.database.sqlite!.file)
    const written: { submissionKey: string; id: string }[] = []
    try {
      const storeWith = (id: string, key: Buffer) =>
        writerSubmissionStore(writer, {
          dataKeys: keyring([id, key]),
          destinationIds: () => [],
        })
      const stores: Record<string, ReturnType<typeof storeWith>> = {
        '1': storeWith('1', KEY_1),
        '2': storeWith('2', KEY_2),
      }
      for (const id of ['1', '2', '2', '1']) {
        const submissionKey = randomUUID()
        const body = validSubmission(submissionKey)
        await expect(
          stores[id]!({
            submissionKey,
            body,
            brand: 'carfinance',
            payload: { ...body, firstName: `Ada ${id}` },
            answer: { status: 201, body: '{}' },
            reference: `FC-${submissionKey}`,
            now: new Date(),
            serverSequence: 1,
          }),
        ).resolves.toMatchObject({ stored: true })
        written.push({ submissionKey, id })
      }
    } finally {
      await writer.close()
    }
    for (const { submissionKey, id } of written) {
      const row = connection
        .prepare('select payload from applications where application_key = ?')
        .get(submissionKey) as { payload: string }
      const stored = JSON.parse(row.payload) as Record<string, unknown>
      expect(sealedWith(stored)).toBe(id)
      const own = keyring(id === '1' ? ['1', KEY_1] : ['2', KEY_2])
      expect(openPayload(stored, own, payloadAad(submissionKey))).toMatchObject({
        firstName: `Ada ${id}`,
      })
      const other = keyring(id === '1' ? ['1', KEY_2] : ['2', KEY_1])
      expect(() => openPayload(stored, other, payloadAad(submissionKey))).toThrow(DataKeyError)
    }
  } finally {
    await testDatabase.cleanup()
  }
})
