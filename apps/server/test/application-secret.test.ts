// An application's key is not enough to take it over (decision 1801): the first write binds the key to the
// secret of the browser that started it, stored only as a hash, and a partial save, submission or evidence
// report without that secret, or with another, is refused 403 and changes nothing. On both engines,
// through the real routes.

import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { newApplicationSecret } from '@forecourt/domain/application-secret/application-secret'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { findApplication } from '../src/repositories/application-repository'
import { hashSecret } from '../src/repositories/application-secret-repository'
import type { NewSubmission } from '../src/repositories/submission-repository'
import { currentText } from '../src/evidence/disclosure-hash'
import {
  applicationUrl,
  asReceived,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

const allEngines = await engines()

const MISSING = {
  error:
    'Every write to an application must send the x-application-secret header of the browser that started it',
  reason: 'application-secret',
}
const MISMATCH = {
  error: 'This application was started in another browser and cannot be changed from this one',
  reason: 'application-secret',
}
const MALFORMED = {
  error: "The x-application-secret header must be 22 to 128 letters, digits, '-' or '_'",
  reason: 'application-secret',
}

const secretHeader = (secret: string) => ({ 'x-application-secret': secret })

function evidence() {
  const text = currentText('carfinance', 'commission')!
  return {
    affiliateKey: brands.carfinance.affiliateKey,
    items: [
      {
        id: randomUUID(),
        applicant: 'main',
        kind: 'shown',
        disclosureId: 'commission',
        version: text.version,
        textHash: text.hash,
        screen: '/',
      },
    ],
  }
}

for (const engine of allEngines) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    const rowsOf = async (
      table: 'submissions' | 'needs_attention' | 'evidence',
      key: string,
    ): Promise<number> => {
      const column = table === 'evidence' ? 'application_key' : 'submission_key'
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${key}`.execute(
        app.database.db,
      )
      return Number(rows[0]?.n)
    }

    test(`${engine.name}: someone who knows only the key can neither overwrite nor submit the application`, async () => {
      const key = randomUUID()
      const applicant = secretHeader(newApplicationSecret())
      const saved = partialPayload(key)
      expect((await app.post(applicationUrl(key), saved, applicant)).statusCode).toBe(202)

      const attacker = secretHeader(newApplicationSecret())
      const overwrite = { ...partialPayload(key), firstName: 'Mallory' }
      for (const [headers, answer] of [
        [{ 'x-application-secret': '' }, MISSING],
        [attacker, MISMATCH],
        [secretHeader('short'), MALFORMED],
      ] as const) {
        const partial = await app.post(applicationUrl(key), overwrite, headers)
        expect([partial.statusCode, partial.json()]).toEqual([403, answer])
        const submitted = await app.post(submissionUrl(key), validSubmission(key), headers)
        expect([submitted.statusCode, submitted.json()]).toEqual([403, answer])
        const reported = await app.post(`/api/evidence/${key}`, evidence(), headers)
        expect([reported.statusCode, reported.json()]).toEqual([403, answer])
      }
      // Nothing the attacker sent was kept: the applicant's own save, no submission, no evidence.
      const row = await findApplication(app.database.db, key, undefined)
      expect(row).toMatchObject({ status: 'partial' })
      expect(row?.payload).toEqual(asReceived(saved))
      expect(await rowsOf('submissions', key)).toBe(0)
      expect(await rowsOf('needs_attention', key)).toBe(0)
      expect(await rowsOf('evidence', key)).toBe(0)

      // The applicant's own browser still can.
      const own = await app.post(submissionUrl(key), validSubmission(key), applicant)
      expect(own.statusCode).toBe(201)
      expect((await app.post(`/api/evidence/${key}`, evidence(), applicant)).statusCode).toBe(202)
    })

    test(`${engine.name}: an application first written by its submission is bound by that write`, async () => {
      const key = randomUUID()
      const applicant = secretHeader(newApplicationSecret())
      const body = validSubmission(key)
      expect((await app.post(submissionUrl(key), body, applicant)).statusCode).toBe(201)
      // A replay from the same browser is the first answer again; from another, refused.
      const replay = await app.post(submissionUrl(key), body, applicant)
      expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true'])
      const other = await app.post(submissionUrl(key), body, secretHeader(newApplicationSecret()))
      expect([other.statusCode, other.json()]).toEqual([403, MISMATCH])
    })

    test(`${engine.name}: only the secret's SHA-256 is stored, never the secret`, async () => {
      const key = randomUUID()
      const secret = newApplicationSecret()
      expect(
        (await app.post(applicationUrl(key), partialPayload(key), secretHeader(secret))).statusCode,
      ).toBe(202)
      const rows = await app.database.db
        .selectFrom('application_secrets')
        .selectAll()
        .where('application_key', '=', key)
        .execute()
      expect(rows).toEqual([
        {
          application_key: key,
          secret_hash: createHash('sha256').update(secret).digest('hex'),
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ])
      const { rows: found } = await sql<{ n: number }>`
        select count(*) as n from applications where payload like ${`%${secret}%`}`.execute(
        app.database.db,
      )
      expect(Number(found[0]?.n)).toBe(0)
    })

    test(`${engine.name}: first submissions racing with different secrets: one is stored and binds the key, the others are refused and write nothing`, async () => {
      // Each reads the key as unbound; the binding is written in the submission's own transaction
      // (decision 1981), so the database decides the winner there.
      const key = randomUUID()
      const secrets = Array.from({ length: 4 }, () => newApplicationSecret())
      const body = validSubmission(key)
      const answers = await Promise.all(
        secrets.map((secret) => app.post(submissionUrl(key), body, secretHeader(secret))),
      )
      const statuses = answers.map((answer) => answer.statusCode)
      expect([...statuses].sort()).toEqual([201, 403, 403, 403])
      for (const answer of answers.filter((answer) => answer.statusCode === 403)) {
        expect(answer.json()).toEqual(MISMATCH)
      }
      const winner = secrets[statuses.indexOf(201)]!
      const bound = await app.database.db
        .selectFrom('application_secrets')
        .select('secret_hash')
        .where('application_key', '=', key)
        .execute()
      expect(bound).toEqual([{ secret_hash: createHash('sha256').update(winner).digest('hex') }])
      expect(await rowsOf('submissions', key)).toBe(1)
      expect(await rowsOf('needs_attention', key)).toBe(0)
      // The winner's browser replays; the others stay refused.
      const replay = await app.post(submissionUrl(key), body, secretHeader(winner))
      expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true'])
    })

    test(`${engine.name}: a new application's submission binds its key in its own write, not in a write before it`, async () => {
      const bindSecret = vi.spyOn(app.app.writeStore, 'bindSecret')
      const submit = vi.spyOn(app.app.writeStore, 'submit')
      try {
        const key = randomUUID()
        const secret = newApplicationSecret()
        const answer = await app.post(
          submissionUrl(key),
          validSubmission(key),
          secretHeader(secret),
        )
        expect(answer.statusCode).toBe(201)
        expect(bindSecret).not.toHaveBeenCalled()
        expect(submit).toHaveBeenCalledTimes(1)
        expect(submit.mock.calls[0]?.[0].bindSecret).toBe(hashSecret(secret))
        // Bound already, its replay binds nothing.
        const replay = await app.post(
          submissionUrl(key),
          validSubmission(key),
          secretHeader(secret),
        )
        expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true'])
        expect(submit.mock.calls[1]?.[0].bindSecret).toBeUndefined()
        expect(bindSecret).not.toHaveBeenCalled()
      } finally {
        bindSecret.mockRestore()
        submit.mockRestore()
      }
    })

    test(`${engine.name}: the write store writes nothing for a submission whose key another secret holds`, async () => {
      const store = app.app.writeStore
      const now = new Date()
      const submission = (key: string, bindSecret: string): NewSubmission => ({
        submissionKey: key,
        body: validSubmission(key),
        brand: 'carfinance',
        payload: { ...validSubmission(key) },
        answer: { status: 201, body: JSON.stringify({ submissionKey: key }) },
        reference: applicationReference(key),
        now,
        serverSequence: now.getTime() * 1000,
        bindSecret,
      })
      const taken = randomUUID()
      const first = hashSecret(newApplicationSecret())
      expect(await store.bindSecret(taken, first, now)).toBe(first)
      const other = hashSecret(newApplicationSecret())
      expect(await store.submit(submission(taken, other))).toEqual({
        stored: false,
        secretMismatch: true,
      })
      expect(await rowsOf('submissions', taken)).toBe(0)
      expect(await findApplication(app.database.db, taken, undefined)).toBeUndefined()

      const fresh = randomUUID()
      expect(await store.submit(submission(fresh, other))).toMatchObject({ stored: true })
      const bound = await app.database.db
        .selectFrom('application_secrets')
        .select('secret_hash')
        .where('application_key', '=', fresh)
        .execute()
      expect(bound).toEqual([{ secret_hash: other }])
    })

    test(`${engine.name}: a refused first submission binds the key before it is kept for the broker`, async () => {
      const key = randomUUID()
      const applicant = secretHeader(newApplicationSecret())
      const refused = await app.post(
        submissionUrl(key),
        { ...validSubmission(key), email: 'not an email' },
        applicant,
      )
      expect([refused.statusCode, (refused.json() as { status: string }).status]).toEqual([
        400,
        'needs-attention',
      ])
      const other = await app.post(applicationUrl(key), partialPayload(key), {
        'x-application-secret': newApplicationSecret(),
      })
      expect([other.statusCode, other.json()]).toEqual([403, MISMATCH])
      expect((await app.post(submissionUrl(key), validSubmission(key), applicant)).statusCode).toBe(
        201,
      )
    })

    test(`${engine.name}: two first writes racing with different secrets: one binds, the other is refused`, async () => {
      const key = randomUUID()
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.post(applicationUrl(key), partialPayload(key), secretHeader(newApplicationSecret())),
        ),
      )
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses).toEqual([202, 403, 403, 403, 403, 403])
    })
  })
}
