import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { listed, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const PAGE_1 = {
  items: [
    listed(),
    listed({
      applicationKey: 'b2',
      reference: 'FC-AB12-CD34',
      kind: 'partial',
      name: null,
      brokerStatus: 'contacted',
      lenders: [],
      submittedAt: null,
      updatedAt: '2026-07-01T12:05:00.000Z',
    }),
  ],
  nextCursor: 'cursor-2',
}

test('the list: caption, status as text, lender decisions, London times; axe passes', async () => {
  const api = fakeApi({ 'GET /applications': [200, PAGE_1] })
  renderApp('/applications', sessionFor('viewer'))
  const table = await screen.findByRole(
    'table',
    { name: /Applications, most recent activity first/ },
    LAZY,
  )
  const rows = within(table).getAllByRole('row').slice(1)
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    [
      'Car Finance Direct',
      'Jane Smith',
      'New',
      'acme-lending: Failed',
      '26 November 2026 at 9:05am',
    ],
    [
      'Car Finance Direct',
      'No name given',
      'ContactedPartial (lead)',
      'None',
      'Not submitted (last saved 1 July 2026 at 1:05pm)',
    ],
  ])
  expect(within(rows[0]!).getByRole('link', { name: 'FC-NN07-T1T4' })).toHaveAttribute(
    'href',
    '/applications/3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b',
  )
  expect(api.sent.map((request) => request.path)).toEqual(['/applications'])
  // A viewer cannot export.
  expect(screen.queryByRole('button', { name: 'Export this list as CSV' })).toBeNull()
  await expectNoAxeViolations()
})

test('an empty list says so, and axe passes', async () => {
  fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }] })
  renderApp('/applications', sessionFor('viewer'))
  expect(await screen.findByText('No applications match.', {}, LAZY)).toBeVisible()
  expect(screen.queryByRole('table')).toBeNull()
  expect(screen.queryByRole('navigation', { name: 'Pages of applications' })).toBeNull()
  await expectNoAxeViolations()
})

test('a search is sent in a POST body, never in the address', async () => {
  const api = fakeApi({
    'GET /applications': [200, PAGE_1],
    'POST /applications/search': [
      200,
      { items: [listed()], nextCursor: null, searchedBy: 'phone' },
    ],
  })
  const { location } = renderApp('/applications', sessionFor('caseworker'))
  await screen.findByRole('table', {}, LAZY)
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '07700 900123')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  expect(
    await screen.findByText('1 application on this page, found by phone number.'),
  ).toBeVisible()
  expect(api.to('POST /applications/search')[0]?.body).toEqual({ query: '07700 900123' })
  expect(api.sent.every((request) => !request.path.includes('07700'))).toBe(true)
  expect(location.history.every((path) => !path.includes('07700'))).toBe(true)
  expect(screen.getByRole('heading', { name: 'Search results' })).toBeVisible()
})

test('a search of several words says which kinds of term found the applications, and the box says what it takes', async () => {
  const api = fakeApi({
    'GET /applications': [200, PAGE_1],
    'POST /applications/search': [
      200,
      { items: [listed()], nextCursor: null, searchedBy: 'name,email,postcode' },
    ],
  })
  renderApp('/applications', sessionFor('caseworker'))
  await screen.findByRole('table', {}, LAZY)
  const box = screen.getByRole('searchbox', { name: 'Search' })
  expect(box).toHaveAccessibleDescription(
    'Reference (or its start, such as FC-7K2M), email address, phone number, postcode or name. Several words find the applications that have them all.',
  )
  await userEvent.type(box, 'okafor ada@example.com LS63AH')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  expect(
    await screen.findByText(
      '1 application on this page, found by name, email address and postcode.',
    ),
  ).toBeVisible()
  expect(api.to('POST /applications/search')[0]?.body).toEqual({
    query: 'okafor ada@example.com LS63AH',
  })
  await expectNoAxeViolations()
})

test('filters apply together, show as removable tags, and a tag removes its filter', async () => {
  const api = fakeApi({ 'GET /applications': [200, PAGE_1] })
  renderApp('/applications', sessionFor('caseworker'))
  await screen.findByRole('table', {}, LAZY)
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Mile Broker')
  await userEvent.click(screen.getByRole('radio', { name: 'Partial (leads)' }))
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
  await waitFor(() => expect(api.to('GET /applications')).toHaveLength(2))
  expect(api.to('GET /applications')[1]?.path).toBe('/applications?brand=milebroker&kind=partial')
  await screen.findByRole('table')
  expect(
    screen.getByRole('button', { name: 'Remove this filter: Kind: Partial (leads)' }),
  ).toBeVisible()
  expect(
    screen.getByRole('heading', { level: 2, name: 'Partial applications (leads)' }),
  ).toBeVisible()
  await expectNoAxeViolations()

  await userEvent.click(
    screen.getByRole('button', { name: 'Remove this filter: Brand: Mile Broker' }),
  )
  await waitFor(() => expect(api.to('GET /applications')).toHaveLength(3))
  expect(api.to('GET /applications')[2]?.path).toBe('/applications?kind=partial')
})

test('a "to" date before the "from" date is an error in the summary', async () => {
  const api = fakeApi({ 'GET /applications': [200, PAGE_1] })
  renderApp('/applications', sessionFor('caseworker'))
  await screen.findByRole('table', {}, LAZY)
  await userEvent.type(screen.getByLabelText('From'), '2026-11-20')
  await userEvent.type(screen.getByLabelText('To'), '2026-11-01')
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
  expect(
    await screen.findByRole('link', {
      name: 'The “to” date must be the same as or after the “from” date',
    }),
  ).toHaveAttribute('href', '#filter-to')
  await waitFor(() => expect(document.title).toBe('Error: Applications – Forecourt back office'))
  expect(api.to('GET /applications')).toHaveLength(1)
  await expectNoAxeViolations()
})

test('Next sends the cursor; Previous goes back to the first page', async () => {
  const api = fakeApi({
    'GET /applications': (request) =>
      request.path.includes('cursor=cursor-2')
        ? [
            200,
            {
              items: [listed({ applicationKey: 'c3', reference: 'FC-ZZ99-ZZ99' })],
              nextCursor: null,
            },
          ]
        : [200, PAGE_1],
  })
  renderApp('/applications', sessionFor('viewer'))
  await screen.findByRole('table', {}, LAZY)
  expect(screen.queryByRole('button', { name: 'Previous page' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('link', { name: 'FC-ZZ99-ZZ99' })).toBeVisible()
  expect(api.to('GET /applications')[1]?.path).toBe('/applications?cursor=cursor-2')
  expect(screen.getByText('Page 2')).toBeVisible()
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'All applications' })).toHaveFocus(),
  )
  expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }))
  expect(await screen.findByRole('link', { name: 'FC-AB12-CD34' })).toBeVisible()
  expect(api.to('GET /applications')[2]?.path).toBe('/applications')
})

test('an admin exports the filtered list as CSV by POST', async () => {
  const createObjectURL = vi.fn(() => 'blob:export')
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  const api = fakeApi({
    'GET /applications': [200, PAGE_1],
    'POST /applications/export': [
      200,
      'reference,brand\nFC-NN07-T1T4,carfinance\n',
      { 'content-disposition': 'attachment; filename="applications-2026-11-26.csv"' },
    ],
  })
  renderApp('/applications', sessionFor('admin'))
  await screen.findByRole('table', {}, LAZY)
  await userEvent.click(screen.getByRole('radio', { name: 'Submitted' }))
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
  await userEvent.click(screen.getByRole('button', { name: 'Export this list as CSV' }))
  expect(
    await screen.findByText('The list was saved as applications-2026-11-26.csv.'),
  ).toBeVisible()
  expect(api.to('POST /applications/export')[0]?.body).toEqual({ kind: 'submitted' })
  expect(click).toHaveBeenCalledTimes(1)
})

test('an ended session (401) takes the user to Sign in with a clear message', async () => {
  fakeApi({ 'GET /applications': [401, { error: 'Not signed in' }] })
  const { location } = renderApp('/applications', sessionFor('viewer'))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY)
  expect(location.history.at(-1)).toBe('/sign-in')
  expect(
    screen.getByText(
      'Your session has ended, so you have been signed out. Sign in again to carry on.',
    ),
  ).toBeVisible()
  await waitFor(() => expect(heading).toHaveFocus())
  await expectNoAxeViolations()
})

test('each lender’s latest decision in words, a needs-attention badge, and the decision and needs-attention filters', async () => {
  const api = fakeApi({
    'GET /applications': [
      200,
      {
        items: [
          listed({
            lenders: [
              { destinationId: 'acme-lending', delivery: 'delivered', decision: 'approved' },
              { destinationId: 'bolt-finance', delivery: 'delivered', decision: null },
            ],
            needsAttention: ['conflict'],
          }),
          listed({
            applicationKey: 'c3',
            reference: 'FC-ZZ99-YY88-XX77',
            kind: 'refused',
            lenders: [],
            submittedAt: null,
            needsAttention: ['refused'],
          }),
        ],
        nextCursor: null,
      },
    ],
  })
  renderApp('/applications', sessionFor('viewer'))
  const table = await screen.findByRole('table', {}, LAZY)
  const rows = within(table).getAllByRole('row').slice(1)
  expect(within(rows[0]!).getAllByRole('cell')[2]).toHaveTextContent('NewNeeds attention')
  expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent(
    'acme-lending: Approvedbolt-finance: Delivered',
  )
  expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('NewRefusedNeeds attention')
  expect(within(rows[1]!).getAllByRole('cell')[4]).toHaveTextContent(
    'Refused, nothing stored (26 November 2026 at 9:05am)',
  )
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Lender decision' }),
    'No decision yet',
  )
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Only applications that need attention' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
  await waitFor(() => expect(api.to('GET /applications')).toHaveLength(2))
  expect(api.to('GET /applications')[1]?.path).toBe(
    '/applications?decision=none&needsAttention=yes',
  )
  expect(screen.getByRole('button', { name: /Lender decision: No decision yet/ })).toBeVisible()
  expect(screen.getByRole('button', { name: /Needs attention: Yes/ })).toBeVisible()
  await expectNoAxeViolations()
})
