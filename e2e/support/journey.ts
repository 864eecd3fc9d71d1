// Helpers that walk the journey as a person would: by the labels and buttons on screen.
import Database from 'better-sqlite3'
import { expect, type Page, type Request } from '@playwright/test'
import { join } from 'node:path'
import { expectNoAxeViolations } from './axe'

const auditedPages = new WeakSet<Page>()

/** Every later `step` on this page runs the axe checks (empty and error state) unless told otherwise. */
export function auditEveryStep(page: Page): void {
  auditedPages.add(page)
}

export interface StepOptions {
  /** Check the empty screen and, when Continue with nothing entered fails, the error state with axe. */
  audit?: boolean
  /** Continue with nothing entered is expected to show the error summary first. */
  emptyFails?: boolean
}

/**
 * On the screen at `path`: the heading has focus, the page does not scroll sideways, (optionally) axe
 * passes empty and after a failed Continue; then `fill` answers and Continue moves on.
 */
export async function step(
  page: Page,
  path: string | RegExp,
  fill: () => Promise<void>,
  { audit = auditedPages.has(page), emptyFails = true }: StepOptions = {},
): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}$`) : path)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
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
  // Answers are committed after a short debounce (years/months 100 ms, §4): let the screen settle,
  // as a person's pause before pressing Continue would, so the button is where the pointer aims.
  await page.waitForTimeout(250)
  if (audit && emptyFails) {
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeHidden()
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

/** Stops the thank-you redirect at a page of our own, since the brands' sites are not on this machine. */
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
