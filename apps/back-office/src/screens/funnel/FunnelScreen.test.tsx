import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import type { Funnel } from '#lib/types'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { share } from './FunnelScreen'

const FUNNEL: Funnel = {
  from: '2026-10-30',
  to: '2026-11-28',
  brand: null,
  source: null,
  campaign: null,
  steps: [
    {
      step: 'looking-to-buy',
      title: 'Have you found a vehicle?',
      viewed: 3,
      completed: 2,
      dropOff: 1,
      errors: 1,
    },
    {
      step: 'deposit',
      title: 'Will you be paying a deposit?',
      viewed: 2,
      completed: 2,
      dropOff: 0,
      errors: 0,
    },
    {
      step: 'marital-status',
      title: 'What is your marital status?',
      viewed: 0,
      completed: 0,
      dropOff: 0,
      errors: 0,
    },
  ],
  topErrors: [
    {
      step: 'looking-to-buy',
      title: 'Have you found a vehicle?',
      messageKey: 'choice.required',
      message: 'Please choose an answer.',
      count: 1,
      per100Viewers: 33.3,
    },
  ],
  conversion: { started: 3, submitted: 1, offers: 1, paidOut: 0 },
  bySource: [
    { source: 'facebook', started: 1, submitted: 0, offers: 0, paidOut: 0 },
    { source: 'google', started: 2, submitted: 1, offers: 1, paidOut: 0 },
  ],
  sources: ['facebook', 'google'],
  campaigns: ['winter-sale'],
}

test('shares read as people read them', () => {
  expect(share(1, 3)).toBe('33.3%')
  expect(share(0, 0)).toBe('–')
  expect(share(2, 2)).toBe('100%')
})

test('the funnel: the questions people saw in journey order, the errors, the sources; charts with their tables; axe passes', async () => {
  const api = fakeApi({ 'GET /funnel': [200, FUNNEL] })
  renderApp('/funnel', sessionFor('analyst'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Funnel' }, LAZY)).toBeVisible()
  await waitFor(() => expect(document.title).toBe('Funnel – Forecourt back office'))
  const steps = await screen.findByRole('table', { name: 'People at each question' })
  expect(
    within(steps)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual(['Have you found a vehicle?32133.3%1', 'Will you be paying a deposit?2200%0'])
  expect(
    screen.getByRole('img', { name: /^People who saw and answered each question/ }),
  ).toBeVisible()
  const errors = screen.getByRole('table', { name: /five messages shown most often/ })
  expect(within(errors).getAllByRole('row')[1]).toHaveTextContent(
    'Have you found a vehicle?Please choose an answer.133.3',
  )
  const sources = screen.getByRole('table', { name: 'Conversion by source' })
  expect(within(sources).getAllByRole('row')[2]).toHaveTextContent('google211050%')
  expect(screen.getByRole('table', { name: 'Conversion' })).toHaveTextContent(
    '31 (33.3% of started)1 (100% of submitted)0 (0% of offers)',
  )
  // The analyst's navigation has the funnel only: no application is theirs to read.
  const nav = screen.getByRole('navigation', { name: 'Back office' })
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Funnel'])
  expect(screen.getByLabelText('From')).toHaveValue('2026-10-30')
  expect(api.sent.map((request) => request.path)).toEqual(['/funnel'])
  await expectNoAxeViolations()
})

test('the filter is checked, then sent with the source; each table exports as CSV', async () => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:funnel'), revokeObjectURL: vi.fn() }),
  )
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  const api = fakeApi({
    'GET /funnel': [200, FUNNEL],
    'POST /funnel/export': [
      200,
      'source,started\r\n',
      {
        'content-disposition': 'attachment; filename="funnel-sources-2026-11-01-to-2026-11-28.csv"',
      },
    ],
  })
  renderApp('/funnel', sessionFor('admin'))
  const from = await screen.findByLabelText('From', {}, LAZY)
  await waitFor(() => expect(from).toHaveValue('2026-10-30'))
  const to = screen.getByLabelText('To')
  await userEvent.clear(to)
  await userEvent.type(to, '2026-10-01')
  await userEvent.click(screen.getByRole('button', { name: 'Show the funnel' }))
  expect(
    await screen.findByRole('link', {
      name: 'The last day must be the same as or after the first',
    }),
  ).toHaveAttribute('href', '#days-to')
  await userEvent.clear(to)
  await userEvent.type(to, '2026-11-28')
  await userEvent.clear(from)
  await userEvent.type(from, '2026-11-01')
  await userEvent.selectOptions(screen.getByLabelText('Source'), 'google')
  await userEvent.click(screen.getByRole('button', { name: 'Show the funnel' }))
  await waitFor(() => expect(api.to('GET /funnel')).toHaveLength(2))
  expect(api.to('GET /funnel')[1]?.path).toBe('/funnel?from=2026-11-01&to=2026-11-28&source=google')
  await userEvent.click(screen.getByRole('button', { name: 'Export the sources as CSV' }))
  expect(
    await screen.findByText('The table was saved as funnel-sources-2026-11-01-to-2026-11-28.csv.'),
  ).toBeVisible()
  expect(api.to('POST /funnel/export')[0]?.body).toEqual({
    from: '2026-11-01',
    to: '2026-11-28',
    source: 'google',
    table: 'sources',
  })
})

test('an analyst who opens the applications is taken to the funnel', async () => {
  fakeApi({ 'GET /funnel': [200, FUNNEL] })
  renderApp('/applications', sessionFor('analyst'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Funnel' }, LAZY)).toBeVisible()
})
