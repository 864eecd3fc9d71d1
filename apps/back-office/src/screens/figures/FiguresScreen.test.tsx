import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import type { CohortFigures, Figures } from '#lib/types'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { formatMinutes, monthName } from './FiguresScreen'

function cohort(submitted: number, approved: number, declined: number): CohortFigures {
  return {
    submitted,
    decided: approved + declined,
    approved,
    declined,
    paidOut: 0,
    timeToFirstDecision: { count: approved + declined, medianMinutes: 95, p90Minutes: 3000 },
  }
}

const FIGURES: Figures = {
  from: '2025-12',
  to: '2026-11',
  brand: null,
  months: [
    {
      brand: 'carfinance',
      brandName: 'Car Finance Direct',
      month: '2026-11',
      started: 5,
      ...cohort(3, 2, 1),
      byVulnerability: { flagged: cohort(1, 1, 0), notFlagged: cohort(2, 1, 1) },
    },
  ],
  lenders: [
    {
      brand: 'carfinance',
      brandName: 'Car Finance Direct',
      month: '2026-11',
      lenderId: 'acme-lending',
      decided: 3,
      approved: 2,
      declined: 1,
      approvalRate: 0.6667,
      paidOut: 1,
      commission: 262.5,
    },
  ],
}

test('months and waits read as people read them', () => {
  expect(monthName('2026-11')).toBe('Nov 2026')
  expect(formatMinutes(null)).toBe('–')
  expect(formatMinutes(44.6)).toBe('45 min')
  expect(formatMinutes(95)).toBe('1 h 35 min')
  expect(formatMinutes(3000)).toBe('2 days 2 h')
})

test('the figures: each chart an image with its title, each followed by its table; axe passes', async () => {
  const api = fakeApi({ 'GET /figures': [200, FIGURES] })
  renderApp('/figures', sessionFor('admin'))
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Outcome figures' }, LAZY),
  ).toBeVisible()
  await waitFor(() => expect(document.title).toBe('Outcome figures – Forecourt back office'))
  expect(await screen.findByRole('heading', { level: 2, name: 'Car Finance Direct' })).toBeVisible()
  expect(
    screen.getAllByRole('img').map((image) => image.getAttribute('aria-labelledby')),
  ).toHaveLength(3)
  expect(
    screen.getByRole('img', { name: /^Applications per month, Car Finance Direct/ }),
  ).toBeVisible()
  const months = screen.getByRole('table', { name: 'Applications per month, Car Finance Direct' })
  expect(within(months).getAllByRole('row')[1]).toHaveTextContent(
    // Started 5, submitted 3, decided 3, approved 2, declined 1, paid out 0, then the two waits.
    'Nov 2026533210' + '1 h 35 min' + '2 days 2 h',
  )
  const support = screen.getByRole('table', {
    name: 'Outcomes by the vulnerability flag, Car Finance Direct',
  })
  expect(
    within(support)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual([
    'Nov 2026Flagged for support11100100%1 h 35 min',
    'Nov 2026Not flagged2211050%1 h 35 min',
  ])
  const lenders = screen.getByRole('table', {
    name: 'Approval rate, payouts and commission per lender and month, Car Finance Direct',
  })
  expect(within(lenders).getAllByRole('row')[1]).toHaveTextContent(
    'Nov 2026acme-lending32166.7%1£262.50',
  )
  // The form shows the range the server chose.
  expect(screen.getByLabelText('From')).toHaveValue('2025-12')
  expect(api.sent.map((request) => request.path)).toEqual(['/figures'])
  await expectNoAxeViolations()
})

test('a range is checked before it is asked for; the export posts the filter and the table', async () => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:figures'), revokeObjectURL: vi.fn() }),
  )
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  const api = fakeApi({
    'GET /figures': [200, FIGURES],
    'POST /figures/export': [
      200,
      'brand,month,lender\r\n',
      { 'content-disposition': 'attachment; filename="outcome-lenders-2026-01-to-2026-11.csv"' },
    ],
  })
  renderApp('/figures', sessionFor('admin'))
  const from = await screen.findByLabelText('From', {}, LAZY)
  await waitFor(() => expect(from).toHaveValue('2025-12'))
  const to = screen.getByLabelText('To')
  await userEvent.clear(to)
  await userEvent.type(to, '2025-01')
  await userEvent.click(screen.getByRole('button', { name: 'Show figures' }))
  expect(
    await screen.findByRole('link', {
      name: 'The last month must be the same as or after the first',
    }),
  ).toHaveAttribute('href', '#to')
  await userEvent.clear(to)
  await userEvent.type(to, '2026-11')
  await userEvent.clear(from)
  await userEvent.type(from, '2026-01')
  await userEvent.click(screen.getByRole('button', { name: 'Show figures' }))
  await waitFor(() => expect(api.to('GET /figures')).toHaveLength(2))
  expect(api.to('GET /figures')[1]?.path).toBe('/figures?from=2026-01&to=2026-11')
  await userEvent.click(screen.getByRole('button', { name: 'Export the lenders’ figures as CSV' }))
  expect(
    await screen.findByText('The figures were saved as outcome-lenders-2026-01-to-2026-11.csv.'),
  ).toBeVisible()
  expect(click).toHaveBeenCalledTimes(1)
  expect(api.to('POST /figures/export')[0]?.body).toEqual({
    from: '2026-01',
    to: '2026-11',
    table: 'lenders',
  })
})

test('a caseworker has no Figures link', async () => {
  fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }] })
  renderApp('/applications', sessionFor('caseworker'))
  const nav = await screen.findByRole('navigation', { name: 'Back office' }, LAZY)
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Applications', 'Pipeline', 'Commission requests'])
})
