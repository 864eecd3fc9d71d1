// Helpers that walk the journey as a person would: by the labels and buttons on screen.
import Database from 'better-sqlite3'
import { expect, type Page, type Request } from '@playwright/test'
import { join } from 'node:path'
import { expectNoAxeViolations } from './axe'
import { brandUrl, expectedBrands } from './brands'

const auditedPages = new WeakSet<Page>()

/** Every later `step` on this page runs the axe checks (empty and error state) unless told otherwise. */
export function auditEveryStep(page: Page): void {
  auditedPages.add(page)
}

/** What a spec checks on its way through a shared walk, by screen path (see `withArrivalChecks`). */
export type ArrivalChecks = Readonly<Record<string, () => Promise<void>>>

const arrivalChecks = new WeakMap<Page, Map<string, () => Promise<void>>>()

/**
 * While `walk` runs, each `step` on this page whose path is a key of `checks` first runs that check,
 * as a spec's own assertions between two steps would run. A check whose screen the walk never reached
 * fails the walk: a check that is not run must not pass for one that was.
 */
export async function withArrivalChecks(
  page: Page,
  checks: ArrivalChecks,
  walk: () => Promise<void>,
): Promise<void> {
  const pending = new Map(Object.entries(checks))
  arrivalChecks.set(page, pending)
  try {
    await walk()
  } finally {
    arrivalChecks.delete(page)
  }
  if (pending.size > 0) {
    throw new Error(`The walk never reached ${[...pending.keys()].join(', ')} to check it`)
  }
}

/** What the progress bar said on one screen of a walk, in order (see `expectProgress`). */
export interface ProgressReading {
  /** The screen's path, without its query string. */
  path: string
  percent: number
}

const progressReadings = new WeakMap<Page, ProgressReading[]>()

/** Every reading of the progress bar taken on this page so far, in order. */
export function progressSeen(page: Page): readonly ProgressReading[] {
  return progressReadings.get(page) ?? []
}

/** The check page: the last screen with a question, whose agreement is the last answer. */
export const CHECK_PAGE = '/before-you-submit'

/**
 * The progress bar as the screen draws it: its value, the text a screen reader reads and the width
 * the fill is drawn to all say the same percentage, a whole number 0 to 100.
 */
export async function progressShown(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Application progress' })
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/)
  const percent = Number(await bar.getAttribute('aria-valuenow'))
  await expect(bar).toHaveAttribute('aria-valuetext', `${percent}% complete`)
  // The width the fill is drawn to (it eases there over 0.3 s).
  expect(
    await bar.evaluate(
      (track) => (track.querySelector('.progress-fill') as HTMLElement).style.width,
    ),
  ).toBe(`${percent}%`)
  return percent
}

/**
 * Reads the bar on the screen at `path` and records it (`progressSeen`): never lower than any
 * reading before it on this page (docs/decisions/2082-progress-never-moves-backwards.md), and 100
 * exactly when `complete` (every screen on the path answered), below 100 otherwise.
 */
export async function expectProgress(
  page: Page,
  path: string,
  { complete = false }: { complete?: boolean } = {},
): Promise<number> {
  const readings = progressReadings.get(page) ?? []
  progressReadings.set(page, readings)
  const highest = Math.max(0, ...readings.map((reading) => reading.percent))
  // The bar follows the answers as they are given: wait for the one expected.
  const bar = page.getByRole('progressbar', { name: 'Application progress' })
  if (complete) await expect(bar).toHaveAttribute('aria-valuenow', '100')
  const percent = await progressShown(page)
  const at = path.replace(/\?.*$/, '')
  expect(percent, `the progress on ${at} after ${JSON.stringify(readings)}`).toBeGreaterThanOrEqual(
    highest,
  )
  if (complete) expect(percent, `the progress on ${at}`).toBe(100)
  else expect(percent, `the progress on ${at}, with a screen left`).toBeLessThan(100)
  readings.push({ path: at, percent })
  return percent
}

export interface StepOptions {
  /** Check the empty screen and, when Continue with nothing entered fails, the error state with axe. */
  audit?: boolean
  /** Continue with nothing entered is expected to show the error summary first. */
  emptyFails?: boolean
}

/**
 * On the screen at `path`: its arrival check first, if one waits (`withArrivalChecks`); the heading
 * has focus, the page does not scroll sideways, (optionally) axe passes empty and after a failed
 * Continue; then `fill` answers and Continue moves on.
 */
export async function step(
  page: Page,
  path: string | RegExp,
  fill: () => Promise<void>,
  { audit = auditedPages.has(page), emptyFails = true }: StepOptions = {},
): Promise<void> {
  if (typeof path === 'string') {
    const checks = arrivalChecks.get(page)
    const check = checks?.get(path)
    checks?.delete(path)
    await check?.()
  }
  // A screen opened from the check page's Change link carries the way back in its address.
  await expect(page).toHaveURL(
    typeof path === 'string' ? new RegExp(`${escape(path)}(\\?return=before-you-submit)?$`) : path,
  )
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  // The screen is not answered yet (or, opened from the check page, the agreement there is not).
  await expectProgress(page, new URL(page.url()).pathname)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  )
  if (audit) {
    await expectNoAxeViolations(page)
    if (emptyFails) {
      await continueButton(page).click()
      await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
      await expect(page).toHaveTitle(/^Error: /)
      await expectNoAxeViolations(page)
    }
  }
  await fill()
  // Answers are committed after a short debounce (years/months 100 ms, docs/requirements.md#histories): let the screen settle,
  // as a person's pause before pressing Continue would, so the button is where the pointer aims.
  await page.waitForTimeout(250)
  if (audit && emptyFails) {
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeHidden()
  }
  // The agreement on the check page is the last answer: 100 once it is given.
  if (new URL(page.url()).pathname === CHECK_PAGE) {
    await expectProgress(page, CHECK_PAGE, { complete: true })
  }
  const before = page.url()
  await continueButton(page).click()
  await expect(page).not.toHaveURL(before)
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export function continueButton(page: Page) {
  return page.getByRole('button', { name: /^(Continue|Submit application)$/ })
}

export async function choose(page: Page, name: string | RegExp, group?: string | RegExp) {
  const scope = group ? page.getByRole('group', { name: group }) : page
  await scope.getByRole('radio', { name, exact: typeof name === 'string' }).check()
}

export async function yearsMonths(page: Page, years: string, months = '') {
  await page.getByRole('textbox', { name: 'Years' }).fill(years)
  if (months) await page.getByRole('textbox', { name: 'Months' }).fill(months)
}

/** Looks the postcode up and picks the first address offered. */
export async function findAddress(page: Page, postcode: string) {
  await page.getByRole('textbox', { name: 'Postcode' }).fill(postcode)
  await page.getByRole('button', { name: 'Find address' }).click()
  const list = page.getByRole('combobox', { name: 'Address' })
  await expect(list).toBeVisible()
  await list.selectOption({ index: 1 })
}

/** A reference as the server gives it and the page works out: FC- and Crockford base-32 groups. */
export const REFERENCE = /FC-[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4})+/

/**
 * The submit screen went on, 5 s later, to the brand's own thank-you page (every demo brand's, on
 * our origin): thanks, the reference (the server's, when given), what happens next, the broker's
 * phone and email as links, and no axe violation. Returns the reference shown.
 */
export async function expectThankYouPage(
  page: Page,
  label: string,
  { reference, joint = false }: { reference?: string; joint?: boolean } = {},
): Promise<string> {
  const brand = expectedBrands.find((expected) => expected.label === label)
  if (!brand) throw new Error(`No expected brand ${label}`)
  await page.waitForURL(brandUrl(label, '/complete'), { timeout: 15_000 })
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your application' }),
  ).toBeVisible()
  await expect(page).toHaveTitle(`Thank you for your application – ${brand.tradingName}`)
  const status = page.getByRole('main').getByRole('status')
  await expect(status).toContainText('We have your application.')
  await expect(status).toContainText(reference ?? REFERENCE)
  const shown = REFERENCE.exec((await status.textContent()) ?? '')?.[0] ?? ''
  await expect(status).toContainText(
    `Your application reference is ${shown}. Please quote it if you contact us.`,
  )
  await expect(page.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible()
  const steps = page.getByRole('main').getByRole('listitem')
  await expect(steps.first()).toHaveText(
    `${brand.tradingName} will contact you${joint ? ' and the joint applicant' : ''} within one ` +
      `working day, by phone or email, to talk about your application. Our calls come from ` +
      `${brand.phone} and our emails from ${brand.email}.`,
  )
  await expect(steps.filter({ hasText: 'soft search' })).toHaveText(
    'Lenders check your eligibility with a soft search, which does not affect your credit score. ' +
      'A lender will only make a full (hard) search of your credit file with your agreement, if ' +
      'you decide to go ahead.',
  )
  const main = page.getByRole('main')
  await expect(
    main.getByRole('heading', { level: 2, name: `Contact ${brand.tradingName}` }),
  ).toBeVisible()
  await expect(main.getByRole('link', { name: brand.phone })).toHaveAttribute('href', brand.tel)
  await expect(main.getByRole('link', { name: brand.email })).toHaveAttribute(
    'href',
    `mailto:${brand.email}`,
  )
  await expectNoAxeViolations(page)
  return shown
}

/** The reference in the server's answer to the submission `request`. */
export async function answeredReference(request: Request): Promise<string> {
  const answer = (await (await request.response())?.json()) as { reference?: unknown } | undefined
  if (typeof answer?.reference !== 'string') throw new Error('The answer carried no reference')
  return answer.reference
}

/** Stops a redirect to a brand's own site at a page of ours, since those sites are not on this machine. */
export async function stubThankYouPages(page: Page) {
  await page.route(/^https:\/\/www\.[a-z]+\.example\/.*/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Thank you</title><h1>Thank you</h1>',
    }),
  )
}

export async function submissionBody(request: Request): Promise<Record<string, unknown>> {
  return JSON.parse(request.postData() ?? 'null')
}

/** The application row the API stored, read straight from the e2e server's SQLite file. */
export function storedApplication(
  key: string,
): { status: string; brand: string; payload: unknown } | undefined {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set')
  const db = new Database(join(dataDir, 'forecourt.sqlite'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    const row = db
      .prepare('select status, brand, payload from applications where application_key = ?')
      .get(key) as { status: string; brand: string; payload: string } | undefined
    return row && { ...row, payload: JSON.parse(row.payload) }
  } finally {
    db.close()
  }
}

export function countApplications(key: string): number {
  const dataDir = process.env.E2E_DATA_DIR!
  const db = new Database(join(dataDir, 'forecourt.sqlite'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    return (
      db.prepare('select count(*) as n from applications where application_key = ?').get(key) as {
        n: number
      }
    ).n
  } finally {
    db.close()
  }
}
