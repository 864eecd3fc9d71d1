import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { operator, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const OPERATORS = {
  items: [
    operator(),
    operator({
      id: 'op_admin',
      email: 'admin@broker.example',
      role: 'admin',
      brands: 'all',
      lastSignInAt: null,
    }),
    operator({
      id: 'op_bob',
      email: 'bob@broker.example',
      role: 'viewer',
      state: 'locked',
      lockedUntil: '2026-11-26T10:15:00.000Z',
    }),
  ],
}

const emails = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

test('the operators, sortable by column, with state in words; axe passes', async () => {
  fakeApi({ 'GET /operators': [200, OPERATORS] })
  renderApp('/operators', sessionFor('admin'))
  await screen.findByRole('table', {}, LAZY)
  expect(emails()).toEqual(['admin@broker.example', 'bob@broker.example', 'cath@broker.example'])
  expect(screen.getByRole('columnheader', { name: 'Email address' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  const bob = screen.getByRole('row', { name: /bob@broker.example/ })
  expect(bob).toHaveTextContent('Locked until 26 November 2026 at 10:15am')
  expect(screen.getByRole('row', { name: /admin@broker.example/ })).toHaveTextContent('All brands')
  // Nobody disables themselves.
  expect(screen.queryByRole('link', { name: 'Disable admin@broker.example' })).toBeNull()
  expect(screen.getByRole('link', { name: 'Disable bob@broker.example' })).toHaveAttribute(
    'href',
    '/operators/op_bob/disable',
  )
  await expectNoAxeViolations()

  await userEvent.click(screen.getByRole('button', { name: 'Last signed in' }))
  expect(screen.getByRole('columnheader', { name: 'Last signed in' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  expect(emails()).toEqual(['bob@broker.example', 'cath@broker.example', 'admin@broker.example'])
  await userEvent.click(screen.getByRole('button', { name: 'Role' }))
  await userEvent.click(screen.getByRole('button', { name: 'Role' }))
  expect(screen.getByRole('columnheader', { name: 'Role' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  expect(emails()).toEqual(['bob@broker.example', 'cath@broker.example', 'admin@broker.example'])
})

test('a caseworker is not offered operators, and the page says it is for administrators', async () => {
  const api = fakeApi({})
  renderApp('/operators', sessionFor('caseworker'))
  expect(
    await screen.findByText('Only an administrator can manage operators.', {}, LAZY),
  ).toBeVisible()
  expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull()
  expect(api.sent).toEqual([])
})

test('adding an operator checks the form, then shows the enrolment address once', async () => {
  const api = fakeApi({
    'GET /operators': [200, OPERATORS],
    'POST /operators': [
      201,
      {
        operator: operator({ id: 'op_dan', email: 'dan@broker.example', state: 'invited' }),
        enrolmentUrl: 'http://backoffice.localhost:3000/enrol#secret-token',
        enrolmentExpiresAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  })
  renderApp('/operators', sessionFor('admin'))
  await userEvent.click(await screen.findByRole('link', { name: 'Add an operator' }, LAZY))
  await userEvent.click(await screen.findByRole('button', { name: 'Add operator' }, LAZY))
  expect(
    within(screen.getByRole('heading', { name: 'There is a problem' }).parentElement!)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual([
    'Enter an email address in the correct format, like name@example.com',
    'Choose a role',
    'Choose which brands they work on',
  ])
  await expectNoAxeViolations()
  await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'dan@broker.example')
  await userEvent.click(screen.getByRole('radio', { name: 'Caseworker' }))
  await userEvent.click(screen.getByRole('radio', { name: 'Only the brands I choose' }))
  await userEvent.click(screen.getByRole('checkbox', { name: 'Mile Broker' }))
  await userEvent.click(screen.getByRole('button', { name: 'Add operator' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Operator added' })
  expect(api.to('POST /operators')[0]?.body).toEqual({
    email: 'dan@broker.example',
    role: 'caseworker',
    brands: ['milebroker'],
  })
  expect(screen.getByText('http://backoffice.localhost:3000/enrol#secret-token')).toBeVisible()
  expect(
    screen.getByText(
      'This address is shown only now. If it is lost, reset the operator to make a new one.',
    ),
  ).toBeVisible()
  await waitFor(() => expect(document.title).toBe('Operator added – Forecourt back office'))
  expect(heading).toBeVisible()
  await expectNoAxeViolations()
})

test('an existing email is refused with the server’s words', async () => {
  fakeApi({
    'POST /operators': [409, { error: 'An operator with this email address already exists' }],
  })
  renderApp('/operators/new', sessionFor('admin'))
  await userEvent.type(
    await screen.findByRole('textbox', { name: 'Email address' }, LAZY),
    'cath@broker.example',
  )
  await userEvent.click(screen.getByRole('radio', { name: 'Viewer' }))
  await userEvent.click(
    screen.getByRole('radio', { name: 'All brands, including any added later' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Add operator' }))
  expect(
    await screen.findByRole('link', { name: 'An operator with this email address already exists' }),
  ).toHaveAttribute('href', '#operator-email')
})

test('disabling asks first, then says it is done', async () => {
  const api = fakeApi({
    'GET /operators': [200, OPERATORS],
    'POST /operators/op_bob/disable': [
      200,
      { operator: operator({ id: 'op_bob', state: 'disabled' }) },
    ],
  })
  renderApp('/operators/op_bob/disable', sessionFor('admin'))
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: /Disable an operator/ },
    LAZY,
  )
  expect(heading).toHaveTextContent('bob@broker.example')
  await expectNoAxeViolations()
  await userEvent.click(screen.getByRole('button', { name: 'Disable operator' }))
  expect(await screen.findByText('bob@broker.example is disabled.')).toBeVisible()
  expect(api.to('POST /operators/op_bob/disable')).toHaveLength(1)
})

test('resetting shows the new enrolment address', async () => {
  fakeApi({
    'GET /operators': [200, OPERATORS],
    'POST /operators/op_bob/reset': [
      200,
      {
        operator: operator({ id: 'op_bob', state: 'invited' }),
        enrolmentUrl: 'http://backoffice.localhost:3000/enrol#new-token',
        enrolmentExpiresAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  })
  renderApp('/operators/op_bob/reset', sessionFor('admin'))
  await userEvent.click(await screen.findByRole('button', { name: 'Reset operator' }, LAZY))
  expect(await screen.findByRole('heading', { level: 1, name: 'Operator reset' })).toBeVisible()
  await waitFor(() =>
    expect(screen.getByText('http://backoffice.localhost:3000/enrol#new-token')).toBeVisible(),
  )
})
