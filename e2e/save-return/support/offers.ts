// What the journeys of the applicant's own page share (decision 2113): an application submitted on milebroker
// (two lenders), the one-time link its confirmation email carries, and the lenders' decisions signed as a
// lender signs them (Standard Webhooks, the destination's secret).
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { csrfToken, submitState } from '../../support/api'
import { apiRequest } from '../../support/brands'
import { inbox, LENDER_SECRET, type InboxMessage } from './server-env'
import { emailTo, enterDateOfBirth } from './links'

/**
 * A complete application submitted on milebroker through the API, as the browser that started it sends
 * it; answers its key, its reference and the one-time link of its confirmation email.
 */
export async function submitAndReadStatusLink(
  request: APIRequestContext,
  email: string,
): Promise<{
  key: string
  reference: string
  link: { url: string; token: string }
  /** The messages in the inbox once the confirmation has come. */
  seen: number
}> {
  const before = (await inbox()).length
  const state = filledState()
  state.form.email = email
  const { key, reference } = await submitState(request, 'milebroker', state)
  const confirmation = await emailTo(email, before, 'We have received your application')
  expect(confirmation.subject).toBe(`We have received your application (${reference})`)
  return {
    key,
    reference,
    link: statusLinkIn(confirmation),
    seen: (await inbox()).length,
  }
}

const STATUS_LINK = /(http:\/\/[a-z.]+:\d+\/application-status\/([A-Za-z0-9_-]{43}))/

export function statusLinkIn(message: InboxMessage): { url: string; token: string } {
  const match = STATUS_LINK.exec(message.text)
  if (!match) throw new Error(`No link to the applicant's page in the email:\n${message.text}`)
  return { url: match[1]!, token: match[2]! }
}

/**
 * The one link that still works once `updates` decision updates to `address` have come after the first
 * `after` messages of the inbox: each email carries a new link and stops the one before (decision 2113), so
 * of the confirmation's and the updates' links exactly one opens (the emails may arrive in any order).
 */
export async function newestStatusLink(
  request: APIRequestContext,
  address: string,
  after: number,
  updates: number,
): Promise<{ url: string; token: string }> {
  let found: InboxMessage[] = []
  await expect
    .poll(async () => {
      found = (await inbox())
        .slice(after)
        .filter(
          (message) =>
            message.to.includes(address) &&
            message.subject.startsWith('An update on your application'),
        )
      return found.length
    })
    .toBe(updates)
  const open = apiRequest('milebroker', '/api/application-status/open')
  const working = []
  for (const message of found) {
    const link = statusLinkIn(message)
    const answer = await request.post(open.url, {
      headers: { ...open.headers, 'x-csrf-token': await csrfToken(request, 'milebroker') },
      data: { token: link.token },
    })
    expect([200, 410]).toContain(answer.status())
    if (answer.status() === 200) working.push(link)
  }
  expect(working).toHaveLength(1)
  return working[0]!
}

/** `lenderId`'s decision on milebroker, signed with its destination's secret; the server takes it (202). */
export async function lenderDecides(
  request: APIRequestContext,
  lenderId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const text = JSON.stringify(body)
  const id = `msg_${randomUUID()}`
  const at = new Date()
  const decision = apiRequest('milebroker', `/api/lender-decisions/${lenderId}`)
  const answer = await request.post(decision.url, {
    headers: {
      ...decision.headers,
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(LENDER_SECRET()).sign(id, at, text),
    },
    data: text,
  })
  expect(answer.status(), await answer.text()).toBe(202)
}

/** Now as a lender writes it: ISO 8601, to the second. */
export const decidedNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The figures of the open offer (fake-lender's) and of the expired one (second-lender's). */
export const OPEN_OFFER = {
  amount: 7500,
  termMonths: 48,
  apr: 21.4,
  monthlyPayment: 246.15,
  // 48 × £246.15 = £11,815.20, and a £10 fee: £11,825.20, which less the £7,500 is £4,325.20.
  totalPayable: 11825.2,
  totalCostOfCredit: 4325.2,
  commission: { kind: 'percentage', value: 3.5 },
}

export const EXPIRED_OFFER = {
  amount: 8000,
  termMonths: 36,
  apr: 19.9,
  monthlyPayment: 290,
  // 36 × £290 = £10,440.00, which less the £8,000 is £2,440.00.
  totalPayable: 10440,
  totalCostOfCredit: 2440,
  commission: { kind: 'amount', value: 250 },
}

/** The two lenders answer `key`: fake-lender's offer open until `expiresAt`, second-lender's expired. */
export async function twoOffers(
  request: APIRequestContext,
  key: string,
  expiresAt: string,
): Promise<void> {
  await lenderDecides(request, 'fake-lender', {
    submissionKey: key,
    decision: 'approved',
    lenderReference: `FAKE-${Date.now()}`,
    decidedAt: decidedNow(),
    offer: { ...OPEN_OFFER, expiresAt },
  })
  await lenderDecides(request, 'second-lender', {
    submissionKey: key,
    decision: 'approved',
    lenderReference: `SECOND-${Date.now()}`,
    decidedAt: decidedNow(),
    offer: {
      ...EXPIRED_OFFER,
      expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    },
  })
}

/** The link opened in the browser and the date of birth of `filledState` (7 March 1985) given. */
export async function openStatusPage(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Enter your date of birth to see your application',
    }),
  ).toBeVisible()
  await enterDateOfBirth(page, '7', '3', '1985')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your application', exact: true }),
  ).toBeVisible()
}
