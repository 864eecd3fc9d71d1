// Network faults on the browser's submission request, shared by `faults:network`
// (apps/server/faults/network-faults.ts) and its fast check in npm test (e2e/faults). Each
// application gets its own browser context, so the faults of one never touch another's requests.
// Playwright types only: this module loads under both Playwright's library and its test runner.

import type { BrowserContext, Request, Route } from 'playwright-core'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { filledJointState, filledState } from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'

/** The flags every Chromium run here starts with (the same as e2e/playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The key the web app keeps its state under in sessionStorage (apps/web/src/lib/session-store.ts). */
export const STORAGE_KEY = 'forecourt.application'

/**
 * What happens to the first attempts of a submission:
 * - abort: the connection fails (reset, refused or failed) before any answer;
 * - hang: no answer ever comes, until the browser gives the request up;
 * - status-503 / status-500: the server (or a proxy) answers with an error;
 * - response-lost: the server gets the request and stores it, but the answer never reaches the
 *   page, which must send it again and be answered as a replay;
 * - navigation: the request is still on its way when the page leaves for the thank-you address,
 *   and must get there all the same (`keepalive`); every later attempt fails, so only a request
 *   that survived the navigation can deliver the application.
 */
export const FAULT_KINDS = [
  'abort',
  'hang',
  'status-503',
  'status-500',
  'response-lost',
  'navigation',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface FaultPlan {
  kind: FaultKind
  /** How many attempts in a row get the fault before the requests go through (navigation: 1). */
  failures: number
}

const ABORT_ERRORS = ['connectionreset', 'connectionrefused', 'failed'] as const

/** The brands in turn; the thank-you address of each is where its applicants must end up. */
export const BRAND_IDS: readonly BrandId[] = [
  'carfinance',
  'harbourlend',
  'milebroker',
  'scorepal',
  'creditlens',
]

// Ten by ten: a hundred applicants, no two with the same name.
export const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Margaret',
  'Tony',
]
export const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Backus',
  'Hamilton',
  'Hoare',
]

export interface PlannedApplication {
  index: number
  brand: BrandId
  joint: boolean
  guid: string
  firstName: string
  lastName: string
  email: string
  plan: FaultPlan
  /** The state to put in sessionStorage: every answer given, the terms not yet ticked. */
  state: ApplicationState
}

/**
 * The faults for application `index`: the kinds in turn, each repeated on one, two or three
 * attempts in a row in turn; once for a hung attempt (the page gives it up only when it leaves)
 * and for one held over the navigation.
 */
export function faultPlan(index: number): FaultPlan {
  const kind = FAULT_KINDS[index % FAULT_KINDS.length] ?? 'abort'
  const round = Math.floor(index / FAULT_KINDS.length)
  const repeats = kind === 'hang' || kind === 'navigation' ? 1 : 1 + (round % 3)
  return { kind, failures: repeats }
}

/**
 * A distinct, complete application: its own GUID, name and email; a brand in turn; every tenth on
 * Harbour Lending a joint one secured on a property.
 */
export function plannedApplication(
  index: number,
  guid: string,
  plan: FaultPlan = faultPlan(index),
): PlannedApplication {
  const brand: BrandId = BRAND_IDS[index % BRAND_IDS.length] ?? 'carfinance'
  const joint = brand === 'harbourlend' && index % 10 === 1
  const state = joint ? filledJointState() : filledState()
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Ada'
  const lastName =
    LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Lovelace'
  const email = `applicant.${index + 1}.${guid.slice(0, 8)}@example.com`
  Object.assign(state, { GUID: guid, applicationKey: guid })
  state.affiliateConfig = { brandId: brand, affiliateKey: brands[brand].affiliateKey }
  Object.assign(state.form, { firstName, lastName, email })
  // No vehicle on screen, as in e2e/journeys/submission-failure.spec.ts: start-up looks the stock
  // id up, and the demo stock does not have it.
  state.form.vehicle.vrm = ''
  state.form.isAgreedTermsAndConditions = false
  return { index, brand, joint, guid, firstName, lastName, email, plan, state }
}

/**
 * Puts the application into the context's sessionStorage before the app's own scripts run, once per
 * tab, so the applicant opens /before-you-submit with every answer given.
 */
export async function seedApplication(context: BrowserContext, state: ApplicationState) {
  const saved = JSON.stringify(JSON.stringify(state))
  await context.addInitScript({
    content: `if (!sessionStorage.getItem('faults-seeded')) {
  sessionStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${saved});
  sessionStorage.setItem('faults-seeded', '1');
}`,
  })
}

/** The brands' thank-you sites are not on this machine: a page of our own stands in for them. */
export async function stubThankYouPages(context: BrowserContext) {
  await context.route(/^https:\/\/www\.[a-z]+\.example\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Thank you</title><h1>Thank you</h1>',
    }),
  )
}

/** What the page sent, attempt by attempt, and what became of each attempt. */
export interface AttemptRecord {
  /** When the request reached the interception (ms since the epoch). */
  sentAt: number
  body: string
  outcome: 'faulted' | 'passed' | 'held-then-passed' | 'dropped-after-navigation'
}

export interface SubmissionFaults {
  attempts: AttemptRecord[]
  /** Call once the page has left for the thank-you address: held requests then go on. */
  pageLeft: () => void
  /** What went wrong in the interception itself (not the product): a failed check. */
  handlerErrors: string[]
}

/**
 * Routes the submission requests of `context` through `plan`: the first `failures` attempts get
 * the fault, the rest go to the server untouched (for `navigation`: the first waits until the page
 * has left, then goes on, and every later one fails).
 */
export async function installSubmissionFaults(
  context: BrowserContext,
  plan: FaultPlan,
  index = 0,
): Promise<SubmissionFaults> {
  const attempts: AttemptRecord[] = []
  let left: () => void = () => {}
  const hasLeft = new Promise<void>((resolve) => (left = resolve))
  const handlerErrors: string[] = []

  const record = (request: Request, outcome: AttemptRecord['outcome']) => {
    const entry: AttemptRecord = {
      sentAt: Date.now(),
      body: request.postData() ?? '',
      outcome,
    }
    attempts.push(entry)
    return entry
  }

  await context.route('**/api/submission/**', (route) =>
    handle(route).catch((error: unknown) => {
      // The interception's own failure: reported with the application, never left unhandled.
      handlerErrors.push(error instanceof Error ? error.message : String(error))
    }),
  )

  async function handle(route: Route): Promise<void> {
    const request = route.request()
    if (request.method() !== 'POST') return route.continue()
    const number = attempts.length + 1
    if (plan.kind === 'navigation') {
      if (number > 1) {
        record(request, 'faulted')
        return route.abort('connectionreset')
      }
      const entry = record(request, 'held-then-passed')
      await hasLeft
      return route.continue().catch(() => void (entry.outcome = 'dropped-after-navigation'))
    }
    if (number > plan.failures) {
      record(request, 'passed')
      return route.continue()
    }
    record(request, 'faulted')
    switch (plan.kind) {
      case 'abort':
        return route.abort(ABORT_ERRORS[(index + number) % ABORT_ERRORS.length])
      case 'hang':
        // Never settled: the request stays open until the page gives it up or the tab closes.
        return
      case 'status-503':
        return route.fulfill({
          status: 503,
          headers: { 'retry-after': '1' },
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Service unavailable' }),
        })
      case 'status-500':
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal Server Error' }),
        })
      case 'response-lost': {
        // The server gets it and stores it; the page never hears back. Sent from Node, which does
        // not resolve *.localhost: to the loopback address, with the brand in the Host header.
        const url = new URL(request.url())
        const host = url.host
        url.hostname = '127.0.0.1'
        const response = await route.fetch({
          url: url.toString(),
          headers: { ...(await request.allHeaders()), host },
          maxRedirects: 0,
        })
        if (!response.ok()) {
          handlerErrors.push(`the request let through to the server got ${response.status()}`)
        }
        return route.abort('connectionreset')
      }
    }
  }

  return {
    attempts,
    pageLeft: () => left(),
    handlerErrors,
  }
}
