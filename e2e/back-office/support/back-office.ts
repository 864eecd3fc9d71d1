// Helpers of the back-office journey: operators made by the operators command, one-time
// codes computed as an authenticator app would, and the checks every page gets.
import { expect, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import * as OTPAuth from 'otpauth'
import { expectNoAxeViolations } from '../../support/axe'
import { BACK_OFFICE_ENV, FAKE_LENDER } from './server-env'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * Adds an operator with the real command, `npm run operators -- add …`, and answers the one-time
 * enrolment address it prints on a line of its own. `serverEnv`: the environment of the server the
 * journey runs against (the save-and-return journeys' server serves the back office too).
 */
export function addOperator(
  email: string,
  role: 'admin' | 'caseworker' | 'viewer' | 'analyst',
  serverEnv: Record<string, string> = BACK_OFFICE_ENV(),
): string {
  const run = spawnSync(
    'npm',
    ['run', '--silent', 'operators', '--', 'add', email, '--role', role, '--brands', 'all'],
    { cwd: ROOT, env: { ...process.env, ...serverEnv }, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(0)
  const address = run.stdout.split('\n').find((line) => /^http\S*\/enrol#\S+$/.test(line))
  expect(address, run.stdout).toBeTruthy()
  return address!
}

/**
 * The authenticator app's view of a setup key. The server accepts the code of the current 30-second
 * step and of the one before it, each step once per operator and only later than the last one it
 * took: so the first code can be the previous step's and the next the current step's, and a journey
 * waits for a new step only when it has used both.
 */
export function authenticator(setupKey: string) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(setupKey.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  })
  const STEP_MS = 30_000
  // A previous step's code is used only with this long left in the current step, so it is still
  // the previous step when the server checks it.
  const MARGIN_MS = 8_000
  let lastClaimed = -Infinity
  const codeOf = (step: number) => totp.generate({ timestamp: step * STEP_MS })
  return {
    /** A code the server will take (and then never take again for this operator). */
    async code(): Promise<string> {
      for (;;) {
        const now = Date.now()
        const current = Math.floor(now / STEP_MS)
        const left = STEP_MS - (now % STEP_MS)
        const earliest = left >= MARGIN_MS ? current - 1 : current
        const step = Math.max(lastClaimed + 1, earliest)
        if (step <= current) {
          lastClaimed = step
          return codeOf(step)
        }
        await new Promise((resolve) => setTimeout(resolve, left + 250))
      }
    },
    /** A right code the server is not meant to claim: for an attempt that fails on the password. */
    unclaimedCode(): string {
      return codeOf(Math.floor(Date.now() / STEP_MS))
    },
  }
}

/**
 * Every page: its title, its heading (focused when reached inside the app), no sideways scrolling,
 * and no axe violation.
 */
export async function checkPage(
  page: Page,
  title: string,
  { focused = true }: { focused?: boolean } = {},
): Promise<void> {
  await expect(page).toHaveTitle(title)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeVisible()
  if (focused) await expect(heading).toBeFocused()
  await expectNoHorizontalScroll(page)
  await expectNoAxeViolations(page)
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(innerWidth)
}

export interface Received {
  webhookId: string
  idempotencyKey: string
  attempt: number
  type: string
  answered: number
}

export async function lenderReceived(): Promise<Received[]> {
  return (await fetch(`${FAKE_LENDER}/received`)).json() as Promise<Received[]>
}

export async function lenderAccepts(): Promise<void> {
  const response = await fetch(`${FAKE_LENDER}/accept`, { method: 'POST' })
  expect(response.status).toBe(200)
}
