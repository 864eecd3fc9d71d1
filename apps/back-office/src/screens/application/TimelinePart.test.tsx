import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { detail, KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const DETAIL = `GET /applications/${KEY}`

test('a lender’s decision on the timeline: who, what, when, its reference, note and the offer with the commission', async () => {
  fakeApi({
    [DETAIL]: [
      200,
      detail((d) => {
        d.timeline.unshift(
          {
            at: '2026-11-26T10:00:01.000Z',
            type: 'email',
            text: 'Decision update sent to the applicant',
            by: null,
          },
          {
            at: '2026-11-26T10:00:00.000Z',
            type: 'decision',
            text: 'Approved by acme-lending',
            by: 'acme-lending (lender)',
            decision: {
              id: 'ldc_1',
              lenderId: 'acme-lending',
              decision: 'approved',
              lenderReference: 'ACME-778812',
              decidedAt: '2026-11-24T10:15:00.000Z',
              receivedAt: '2026-11-26T10:00:00.000Z',
              offer: {
                amount: 7500,
                termMonths: 48,
                apr: 21.4,
                monthlyPayment: 246.15,
                commission: { kind: 'percentage', value: 3.5 },
              },
              message: 'Proof of income needed before payout',
              current: true,
            },
          },
        )
      }),
    ],
  })
  renderApp(`/applications/${KEY}/timeline`, sessionFor('viewer'))
  const heading = await screen.findByRole('heading', { name: 'Approved by acme-lending' }, LAZY)
  const entry = heading.closest('li')!
  expect(within(entry).getByText('by acme-lending (lender)')).toBeVisible()
  expect(
    within(entry)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Lender’s reference ACME-778812, decided 24 November 2026 at 10:15am',
    'Offer: £7,500.00 over 48 months at 21.4% APR, £246.15 a month. Commission to the broker: 3.5% of the amount borrowed.',
    'Lender’s note: Proof of income needed before payout',
  ])
  expect(
    screen.getByRole('heading', { name: 'Decision update sent to the applicant' }),
  ).toBeVisible()
  await expectNoAxeViolations()
})

test('a refused submission kept for attention: why, on the answers, with a badge in the identity bar', async () => {
  fakeApi({
    [DETAIL]: [
      200,
      detail((d) => {
        d.application.kind = 'refused'
        d.application.needsAttention = ['refused']
        d.application.submittedAt = null
        d.needsAttention = [
          {
            id: 'att_1',
            reason: 'refused',
            statusCode: 400,
            createdAt: '2026-11-26T09:05:00.000Z',
            errors: [
              {
                field: 'email',
                message: 'Please try again. That email address doesn’t look right.',
              },
            ],
            answers: d.answers,
          },
        ]
      }),
    ],
  })
  renderApp(`/applications/${KEY}`, sessionFor('viewer'))
  const bar = await screen.findByRole('region', { name: 'Whose application this is' }, LAZY)
  expect(within(bar).getAllByRole('listitem')[2]).toHaveTextContent(
    'Status: New Refused Needs attention',
  )
  const attention = screen.getByRole('region', { name: 'Needs attention' })
  expect(
    within(attention).getByRole('heading', { level: 3, name: /^Refused submission, 26 November/ }),
  ).toBeVisible()
  expect(within(attention).getByRole('listitem')).toHaveTextContent(
    'email: Please try again. That email address doesn’t look right.',
  )
  expect(
    screen.getByText(
      'Nothing was stored under this reference: these are the answers of the refused submission.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations()
})
