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
 * enrolment address it prints on a line of its own.
 */
export function addOperator(email: string, role: 'admin' | 'caseworker' | 'viewer'): string {
  const run = spawnSync(
    'npm',
    ['run', '--silent', 'operators', '--', 'add', email, '--role', role, '--brands', 'all'],
    { cwd: ROOT, env: { ...process.env, ...BACK_OFFICE_ENV() }, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(0)
  const address = run.stdout.split('\n').find((line) => /^http\S*\/enrol#\S+$/.test(line))
  expect(address, run.stdout).toBeTruthy()
  return address!
}

/** The authenticator app's view of a setup key. */
export function authenticator(setupKey: string) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(setupKey.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  })
  const used = new Set<string>()
  return {
    /** A code the server has not seen yet: each code is accepted once, so wait for the next step if need be. */
    async freshCode(): Promise<string> {
      for (;;) {
        const code = totp.generate()
        if (!used.has(code)) {
          used.add(code)
          return code
        }
        await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 250))
      }
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
