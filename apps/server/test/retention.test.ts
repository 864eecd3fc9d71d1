// Retention with a controlled clock, on both engines: submitted applications go six years after
// submission with their idempotency and delivery rows, abandoned partial saves after 30 days.

import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildApp } from '../src/app'
import { ConfigError, loadConfig } from '../src/config'
import { migrateToLatest } from '../src/db/migrate'
import type { ApplicationStatus, Tables } from '../src/db/tables'
import { cutoff, deleteExpired, type RetentionPolicy } from '../src/retention/delete-expired'
import { startSchedule } from '../src/retention/retention-job'
import { engines, type TestDatabase } from './test-databases'

const NOW = new Date('2031-06-15T12:00:00.000Z')
const DAY_MS = 24 * 60 * 60 * 1000
const POLICY: RetentionPolicy = { submittedDays: 2192, partialDays: 30 }

const daysAgo = (days: number, now: Date = NOW) => new Date(now.getTime() - days * DAY_MS)

async function addApplication(
  db: Kysely<Tables>,
  key: string,
  status: ApplicationStatus,
  at: Date,
): Promise<void> {
  const iso = at.toISOString()
  await db
    .insertInto('applications')
    .values({
      application_key: key,
      brand: 'carfinance',
      status,
      payload: '{}',
      created_at: iso,
      updated_at: iso,
      submitted_at: status === 'submitted' ? iso : null,
      server_sequence: at.getTime() * 1000,
    })
    .execute()
}

/** A submission as the submission route stores it: application, idempotency row, two deliveries. */
async function addSubmission(db: Kysely<Tables>, key: string, at: Date): Promise<void> {
  await addApplication(db, key, 'submitted', at)
  await addIdempotencyRow(db, key, at)
  for (const lender of ['lender-a', 'lender-b']) await addDelivery(db, key, lender, at)
}

async function addIdempotencyRow(db: Kysely<Tables>, key: string, at: Date): Promise<void> {
  await db
    .insertInto('submissions')
    .values({
      submission_key: key,
      body_hash: 'a'.repeat(64),
      response_status: 201,
      response_body: '{}',
      created_at: at.toISOString(),
    })
    .execute()
}

async function addDelivery(db: Kysely<Tables>, key: string, lender: string, at: Date) {
  const iso = at.toISOString()
  await db
    .insertInto('deliveries')
    .values({
      id: `dlv_${key}_${lender}`,
      submission_key: key,
      destination_id: lender,
      brand: 'carfinance',
      status: 'delivered',
      attempts: 1,
      next_attempt_at: iso,
      locked_by: null,
      locked_until: null,
      last_status_code: 200,
      last_error: null,
      created_at: iso,
      updated_at: iso,
      delivered_at: iso,
    })
    .execute()
}

interface Remaining {
  applications: string[]
  submissions: string[]
  deliveries: string[]
}

async function remaining(db: Kysely<Tables>): Promise<Remaining> {
  const applications = await db.selectFrom('applications').select('application_key').execute()
  const submissions = await db.selectFrom('submissions').select('submission_key').execute()
  const deliveries = await db.selectFrom('deliveries').select('submission_key').execute()
  return {
    applications: applications.map((row) => row.application_key).sort(),
    submissions: submissions.map((row) => row.submission_key).sort(),
    // One entry per delivery row, named by its submission.
    deliveries: deliveries.map((row) => row.submission_key).sort(),
  }
}

async function clear(db: Kysely<Tables>): Promise<void> {
  await db.deleteFrom('deliveries').execute()
  await db.deleteFrom('submissions').execute()
  await db.deleteFrom('applications').execute()
}

test('the cutoff is the configured number of whole days before now, in stored form', () => {
  expect(cutoff(NOW, 30)).toBe('2031-05-16T12:00:00.000Z')
  // Six years hold one or two leap days: from mid-June 2025 to mid-June 2031 only 2028's, so 2191
  // days; from March 2026 to March 2032 both 2028's and 2032's, so 2192. The default covers both.
  expect(cutoff(NOW, 2191)).toBe('2025-06-15T12:00:00.000Z')
  expect(cutoff(NOW, 2192)).toBe('2025-06-14T12:00:00.000Z')
})

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let testDatabase: TestDatabase
    let db: Kysely<Tables>

    beforeAll(async () => {
      testDatabase = await engine.open()
      await migrateToLatest(testDatabase.database)
      db = testDatabase.database.db
    })
    afterAll(async () => {
      await testDatabase?.cleanup()
    })

    test(`${engine.name}: a submission's six years count from its submission, not from the broker's last note`, async () => {
      await clear(db)
      await addSubmission(db, 'submitted-2193-days-noted', daysAgo(2193))
      await addApplication(db, 'partial-31-days-noted', 'partial', daysAgo(31))
      // A note or a status moved their last activity 10 days ago (decision 2071).
      await db
        .updateTable('applications')
        .set({ updated_at: daysAgo(10).toISOString() })
        .execute()

      const summary = await deleteExpired(db, POLICY, NOW)

      expect(summary.submittedApplications).toBe(1)
      expect(summary.partialApplications).toBe(0)
      expect((await remaining(db)).applications).toEqual(['partial-31-days-noted'])
    })

    test(`${engine.name}: expired submissions and partial saves go, with their rows; the rest stays`, async () => {
      await clear(db)
      await addSubmission(db, 'submitted-2193-days', daysAgo(2193))
      await addSubmission(db, 'submitted-3000-days', daysAgo(3000))
      await addSubmission(db, 'submitted-exactly-2192-days', daysAgo(2192))
      await addSubmission(db, 'submitted-2191-days', daysAgo(2191))
      // Older than the partial window, but submitted: kept for six years.
      await addSubmission(db, 'submitted-40-days', daysAgo(40))
      await addApplication(db, 'partial-31-days', 'partial', daysAgo(31))
      await addApplication(db, 'partial-400-days', 'partial', daysAgo(400))
      await addApplication(db, 'partial-exactly-30-days', 'partial', daysAgo(30))
      await addApplication(db, 'partial-29-days', 'partial', daysAgo(29))
      await addApplication(db, 'partial-today', 'partial', NOW)
      // Rows whose application is already gone.
      await addIdempotencyRow(db, 'orphan-submission-2200-days', daysAgo(2200))
      await addDelivery(db, 'orphan-delivery-2200-days', 'lender-a', daysAgo(2200))
      await addIdempotencyRow(db, 'orphan-submission-100-days', daysAgo(100))

      const summary = await deleteExpired(db, POLICY, NOW)

      expect(summary).toEqual({
        submittedApplications: 2,
        partialApplications: 2,
        submissions: 3,
        deliveries: 5,
        needsAttention: 0,
      })
      const kept = [
        'submitted-2191-days',
        'submitted-40-days',
        'submitted-exactly-2192-days',
      ].sort()
      expect(await remaining(db)).toEqual({
        applications: [
          ...kept,
          'partial-29-days',
          'partial-exactly-30-days',
          'partial-today',
        ].sort(),
        submissions: [...kept, 'orphan-submission-100-days'].sort(),
        deliveries: kept.flatMap((key) => [key, key]).sort(),
      })

      // Nothing left to do at the same moment; a day later the boundary rows have expired.
      expect(await deleteExpired(db, POLICY, NOW)).toEqual({
        submittedApplications: 0,
        partialApplications: 0,
        submissions: 0,
        deliveries: 0,
        needsAttention: 0,
      })
      const dayLater = new Date(NOW.getTime() + DAY_MS)
      expect(await deleteExpired(db, POLICY, dayLater)).toEqual({
        submittedApplications: 1,
        partialApplications: 1,
        submissions: 1,
        deliveries: 2,
        needsAttention: 0,
      })
      expect((await remaining(db)).applications).not.toContain('submitted-exactly-2192-days')
      expect((await remaining(db)).applications).not.toContain('partial-exactly-30-days')
    })

    test(`${engine.name}: an application under a legal hold stays with its rows until the hold is lifted; search index rows and notes go with the rest`, async () => {
      await clear(db)
      await db.deleteFrom('legal_holds').execute()
      await addSubmission(db, 'held-submission', daysAgo(3000))
      await addApplication(db, 'held-partial', 'partial', daysAgo(40))
      await addSubmission(db, 'expired-submission', daysAgo(3000))
      await addApplication(db, 'expired-partial', 'partial', daysAgo(40))
      for (const key of [
        'held-submission',
        'held-partial',
        'expired-submission',
        'expired-partial',
      ]) {
        await db
          .insertInto('application_index')
          .values({ application_key: key, field: 'email', hash: `h-${key}` })
          .execute()
        await db
          .insertInto('notes')
          .values({
            id: `note-${key}`,
            application_key: key,
            text: 'n',
            operator_id: 'op_1',
            created_at: NOW.toISOString(),
          })
          .execute()
        await db
          .insertInto('application_secrets')
          .values({
            application_key: key,
            secret_hash: `s-${key}`,
            created_at: daysAgo(3000).toISOString(),
          })
          .execute()
      }
      for (const key of ['held-submission', 'expired-submission']) {
        await db
          .insertInto('needs_attention')
          .values({
            id: `att-${key}`,
            submission_key: key,
            reference: 'FC-AAAA-BBBB-CCCC',
            reason: 'refused',
            status_code: 400,
            brand: 'carfinance',
            body_hash: `hash-${key}`,
            body: '{}',
            errors: '[]',
            created_at: daysAgo(3000).toISOString(),
          })
          .execute()
      }
      for (const key of ['held-submission', 'held-partial']) {
        await db
          .insertInto('legal_holds')
          .values({
            id: `hold-${key}`,
            application_key: key,
            reason: 'claim',
            set_by: 'op_1',
            set_at: NOW.toISOString(),
            lifted_by: null,
            lifted_at: null,
          })
          .execute()
      }
      expect(await deleteExpired(db, POLICY, NOW)).toEqual({
        submittedApplications: 1,
        partialApplications: 1,
        submissions: 1,
        deliveries: 2,
        needsAttention: 1,
      })
      expect(await db.selectFrom('needs_attention').select('submission_key').execute()).toEqual([
        { submission_key: 'held-submission' },
      ])
      const keys = async (
        table: 'applications' | 'application_index' | 'notes' | 'application_secrets',
      ) =>
        (
          await db.selectFrom(table).select('application_key').orderBy('application_key').execute()
        ).map((row) => row.application_key)
      expect(await keys('applications')).toEqual(['held-partial', 'held-submission'])
      expect(await keys('application_index')).toEqual(['held-partial', 'held-submission'])
      expect(await keys('notes')).toEqual(['held-partial', 'held-submission'])
      expect(await keys('application_secrets')).toEqual(['held-partial', 'held-submission'])
      expect(
        await db.selectFrom('deliveries').select('submission_key').distinct().execute(),
      ).toEqual([{ submission_key: 'held-submission' }])
      expect(await db.selectFrom('submissions').select('submission_key').execute()).toEqual([
        { submission_key: 'held-submission' },
      ])

      await db
        .updateTable('legal_holds')
        .set({ lifted_at: NOW.toISOString(), lifted_by: 'op_1' })
        .execute()
      expect(await deleteExpired(db, POLICY, NOW)).toEqual({
        submittedApplications: 1,
        partialApplications: 1,
        submissions: 1,
        deliveries: 2,
        needsAttention: 1,
      })
      expect(await keys('applications')).toEqual([])
      expect(await keys('application_index')).toEqual([])
    })

    test(`${engine.name}: the periods come from the policy`, async () => {
      await clear(db)
      await addSubmission(db, 'submitted-11-days', daysAgo(11))
      await addSubmission(db, 'submitted-9-days', daysAgo(9))
      await addApplication(db, 'partial-2-days', 'partial', daysAgo(2))
      await addApplication(db, 'partial-12-hours', 'partial', new Date(NOW.getTime() - DAY_MS / 2))
      await deleteExpired(db, { submittedDays: 10, partialDays: 1 }, NOW)
      expect((await remaining(db)).applications).toEqual(['partial-12-hours', 'submitted-9-days'])
    })

    test(`${engine.name}: many expired rows go in batches, all of them`, async () => {
      await clear(db)
      for (let i = 0; i < 7; i++) {
        await addSubmission(db, `old-submission-${i}`, daysAgo(2500 + i))
        await addApplication(db, `old-partial-${i}`, 'partial', daysAgo(60 + i))
      }
      await addApplication(db, 'fresh-partial', 'partial', daysAgo(1))
      const summary = await deleteExpired(db, POLICY, NOW, 3)
      expect(summary).toEqual({
        submittedApplications: 7,
        partialApplications: 7,
        submissions: 7,
        deliveries: 14,
        needsAttention: 0,
      })
      expect(await remaining(db)).toEqual({
        applications: ['fresh-partial'],
        submissions: [],
        deliveries: [],
      })
    })

    test(`${engine.name}: the server runs the job when ready, logging counts and no keys`, async () => {
      await clear(db)
      // The server's own clock this time.
      const now = new Date()
      await addSubmission(db, 'job-old-submission', daysAgo(2500, now))
      await addApplication(db, 'job-old-partial', 'partial', daysAgo(45, now))
      await addApplication(db, 'job-fresh-partial', 'partial', daysAgo(2, now))
      const lines: string[] = []
      const app = await buildApp(
        loadConfig({
          DATA_DIR: '/nonexistent',
          WEB_DIST_DIR: '/nonexistent',
          DELIVERY_WORKER: 'off',
        }),
        { db: testDatabase.database, logger: { stream: { write: (line) => lines.push(line) } } },
      )
      try {
        await app.ready()
        await vi.waitFor(
          async () => expect((await remaining(db)).applications).toEqual(['job-fresh-partial']),
          { timeout: 20_000, interval: 25 },
        )
        await vi.waitFor(() => expect(lines.join('')).toContain('retention deleted expired rows'), {
          timeout: 10_000,
        })
        const line = lines
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry.msg === 'retention deleted expired rows')
        expect(line?.deleted).toEqual({
          submittedApplications: 1,
          partialApplications: 1,
          submissions: 1,
          deliveries: 2,
          needsAttention: 0,
        })
        expect(lines.join('')).not.toContain('job-old')
      } finally {
        await app.close()
      }
    })
  })
}

test('RETENTION_JOB=off leaves expired rows alone', async () => {
  const [sqlite] = await engines()
  const testDatabase = await sqlite!.open()
  try {
    await migrateToLatest(testDatabase.database)
    const { db } = testDatabase.database
    await addApplication(db, 'expired-partial', 'partial', new Date(Date.now() - 90 * DAY_MS))
    const app = await buildApp(
      loadConfig({
        DATA_DIR: '/nonexistent',
        WEB_DIST_DIR: '/nonexistent',
        DELIVERY_WORKER: 'off',
        RETENTION_JOB: 'off',
      }),
      { db: testDatabase.database, logger: false },
    )
    await app.ready()
    await new Promise((resolve) => setTimeout(resolve, 200))
    await app.close()
    expect((await remaining(db)).applications).toEqual(['expired-partial'])
  } finally {
    await testDatabase.cleanup()
  }
})

test('the schedule runs at once, then again after each interval, and never overlaps', async () => {
  let active = 0
  let overlapped = false
  const run = vi.fn(async () => {
    active += 1
    if (active > 1) overlapped = true
    await new Promise((resolve) => setTimeout(resolve, 15))
    active -= 1
  })
  const schedule = startSchedule(run, { intervalMs: 5 })
  await vi.waitFor(() => expect(run.mock.calls.length).toBeGreaterThanOrEqual(4), {
    timeout: 10_000,
  })
  await schedule.stop()
  expect(overlapped).toBe(false)
})

test('stopping waits for the run in progress, and no run follows', async () => {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  let finished = false
  const run = vi.fn(async () => {
    await gate
    finished = true
  })
  const schedule = startSchedule(run, { intervalMs: 1 })
  await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 10_000 })
  let stopped = false
  const stopping = schedule.stop().then(() => (stopped = true))
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(stopped).toBe(false)
  release()
  await stopping
  expect(finished).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(run).toHaveBeenCalledTimes(1)
})

test('a failed run does not stop the schedule', async () => {
  const run = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined)
  const schedule = startSchedule(run, { intervalMs: 5 })
  await vi.waitFor(() => expect(run.mock.calls.length).toBeGreaterThanOrEqual(2), {
    timeout: 10_000,
  })
  await schedule.stop()
})

test('the timer never keeps the process alive', async () => {
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
  const schedule = startSchedule(async () => {}, { intervalMs: 60_000, firstDelayMs: 60_000 })
  try {
    const timer = setTimeoutSpy.mock.results.at(-1)?.value as NodeJS.Timeout
    expect(timer.hasRef()).toBe(false)
  } finally {
    setTimeoutSpy.mockRestore()
    await schedule.stop()
  }
})

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

test.each<[Record<string, string>, string[]]>([
  [{ RETENTION_JOB: 'sometimes' }, ['RETENTION_JOB must be on or off (got "sometimes")']],
  [{ RETENTION_JOB: 'OFF' }, []],
  [
    { RETENTION_SUBMITTED_DAYS: 'six years' },
    ['RETENTION_SUBMITTED_DAYS must be a whole number of days, 1 or more (got "six years")'],
  ],
  [
    { RETENTION_PARTIAL_DAYS: '0' },
    ['RETENTION_PARTIAL_DAYS must be a whole number of days, 1 or more (got "0")'],
  ],
  [{ RETENTION_SUBMITTED_DAYS: '2557', RETENTION_PARTIAL_DAYS: '14' }, []],
])('%o is understood or refused clearly', (env, problems) => {
  expect(problemsOf(env)).toEqual(problems)
})

test('the retention settings are read', () => {
  expect(
    loadConfig({
      RETENTION_JOB: 'off',
      RETENTION_SUBMITTED_DAYS: '2557',
      RETENTION_PARTIAL_DAYS: '14',
    }).retention,
  ).toEqual({ job: false, submittedDays: 2557, partialDays: 14 })
})
