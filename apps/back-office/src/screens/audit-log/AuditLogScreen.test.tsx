import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { KEY, operator, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const PAGE = {
  items: [
    {
      seq: 42,
      at: '2026-11-26T10:15:00.000Z',
      operatorId: 'op_cath',
      operatorEmail: 'cath@broker.example',
      action: 'applications.searched',
      applicationKey: null,
      reference: null,
      targetOperatorId: null,
      detail: { field: 'phone' },
    },
    {
      seq: 41,
      at: '2026-11-26T10:14:00.000Z',
      operatorId: 'op_cath',
      operatorEmail: 'cath@broker.example',
      action: 'application.viewed',
      applicationKey: KEY,
      reference: 'FC-NN07-T1T4',
      targetOperatorId: null,
      detail: null,
    },
  ],
  nextCursor: 'older',
  actions: ['sign-in', 'applications.searched', 'application.viewed'],
}

test('newest first, in words, with the application linked; filters go in the query', async () => {
  const api = fakeApi({
    'GET /audit': [200, PAGE],
    'GET /operators': [200, { items: [operator()] }],
  })
  renderApp('/audit', sessionFor('admin'))
  const table = await screen.findByRole('table', { name: /Audit entries, newest first/ }, LAZY)
  const rows = within(table).getAllByRole('row').slice(1)
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    [
      '26 November 2026 at 10:15am',
      'cath@broker.example',
      'Searched applications',
      '–',
      'field: phone',
    ],
    [
      '26 November 2026 at 10:14am',
      'cath@broker.example',
      'Viewed an application',
      'FC-NN07-T1T4',
      '–',
    ],
  ])
  expect(within(rows[1]!).getByRole('link', { name: 'FC-NN07-T1T4' })).toHaveAttribute(
    'href',
    `/applications/${KEY}`,
  )
  await expectNoAxeViolations()

  await waitFor(() =>
    expect(
      within(screen.getByRole('combobox', { name: 'Operator' })).getAllByRole('option'),
    ).toHaveLength(2),
  )
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Operator' }),
    'cath@broker.example',
  )
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Action' }),
    'Viewed an application',
  )
  await userEvent.type(screen.getByLabelText('From'), '2026-11-01')
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
  await waitFor(() => expect(api.to('GET /audit')).toHaveLength(2))
  expect(api.to('GET /audit')[1]?.path).toBe(
    '/audit?operatorId=op_cath&action=application.viewed&from=2026-11-01',
  )
  expect(
    await screen.findByRole('button', {
      name: 'Remove this filter: Action: Viewed an application',
    }),
  ).toBeVisible()

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(api.to('GET /audit')).toHaveLength(3))
  expect(api.to('GET /audit')[2]?.path).toBe(
    '/audit?operatorId=op_cath&action=application.viewed&from=2026-11-01&cursor=older',
  )
})

test('no entries: said so; a viewer cannot open the log', async () => {
  fakeApi({
    'GET /audit': [200, { items: [], nextCursor: null, actions: [] }],
    'GET /operators': [200, { items: [] }],
  })
  const admin = renderApp('/audit', sessionFor('admin'))
  expect(await screen.findByText('No entries match.', {}, LAZY)).toBeVisible()
  await expectNoAxeViolations()
  admin.unmount()
  renderApp('/audit', sessionFor('viewer'))
  expect(
    await screen.findByText('Only an administrator can read the audit log.', {}, LAZY),
  ).toBeVisible()
})
