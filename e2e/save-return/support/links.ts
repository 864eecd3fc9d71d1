// What the save-and-return journeys share: the links read from the SMTP server's inbox, a link made older
// than it is, the date-of-birth check a link opens on, and a joint application submitted as the browser
// that started it would send it.
import Database from 'better-sqlite3'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { submitState } from '../../support/api'
import { expectNoAxeViolations } from '../../support/axe'
import { inbox, type InboxMessage } from './server-env'

/**
 * The first message to `address` after the first `after` messages of the inbox, once it has arrived; only
 * those whose subject starts with `subject` when given (a joint applicant also gets the confirmation of the
 * submission, from the same outbox, in either order).
 */
export async function emailTo(address: string, after = 0, subject?: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined
  await expect
    .poll(async () => {
      found = (await inbox())
        .slice(after)
        .find(
          (message) =>
            message.to.includes(address) &&
            (subject === undefined || message.subject.startsWith(subject)),
        )
      return found !== undefined
    })
    .toBe(true)
  return found!
}

/** The next link email to the joint applicant at `address`. */
export const jointLinkEmailTo = (address: string, after = 0) =>
  emailTo(address, after, 'Confirm your part of the application')

/** The e2e server's SQLite file, written to directly only to make a link older than it is. */
export function expireLink(token: string): void {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'forecourt.sqlite'), {
    fileMustExist: true,
  })
  try {
    const hash = createHash('sha256').update(`forecourt/link/${token}`).digest('hex')
    const changed = db
      .prepare('update resume_links set expires_at = ? where token_hash = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), hash).changes
    expect(changed).toBe(1)
  } finally {
    db.close()
  }
}

const JOINT_LINK = /(http:\/\/[a-z.]+:\d+\/joint-confirm\/([A-Za-z0-9_-]{43}))/

export function jointLinkIn(message: InboxMessage): { url: string; token: string } {
  const match = JOINT_LINK.exec(message.text)
  if (!match) throw new Error(`No joint applicant's link in the email:\n${message.text}`)
  return { url: match[1]!, token: match[2]! }
}

/** The joint applicant's link opened: it asks for their date of birth first, and passes axe. */
export async function expectTheirDateOfBirthAsked(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Enter your date of birth to see your part of the application',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
}

/** A link page's date-of-birth check answered, and Continue pressed. */
export async function enterDateOfBirth(page: Page, day: string, month: string, year: string) {
  await page.getByRole('textbox', { name: 'Day' }).fill(day)
  await page.getByRole('textbox', { name: 'Month' }).fill(month)
  await page.getByRole('textbox', { name: 'Year' }).fill(year)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/**
 * The application's joint confirmation as the e2e server stored it (decisions 1823, 2127), read raw from its
 * SQLite file, with the number of `application.joint-confirmed` events queued for it.
 */
export function jointConfirmationRow(applicationKey: string): {
  confirmed_at: string | null
  corrections: string | null
  disputed_at: string | null
  dispute: string | null
  jointConfirmedEvents: number
} {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'forecourt.sqlite'), {
    fileMustExist: true,
    readonly: true,
  })
  try {
    const row = db
      .prepare(
        'select confirmed_at, corrections, disputed_at, dispute from joint_confirmations where application_key = ?',
      )
      .get(applicationKey) as Omit<ReturnType<typeof jointConfirmationRow>, 'jointConfirmedEvents'>
    const events = db
      .prepare('select count(*) as n from deliveries where submission_key = ?')
      .get(`joint-confirmed:${applicationKey}`) as { n: number }
    return { ...row, jointConfirmedEvents: events.n }
  } finally {
    db.close()
  }
}

/**
 * A joint application submitted on harbourlend through the API, as the browser that started it sends it
 * (`submitState`); the joint applicant's address is `jointEmail`.
 */
export async function submitJointApplication(request: APIRequestContext, jointEmail: string) {
  const state = filledJointState()
  state.form.joint.email = jointEmail
  const { key, reference } = await submitState(request, 'harbourlend', state)
  return { key, reference }
}

/**
 * A link's email as the e2e server's outbox stored it (decision 1951), read raw from its SQLite file: the
 * row's every column as text.
 */
export function linkEmailRow(token: string): Record<string, unknown> | undefined {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'forecourt.sqlite'), {
    fileMustExist: true,
    readonly: true,
  })
  try {
    const hash = createHash('sha256').update(`forecourt/link/${token}`).digest('hex')
    return db
      .prepare(
        `select emails.* from emails join resume_links
          on emails.dedupe_key = 'link-email:' || resume_links.id where resume_links.token_hash = ?`,
      )
      .get(hash) as Record<string, unknown> | undefined
  } finally {
    db.close()
  }
}
