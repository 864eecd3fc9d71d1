import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const REQUEST = {
  applicationKey: KEY,
  reference: 'FC-NN07-T1T4-R4TB',
  brand: 'carfinance',
  brandName: 'Car Finance Direct',
  name: 'Jane Smith',
  requestedAt: '2026-11-26T09:10:00.000Z',
  answers: [],
}

test('the requests waiting for an answer, each leading to its application’s evidence; axe passes', async () => {
  const api = fakeApi({
    'GET /commission-requests': (request) => [
      200,
      {
        requests: request.path.endsWith('state=all')
          ? [
              {
                ...REQUEST,
                answers: [
                  {
                    at: '2026-11-26T10:00:00.000Z',
                    by: 'cath@broker.example',
                    lenderId: 'acme-lending',
                    kind: 'percentage',
                    value: 3.5,
                  },
                ],
              },
            ]
          : [REQUEST],
      },
    ],
  })
  renderApp('/commission-requests', sessionFor('caseworker'))
  const table = await screen.findByRole(
    'table',
    { name: 'Requests waiting for an answer, newest first' },
    LAZY,
  )
  const row = within(table).getAllByRole('row')[1]!
  expect(row).toHaveTextContent('Car Finance DirectJane Smith26 November 2026 at 9:10amNone yet')
  expect(
    within(row).getByRole('link', { name: 'FC-NN07-T1T4-R4TB: answer on its evidence' }),
  ).toHaveAttribute('href', `/applications/${KEY}/evidence`)
  await waitFor(() => expect(document.title).toBe('Commission requests – Forecourt back office'))
  await expectNoAxeViolations()
  await userEvent.click(screen.getByRole('radio', { name: 'All requests' }))
  expect(
    await screen.findByText('acme-lending: 3.5% of the amount borrowed (cath@broker.example)'),
  ).toBeVisible()
  expect(api.sent.map((request) => request.path)).toEqual([
    '/commission-requests?state=open',
    '/commission-requests?state=all',
  ])
})
