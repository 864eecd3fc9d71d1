// No joint applicant is left without their link (decision 1991), on both engines with a real SMTP server:
// when the step after a joint submission fails (here a trigger makes every link insert fail, as a crash
// or a database error between the submission's commit and the link's would), the sweep issues the link
// and its email exactly as that step does, on the brand's configured site, once; it leaves alone what the
// normal step issued, and two sweeps at once (two instances) issue one link. A server and `npm run
// worker` sweep as they start.

import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { buildApp } from '../src/app'
import { searchIndexKey } from '../src/back-office/search-index'
import { loadConfig, REPOSITORY_ROOT } from '../src/config'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { sealKeyFor } from '../src/email/sealed-params'
import { createEmailSender, type EmailSender } from '../src/email/sender'
import { productionArgs } from '../src/production-start'
import { findApplication } from '../src/repositories/application-repository'
import {
  jointConfirmationStatus,
  requestJointConfirmation,
} from '../src/save-return/joint-confirmation'
import {
  sweepJointLinks,
  type JointLinkSweepDeps,
  type JointLinkSweepResult,
} from '../src/save-return/joint-link-sweep'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import {
  TEST_ENV,
  postJson,
  startEngineApp,
  submissionUrl,
  validSubmission,
  writeHeaders,
  type EngineApp,
} from './submission-test-helpers'
import { engines, openSqlite } from './test-databases'

const allEngines = await engines()
const HOST = { host: 'harbourlend.localhost' }
const DATA_KEY = randomBytes(32).toString('base64')
const LENDERS = {
  harbourlend: [
    {
      id: 'lender-h',
      url: 'https://lender-h.example/applications',
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    },
  ],
}
const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE
const SAM = { day: '21', month: '11', year: '1983' }
/** Where harbourlend's links open in development and tests (PORT 3000), unless SITE_ORIGINS says. */
const LINK = /http:\/\/harbourlend\.localhost:3000\/joint-confirm\/([A-Za-z0-9_-]{43})/

function jointSubmission() {
  const key = randomUUID()
  const email = `sam.${key.slice(0, 8)}@example.co.uk`
  const state = filledJointState()
  state.GUID = key
  state.applicationKey = key
  state.form.joint.email = email
  return {
    key,
    email,
    payload: toFullSubmissionPayload(state, { brand: brands.harbourlend, now: new Date() }),
  }
}

/** Every insert of a link fails while on: the step after the submission fails and stores nothing. */
async function failLinkInserts(database: Database, on: boolean): Promise<void> {
  const { db } = database
  if (database.dialect === 'sqlite') {
    await (
      on
        ? sql`create trigger fail_links before insert on resume_links
            begin select raise(abort, 'injected failure'); end`
        : sql`drop trigger fail_links`
    ).execute(db)
  } else if (on) {
    await sql`create function fail_links() returns trigger language plpgsql as
              $$ begin raise exception 'injected failure'; end $$`.execute(db)
    await sql`create trigger fail_links before insert on resume_links
              for each row execute function fail_links()`.execute(db)
  } else {
    await sql`drop trigger fail_links on resume_links`.execute(db)
    await sql`drop function fail_links()`.execute(db)
  }
}

/** The application's joint-confirm links, whatever their state. */
async function jointLinks(database: Database, key: string): Promise<number> {
  const rows = await database.db
    .selectFrom('resume_links')
    .select('id')
    .where('application_key', '=', key)
    .where('purpose', '=', 'joint-confirm')
    .execute()
  return rows.length
}

/** The application's link emails queued, whatever their state. */
async function linkEmails(database: Database, key: string): Promise<number> {
  const rows = await database.db
    .selectFrom('emails')
    .select('id')
    .where('application_key', '=', key)
    .where('template', '=', 'joint-confirm-link')
    .execute()
  return rows.length
}

/**
 * Submits a joint application while every link insert fails, and waits for the step after the submission
 * to have failed: a submitted joint application without its link, as a crash would leave it.
 */
async function submitWithoutLink(
  database: Database,
  post: (url: string, body: unknown) => Promise<{ statusCode: number }>,
  logText: () => string,
): Promise<ReturnType<typeof jointSubmission>> {
  const submission = jointSubmission()
  const failures = () => logText().split('"msg":"after-submission step failed"').length
  const failuresBefore = failures()
  await failLinkInserts(database, true)
  try {
    expect((await post(submissionUrl(submission.key), submission.payload)).statusCode).toBe(201)
    await expect.poll(failures).toBe(failuresBefore + 1)
  } finally {
    await failLinkInserts(database, false)
  }
  // Nothing of the link's transaction stayed: no confirmation asked, no link, no email.
  expect(await jointConfirmationStatus(database.db, submission.key, new Date())).toBeNull()
  expect(await jointLinks(database, submission.key)).toBe(0)
  expect(await linkEmails(database, submission.key)).toBe(0)
  return submission
}

/**
 * Makes the submission `ms` older, as if that long had passed since (its joint applicant's confirmation
 * email is what the sweep reads the time from). Sweeping at the real time keeps the link's email due for
 * the sender at once.
 */
async function age(database: Database, key: string, ms: number): Promise<void> {
  await database.db
    .updateTable('emails')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('application_key', '=', key)
    .where('template', '=', 'joint-applicant-confirmation')
    .execute()
}

/** The link emails to `address` among those captured. */
function linkMessages(smtp: SmtpCapture, address: string) {
  return smtp.messages.filter(
    (m) =>
      m.to.includes(address) &&
      /^Confirm your part of the application \(FC-[0-9A-Z-]+\)$/.test(
        m.headers.get('subject') ?? '',
      ),
  )
}

/** The text of the first link email to `address`, once it has arrived. */
async function linkEmailTo(smtp: SmtpCapture, address: string, timeout = 5000): Promise<string> {
  await expect.poll(() => linkMessages(smtp, address).length, { timeout }).toBeGreaterThan(0)
  return linkMessages(smtp, address)[0]!.text
}

describe.each(allEngines)('the sweep for the joint applicants’ links on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture
  let sender: EmailSender
  let deps: JointLinkSweepDeps
  beforeAll(async () => {
    if (!engine.available) return
    smtp = await startSmtpCapture()
    app = await startEngineApp(engine, {
      SMTP_URL: smtp.url,
      FORECOURT_DATA_KEY: DATA_KEY,
      LENDER_DESTINATIONS: JSON.stringify(LENDERS),
    })
    sender = createEmailSender(app.config, app.database, app.app.log, { pollIntervalMs: 20 })
    sender.start()
    // What the server gives the sweep (app.ts), from the same configuration.
    deps = {
      db: app.database.db,
      dataKeys: app.config.dataKeys,
      sealKey: sealKeyFor(app.config),
      hashKey: searchIndexKey(app.config.backOffice.indexKey, app.config.dataKeys),
      onEmailQueued: () => sender.nudge(),
      siteOrigin: (brand) => app.config.siteOrigins[brand],
    }
  })
  afterAll(async () => {
    await sender?.stop()
    await app?.close()
    await smtp?.close()
  })

  const sweep = (at = new Date()): Promise<JointLinkSweepResult> => sweepJointLinks(deps, at)
  const withoutLink = () =>
    submitWithoutLink(app.database, (url, body) => app.post(url, body, HOST), app.logText)

  /**
   * A joint submission whose link goes the normal way: once its email has arrived, every email queued
   * before it has been sent too (one sender, due in order), so counts taken then are final.
   */
  async function control(): Promise<void> {
    const submission = jointSubmission()
    expect(
      (await app.post(submissionUrl(submission.key), submission.payload, HOST)).statusCode,
    ).toBe(201)
    await linkEmailTo(smtp, submission.email)
  }

  test.skipIf(!engine.available)(
    'a joint submission whose link step failed gets one link and one email from the sweep, on the brand’s site',
    async () => {
      const { key, email } = await withoutLink()

      // Within the grace period the sweep leaves it to the submission's own step.
      await age(app.database, key, 30 * 1000)
      expect(await sweep()).toEqual({ owed: 0, issued: 0, failed: 0 })
      expect(await jointLinks(app.database, key)).toBe(0)

      await age(app.database, key, 2 * MINUTE)
      const swept = new Date()
      expect(await sweep(swept)).toEqual({ owed: 1, issued: 1, failed: 0 })
      const token = LINK.exec(await linkEmailTo(smtp, email))?.[1]
      expect(token).toBeDefined()
      expect((await app.post('/api/joint-confirmation/open', { token }, HOST)).json()).toEqual({
        check: 'date-of-birth',
      })
      expect(
        (await app.post('/api/joint-confirmation/check', { token, dateOfBirth: SAM }, HOST))
          .statusCode,
      ).toBe(200)
      // Asked when the sweep asked.
      expect(await jointConfirmationStatus(app.database.db, key, swept)).toEqual({
        requestedAt: swept.toISOString(),
        confirmedAt: null,
        outstanding: false,
      })

      // Once: later sweeps find nothing owed.
      expect(await sweep(new Date(Date.now() + MINUTE))).toEqual({
        owed: 0,
        issued: 0,
        failed: 0,
      })
      await control()
      expect(await jointLinks(app.database, key)).toBe(1)
      expect(await linkEmails(app.database, key)).toBe(1)
      expect(linkMessages(smtp, email)).toHaveLength(1)
      expect(app.logText()).not.toContain(token)
      expect(app.logText()).not.toContain(email)
    },
  )

  test.skipIf(!engine.available)(
    'the sweep leaves alone a joint application whose link went the normal way, and one that is not joint',
    async () => {
      const joint = jointSubmission()
      expect((await app.post(submissionUrl(joint.key), joint.payload, HOST)).statusCode).toBe(201)
      await linkEmailTo(smtp, joint.email)
      const single = randomUUID()
      expect((await app.post(submissionUrl(single), validSubmission(single))).statusCode).toBe(201)

      expect(await sweep(new Date(Date.now() + 2 * MINUTE))).toEqual({
        owed: 0,
        issued: 0,
        failed: 0,
      })
      // Nor six days later, when the joint applicant has still not confirmed.
      expect(await sweep(new Date(Date.now() + 6 * DAY))).toEqual({
        owed: 0,
        issued: 0,
        failed: 0,
      })
      await control()
      expect(await jointLinks(app.database, joint.key)).toBe(1)
      expect(await linkEmails(app.database, joint.key)).toBe(1)
      expect(linkMessages(smtp, joint.email)).toHaveLength(1)
      expect(await jointLinks(app.database, single)).toBe(0)
    },
  )

  test.skipIf(!engine.available)(
    'sweeps at once, as on several instances, issue one link and one email; so do claims that race',
    async () => {
      const { key, email } = await withoutLink()
      await age(app.database, key, 2 * MINUTE)
      const results = await Promise.all([sweep(), sweep(), sweep()])
      expect(results.reduce((sum, result) => sum + result.issued, 0)).toBe(1)
      expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0)
      // The submission's own step, arriving after the sweep (a slow instance), finds the claim taken.
      const claim = async (applicationKey: string) => {
        const application = await findApplication(
          app.database.db,
          applicationKey,
          app.config.dataKeys,
        )
        return requestJointConfirmation(deps, 'http://harbourlend.localhost:3000', {
          submissionKey: applicationKey,
          brand: 'harbourlend',
          payload: application!.payload,
          now: new Date(),
        })
      }
      expect(await claim(key)).toBe(false)

      // However many sweeps found the same application owed, their claims race in the database: one wins.
      const raced = await withoutLink()
      const claims = await Promise.all([claim(raced.key), claim(raced.key), claim(raced.key)])
      expect(claims.filter(Boolean)).toEqual([true])

      await linkEmailTo(smtp, email)
      await linkEmailTo(smtp, raced.email)
      await control()
      for (const owed of [{ key, email }, raced]) {
        expect(await jointLinks(app.database, owed.key)).toBe(1)
        expect(await linkEmails(app.database, owed.key)).toBe(1)
        expect(linkMessages(smtp, owed.email)).toHaveLength(1)
      }
    },
  )

  test.skipIf(!engine.available)(
    'an application older than a link lasts is not swept',
    async () => {
      const { key } = await withoutLink()
      await age(app.database, key, 8 * DAY)
      expect(await sweep()).toEqual({ owed: 0, issued: 0, failed: 0 })
      expect(await jointLinks(app.database, key)).toBe(0)
      // Leaves nothing owed for the tests after it.
      await age(app.database, key, 2 * MINUTE)
      expect(await sweep()).toEqual({ owed: 1, issued: 1, failed: 0 })
    },
  )

  test.skipIf(!engine.available)(
    'a server sweeps as it starts: the link a stopped server did not issue is sent',
    async () => {
      const { key, email } = await withoutLink()
      // Two minutes ago, when the server that stored it stopped.
      await age(app.database, key, 2 * MINUTE)
      // A server that sends emails (DELIVERY_WORKER on), over the same database; no lenders, so its
      // delivery worker has nowhere to send.
      const restarted = await buildApp(
        loadConfig({
          ...TEST_ENV,
          SMTP_URL: smtp.url,
          FORECOURT_DATA_KEY: DATA_KEY,
          DELIVERY_WORKER: 'on',
          LENDER_DESTINATIONS: '{}',
        }),
        { db: app.database, logger: false },
      )
      try {
        await restarted.ready()
        expect(await linkEmailTo(smtp, email)).toMatch(LINK)
      } finally {
        await restarted.close()
      }
      expect(await jointLinks(app.database, key)).toBe(1)
    },
  )
})

test('`npm run worker` sweeps as it starts: the link a stopped server did not issue is sent', async () => {
  const smtp = await startSmtpCapture()
  const opened = await openSqlite()
  try {
    const { database } = opened
    await migrateToLatest(database)
    // The server that stored the submission: its link step fails, then it stops.
    const lines: string[] = []
    const server = await buildApp(
      loadConfig({ ...TEST_ENV, FORECOURT_DATA_KEY: DATA_KEY, LENDER_DESTINATIONS: '{}' }),
      { db: database, logger: { stream: { write: (line) => lines.push(line) } } },
    )
    const headers = { ...(await writeHeaders(server)), ...HOST }
    const { key, email } = await submitWithoutLink(
      database,
      (url, body) => postJson(server, url, body, headers),
      () => lines.join(''),
    )
    await server.close()
    await age(database, key, 2 * MINUTE)

    const child = spawn(process.execPath, productionArgs('worker'), {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: opened.location,
        FORECOURT_DATA_KEY: DATA_KEY,
        SMTP_URL: smtp.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      expect(await linkEmailTo(smtp, email, 20_000)).toMatch(LINK)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exitCode).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/"owed":1,"issued":1,"failed":0,"msg":"joint link sweep"/)
    expect(stdout).not.toContain(email)
    expect(await jointLinks(database, key)).toBe(1)
    expect(linkMessages(smtp, email)).toHaveLength(1)
  } finally {
    await opened.cleanup()
    await smtp.close()
  }
}, 40_000)
