// The fast check of faults:network (apps/server/faults/network-faults.ts runs 100): one application
// per fault on the submission request, each stored exactly once with the applicant's data and each
// applicant redirected to the brand's thank-you page.
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import {
  installSubmissionFaults,
  plannedApplication,
  seedApplication,
  type FaultPlan,
} from '../../apps/server/faults/support/browser-faults'
import { brandUrl } from '../support/brands'
import { countApplications, storedApplication } from '../support/journey'

/** The rows of the e2e server's `submissions` table for this key (its idempotency record). */
function countSubmissions(key: string): number {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'forecourt.sqlite'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    const row = db
      .prepare('select count(*) as n from submissions where submission_key = ?')
      .get(key) as { n: number }
    return row.n
  } finally {
    db.close()
  }
}

const cases: { name: string; plan: FaultPlan; index: number }[] = [
  {
    name: 'three attempts in a row fail to connect: the one sent as the page leaves gets there',
    plan: { kind: 'abort', failures: 3 },
    index: 0,
  },
  {
    name: 'the first attempt is never answered: the one sent as the page leaves gets there',
    plan: { kind: 'hang', failures: 1 },
    index: 1,
  },
  {
    name: 'a 503 is retried',
    plan: { kind: 'status-503', failures: 1 },
    index: 2,
  },
  {
    name: 'a 500 is retried',
    plan: { kind: 'status-500', failures: 1 },
    index: 3,
  },
  {
    name: 'the server stores it but the answer is lost: the retry is answered as a replay',
    plan: { kind: 'response-lost', failures: 1 },
    index: 4,
  },
  {
    name: 'the request still on its way when the page leaves gets there after the navigation',
    plan: { kind: 'navigation', failures: 1 },
    index: 5,
  },
]

for (const { name, plan, index } of cases) {
  test(`network fault while submitting, ${name}; stored once and redirected`, async ({
    context,
  }) => {
    test.setTimeout(60_000)
    const application = plannedApplication(index, randomUUID(), plan)
    const { guid, brand, email } = application
    await seedApplication(context, application.state)
    const faults = await installSubmissionFaults(context, plan, index)
    const page = await context.newPage()

    await page.goto(brandUrl(brand, '/before-you-submit'))
    await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible()
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
    await page.getByRole('button', { name: 'Submit application' }).click()

    // Every demo brand's thank-you page is our own /complete (no email in its address).
    await page.waitForURL(brandUrl(brand, '/complete'), { timeout: 20_000 })
    faults.pageLeft()

    await expect.poll(() => storedApplication(guid)?.status, { timeout: 20_000 }).toBe('submitted')
    expect(countApplications(guid)).toBe(1)
    expect(countSubmissions(guid)).toBe(1)
    expect(storedApplication(guid)).toMatchObject({
      brand,
      payload: {
        submissionKey: guid,
        firstName: application.firstName,
        lastName: application.lastName,
        email,
      },
    })
    expect(faults.handlerErrors).toEqual([])
    const outcomes = faults.attempts.map((attempt) => attempt.outcome)
    expect(outcomes.slice(0, plan.failures)).toEqual(
      plan.kind === 'navigation'
        ? ['held-then-passed']
        : Array.from({ length: plan.failures }, () => 'faulted'),
    )
    expect(new Set(faults.attempts.map((attempt) => attempt.body)).size).toBe(1)
  })
}
