// No joint applicant is left without their link (decision 1991), on both engines with a real SMTP server:
// when the step after a joint submission fails (here a trigger makes every link insert fail, as a crash
// or a database error between the submission's commit and the link's would), the sweep issues the link
// and its email exactly as that step does, on the brand's configured site, once; it leaves alone what the
// normal step issued, and two sweeps at once (two instances) issue one link. A server that starts sweeps
// at once.

import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { buildApp } from '../src/app'
import { searchIndexKey } from '../src/back-office/search-index'
import { loadConfig } from '../src/config'
import { sealKeyFor } from '../src/email/sealed-params'
import { createEmailSender, type EmailSender } from '../src/email/sender'
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
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

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
const SAM = { day: '21', month: '11', year: '1983' }

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

  /**
   * Makes the submission `ms` older, as if that long had passed since (its joint applicant's confirmation
   * email is what the sweep reads the time from). Sweeping at the real time keeps the link's email due
   * for the sender at once.
   */
  async function age(key: string, ms: number): Promise<void> {
    await app.database.db
      .updateTable('emails')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('application_key', '=', key)
      .where('template', '=', 'joint-applicant-confirmation')
      .execute()
  }

  /** Every insert of a link fails while on: the step after the submission fails and stores nothing. */
  async function failLinkInserts(on: boolean): Promise<void> {
    const db = app.database.db
    if (app.database.dialect === 'sqlite') {
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

  /** A joint submission whose link step failed after the submission's commit, as a crash would leave it. */
  async function submittedWithoutLink() {
    const submission = jointSubmission()
    const failuresBefore = app.logText().split('after-submission step failed').length
    await failLinkInserts(true)
    try {
      const answer = await app.post(submissionUrl(submission.key), submission.payload, HOST)
      expect(answer.statusCode).toBe(201)
      await expect
        .poll(() => app.logText().split('after-submission step failed').length)
        .toBe(failuresBefore + 1)
    } finally {
      await failLinkInserts(false)
    }
    // Nothing of the link's transaction stayed: no confirmation asked, no link, no email.
    expect(await jointConfirmationStatus(app.database.db, submission.key, new Date())).toBeNull()
    expect(await jointLinks(submission.key)).toBe(0)
    expect(await linkEmails(submission.key)).toBe(0)
    return submission
  }

  async function jointLinks(key: string): Promise<number> {
    const rows = await app.database.db
      .selectFrom('resume_links')
      .select('id')
      .where('application_key', '=', key)
      .where('purpose', '=', 'joint-confirm')
      .execute()
    return rows.length
  }

  async function linkEmails(key: string): Promise<number> {
    const rows = await app.database.db
      .selectFrom('emails')
      .select('id')
      .where('application_key', '=', key)
      .where('template', '=', 'joint-confirm-link')
      .execute()
    return rows.length
  }

  const linkMessages = (address: string) =>
    smtp.messages.filter(
      (m) =>
        m.to.includes(address) &&
        /^Confirm your part of the application \(FC-[0-9A-Z-]+\)$/.test(
          m.headers.get('subject') ?? '',
        ),
    )

  /** The text of the first link email to `address`, once it has arrived. */
  async function linkEmailTo(address: string): Promise<string> {
    await expect.poll(() => linkMessages(address).length, { timeout: 5000 }).toBeGreaterThan(0)
    return linkMessages(address)[0]!.text
  }

  /**
   * A joint submission whose link goes the normal way: once its email has arrived, every email queued
   * before it has been sent too (one sender, due in order), so counts taken then are final.
   */
  async function control(): Promise<void> {
    const submission = jointSubmission()
    expect(
      (await app.post(submissionUrl(submission.key), submission.payload, HOST)).statusCode,
    ).toBe(201)
    await linkEmailTo(submission.email)
  }

  test.skipIf(!engine.available)(
    'a joint submission whose link step failed gets one link and one email from the sweep, on the brand’s site',
    async () => {
      const { key, email } = await submittedWithoutLink()

      // Within the grace period the sweep leaves it to the submission's own step.
      await age(key, 30 * 1000)
      expect(await sweep()).toEqual({ owed: 0, issued: 0, failed: 0 })
      expect(await jointLinks(key)).toBe(0)

      await age(key, 2 * MINUTE)
      const swept = new Date()
      expect(await sweep(swept)).toEqual({ owed: 1, issued: 1, failed: 0 })
      const text = await linkEmailTo(email)
      // On the brand's configured site (http://harbourlend.localhost:3000 in development and tests).
      const token = new RegExp(
        `http://harbourlend\\.localhost:3000/joint-confirm/([A-Za-z0-9_-]{43})`,
      ).exec(text)?.[1]
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
      expect(await jointLinks(key)).toBe(1)
      expect(await linkEmails(key)).toBe(1)
      expect(linkMessages(email)).toHaveLength(1)
      expect(app.logText()).not.toContain(token)
      expect(app.logText()).not.toContain(email)
    },
  )

  test.skipIf(!engine.available)(
    'the sweep leaves alone a joint application whose link went the normal way, and one that is not joint',
    async () => {
      const joint = jointSubmission()
      expect((await app.post(submissionUrl(joint.key), joint.payload, HOST)).statusCode).toBe(201)
      await linkEmailTo(joint.email)
      const single = randomUUID()
      expect((await app.post(submissionUrl(single), validSubmission(single))).statusCode).toBe(201)

      expect(await sweep(new Date(Date.now() + 2 * MINUTE))).toEqual({
        owed: 0,
        issued: 0,
        failed: 0,
      })
      // Nor a week later, when the joint applicant has still not confirmed.
      expect(await sweep(new Date(Date.now() + 6 * 24 * 60 * MINUTE))).toEqual({
        owed: 0,
        issued: 0,
        failed: 0,
      })
      await control()
      expect(await jointLinks(joint.key)).toBe(1)
      expect(await linkEmails(joint.key)).toBe(1)
      expect(linkMessages(joint.email)).toHaveLength(1)
      expect(await jointLinks(single)).toBe(0)
    },
  )

  test.skipIf(!engine.available)(
    'two sweeps at once, as on two instances, issue one link and one email; a late normal step none',
    async () => {
      const { key, email } = await submittedWithoutLink()
      await age(key, 2 * MINUTE)
      const results = await Promise.all([sweep(), sweep(), sweep()])
      expect(results.map((result) => result.owed)).toEqual([1, 1, 1])
      expect(results.reduce((sum, result) => sum + result.issued, 0)).toBe(1)
      expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0)

      // The submission's own step, arriving after the sweep (a slow instance), finds the claim taken.
      const application = await findApplication(app.database.db, key, app.config.dataKeys)
      expect(
        await requestJointConfirmation(deps, 'http://harbourlend.localhost:3000', {
          submissionKey: key,
          brand: 'harbourlend',
          payload: application!.payload,
          now: new Date(),
        }),
      ).toBe(false)

      await linkEmailTo(email)
      await control()
      expect(await jointLinks(key)).toBe(1)
      expect(await linkEmails(key)).toBe(1)
      expect(linkMessages(email)).toHaveLength(1)
    },
  )

  test.skipIf(!engine.available)(
    'an application outside the sweep’s window (older than a link lasts) is not swept',
    async () => {
      const { key } = await submittedWithoutLink()
      await age(key, 8 * 24 * 60 * MINUTE)
      expect(await sweep()).toEqual({ owed: 0, issued: 0, failed: 0 })
      expect(await jointLinks(key)).toBe(0)
      // Leaves nothing owed for the tests after it.
      await age(key, 2 * MINUTE)
      expect(await sweep()).toEqual({ owed: 1, issued: 1, failed: 0 })
    },
  )

  test.skipIf(!engine.available)(
    'a server sweeps as it starts: the link a stopped server did not issue is sent',
    async () => {
      const { key, email } = await submittedWithoutLink()
      // Two minutes ago, when the server that stored it stopped.
      await age(key, 2 * MINUTE)
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
        const text = await linkEmailTo(email)
        expect(text).toMatch(
          /http:\/\/harbourlend\.localhost:3000\/joint-confirm\/[A-Za-z0-9_-]{43}/,
        )
      } finally {
        await restarted.close()
      }
      expect(await jointLinks(key)).toBe(1)
    },
  )
})
