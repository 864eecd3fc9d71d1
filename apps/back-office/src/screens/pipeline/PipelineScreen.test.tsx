import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import type { Pipeline } from '#lib/types'
import { fakeApi } from '#testing/fake-api'
import { KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const PIPELINE: Pipeline = {
  today: '2026-11-29',
  dueToday: 1,
  overdue: 0,
  stages: [
    { id: 'new', label: 'New', count: 0, cases: [] },
    {
      id: 'documents',
      label: 'Documents',
      count: 1,
      cases: [
        {
          applicationKey: KEY,
          reference: 'FC-NN07-T1T4-FN9J',
          brand: 'carfinance',
          stage: 'documents',
          since: '2026-11-27T10:00:00.000Z',
          ageDays: 2,
          followUp: {
            dueOn: '2026-11-29',
            note: 'Chase the payslips',
            overdue: false,
            dueToday: true,
          },
        },
      ],
    },
  ],
}

test('the pipeline: counts by stage, each stage’s cases with their age and follow-up; axe passes', async () => {
  fakeApi({ 'GET /pipeline': [200, PIPELINE] })
  renderApp('/pipeline', sessionFor('caseworker'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' }, LAZY)).toBeVisible()
  expect(await screen.findByText('Follow-ups: 0 overdue, 1 due today.')).toBeVisible()
  const counts = screen.getByRole('table', { name: 'Cases at each stage' })
  expect(
    within(counts)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['StageCases', 'New0', 'Documents1'])
  const stage = screen.getByRole('table', { name: 'Documents: 1 cases' })
  expect(within(stage).getAllByRole('row')[1]).toHaveTextContent(
    'FC-NN07-T1T4-FN9JCar Finance Direct2 daysDue today 2026-11-29: Chase the payslipsSet a follow-up for FC-NN07-T1T4-FN9J',
  )
  await expectNoAxeViolations()
})

test('a follow-up is checked, then saved, and the pipeline shows again', async () => {
  const api = fakeApi({
    'GET /pipeline': [200, PIPELINE],
    [`POST /applications/${KEY}/follow-up`]: [
      201,
      { followUp: { dueOn: '2026-12-01', note: 'Call back' } },
    ],
  })
  renderApp(`/pipeline/follow-up/${KEY}`, sessionFor('caseworker'))
  await userEvent.click(await screen.findByRole('button', { name: 'Save the follow-up' }, LAZY))
  expect(
    await screen.findByRole('link', {
      name: 'Enter the day to follow up as a date, today or later',
    }),
  ).toHaveAttribute('href', '#due-on')
  await expectNoAxeViolations()
  await userEvent.type(screen.getByLabelText('Follow up on'), '2026-12-01')
  await userEvent.type(screen.getByRole('textbox', { name: 'What to do' }), 'Call back')
  await userEvent.click(screen.getByRole('button', { name: 'Save the follow-up' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' }, LAZY)).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/follow-up`)[0]?.body).toEqual({
    dueOn: '2026-12-01',
    note: 'Call back',
  })
})

test('a viewer sees the pipeline but sets no follow-up', async () => {
  fakeApi({ 'GET /pipeline': [200, PIPELINE] })
  renderApp('/pipeline', sessionFor('viewer'))
  expect(await screen.findByRole('table', { name: 'Documents: 1 cases' }, LAZY)).toBeVisible()
  expect(screen.queryByRole('link', { name: /Set a follow-up/ })).toBeNull()
})
