import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import type { ApplicationDetail } from '#lib/types'
import { fakeApi } from '#testing/fake-api'
import { detail, KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const AT = `/applications/${KEY}/evidence`
const DETAIL = `GET /applications/${KEY}`

test('a viewer reads every record and the consents as they stand, and may add none; axe passes', async () => {
  fakeApi({ [DETAIL]: [200, detail()] })
  renderApp(AT, sessionFor('viewer'))
  const records = await screen.findByRole('table', { name: 'Evidence records, oldest first' }, LAZY)
  const rows = within(records).getAllByRole('row').slice(1)
  expect(rows[0]).toHaveTextContent('Terms and conditions (terms)')
  expect(rows[0]).toHaveTextContent('Agreed')
  expect(rows[0]).toHaveTextContent(`Version 1, ${'a'.repeat(64)}`)
  expect(rows[0]).toHaveTextContent('/before-you-submit')
  expect(rows[0]).toHaveTextContent('The submission')
  const consents = screen.getByRole('table', {
    name: 'Marketing consent per channel, as it stands now',
  })
  expect(
    within(consents)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual([
    'ApplicantMarketing consent, own offers, emailAgreed26 November 2026 at 9:05am',
    'ApplicantMarketing consent, own offers, text messageDeclined26 November 2026 at 9:05am',
  ])
  expect(screen.queryAllByRole('button', { name: /^Record/ })).toEqual([])
  const nav = screen.getByRole('navigation', { name: 'Parts of this application' })
  expect(within(nav).getByRole('link', { name: 'Evidence' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await waitFor(() => expect(document.title).toBe('Application evidence – Forecourt back office'))
  await expectNoAxeViolations()
})

test('a caseworker records a withdrawal on the applicant’s request: a new record, not an edit', async () => {
  let withdrawn = false
  const api = fakeApi({
    [DETAIL]: () => [
      200,
      detail((d) => {
        if (withdrawn) d.evidence!.consents[0]!.state = 'withdrawn'
      }),
    ],
    [`POST /applications/${KEY}/consent-withdrawals`]: () => {
      withdrawn = true
      return [201, { withdrawal: {} }]
    },
  })
  renderApp(AT, sessionFor('caseworker'))
  await userEvent.click(await screen.findByRole('button', { name: 'Record the withdrawal' }, LAZY))
  expect(
    await screen.findByRole('link', { name: 'Choose the consent the applicant withdrew' }),
  ).toHaveAttribute('href', '#withdraw-consent')
  await waitFor(() =>
    expect(document.title).toBe('Error: Application evidence – Forecourt back office'),
  )
  await expectNoAxeViolations()
  const group = screen.getByRole('group', { name: 'Record a withdrawal' })
  // Only what is agreed can be withdrawn.
  expect(
    within(group)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value')),
  ).toEqual(['main:email'])
  await userEvent.click(
    within(group).getByRole('radio', { name: 'Applicant: Marketing consent, own offers, email' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Record the withdrawal' }))
  expect(await screen.findByText('The withdrawal was recorded.')).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/consent-withdrawals`)[0]?.body).toEqual({
    applicant: 'main',
    channel: 'email',
  })
  expect(
    within(screen.getByRole('table', { name: /Marketing consent per channel/ })).getAllByRole(
      'row',
    )[1],
  ).toHaveTextContent('Withdrawn')
  // Nothing agreed is left to withdraw.
  expect(screen.queryByRole('group', { name: 'Record a withdrawal' })).toBeNull()
})

test('a commission answer per lender: typed as people type money, the server’s refusal on its field', async () => {
  let answers: NonNullable<ApplicationDetail['evidence']>['commissionRequests'] = [
    { requestedAt: '2026-11-26T09:10:00.000Z', answers: [] },
  ]
  const api = fakeApi({
    [DETAIL]: () => [200, detail((d) => (d.evidence!.commissionRequests = answers))],
    [`POST /applications/${KEY}/commission-answers`]: (request) => {
      const body = request.body as { value: number }
      if (body.value > 100_000) {
        return [
          400,
          {
            error: 'Invalid answer',
            errors: [
              {
                field: 'value',
                message:
                  'Enter the commission in pounds, more than 0 and at most 100,000, to the penny',
              },
            ],
          },
        ]
      }
      answers = [
        {
          requestedAt: '2026-11-26T09:10:00.000Z',
          answers: [
            {
              at: '2026-11-26T10:00:00.000Z',
              operator: 'caseworker@broker.example',
              answer: { lenderId: 'acme-lending', kind: 'amount', value: 412.5 },
            },
          ],
        },
      ]
      return [201, { answer: {} }]
    },
  })
  renderApp(AT, sessionFor('caseworker'))
  expect(await screen.findByText('Waiting for an answer', {}, LAZY)).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Record the answer' }))
  expect(
    screen
      .getAllByRole('link')
      .filter((link) => link.closest('.error-summary'))
      .map((link) => link.textContent),
  ).toEqual([
    'Choose a lender on this brand’s panel',
    'Choose whether the commission is an amount or a percentage',
    'Enter the commission as a number, such as 412.50 or 3.5',
  ])
  await expectNoAxeViolations()
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lender' }), 'acme-lending')
  await userEvent.click(screen.getByRole('radio', { name: 'An amount in pounds' }))
  const value = screen.getByRole('textbox', { name: 'Commission' })
  await userEvent.type(value, '£250,000')
  await userEvent.click(screen.getByRole('button', { name: 'Record the answer' }))
  expect(
    await screen.findByRole('link', {
      name: 'Enter the commission in pounds, more than 0 and at most 100,000, to the penny',
    }),
  ).toHaveAttribute('href', '#commission-value')
  await userEvent.clear(value)
  await userEvent.type(value, '£412.50')
  await userEvent.click(screen.getByRole('button', { name: 'Record the answer' }))
  expect(await screen.findByText('The answer was recorded.')).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/commission-answers`).at(-1)?.body).toEqual({
    lenderId: 'acme-lending',
    kind: 'amount',
    value: 412.5,
  })
  expect(
    screen.getByText(/acme-lending: £412\.50, told by caseworker@broker\.example on/),
  ).toBeVisible()
})

test('a flagged applicant: the adjustment and the outcome are recorded as notes', async () => {
  let notes: NonNullable<NonNullable<ApplicationDetail['evidence']>['support']>['notes'] = []
  const api = fakeApi({
    [DETAIL]: () => [
      200,
      detail(
        (d) =>
          (d.evidence!.support = {
            reasons: ['discuss-financial-circumstances'],
            flaggedAt: '2026-11-26T09:05:00.000Z',
            notes,
          }),
      ),
    ],
    [`POST /applications/${KEY}/support-notes`]: (request) => {
      const body = request.body as { step: 'adjustment'; note: string }
      notes = [
        {
          id: 'spn_1',
          step: body.step,
          note: body.note,
          by: 'caseworker@broker.example',
          at: '2026-11-26T10:00:00.000Z',
        },
      ]
      return [201, { note: {} }]
    },
  })
  renderApp(AT, sessionFor('caseworker'))
  expect(
    await screen.findByText(/Asked to discuss their financial circumstances/, {}, LAZY),
  ).toBeVisible()
  expect(screen.getByText('No adjustment or outcome is recorded yet.')).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Record the note' }))
  expect(
    await screen.findByRole('link', {
      name: 'Choose whether this is an adjustment or an outcome',
    }),
  ).toBeVisible()
  await userEvent.click(screen.getByRole('radio', { name: 'An adjustment made for the applicant' }))
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Support note' }),
    'Offered a call at a time that suits them',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Record the note' }))
  expect(await screen.findByText('The note was recorded.')).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/support-notes`)[0]?.body).toEqual({
    step: 'adjustment',
    note: 'Offered a call at a time that suits them',
  })
  const list = screen.getByRole('list', { name: 'Support notes, oldest first' })
  expect(list).toHaveTextContent('Adjustment: Offered a call at a time that suits them')
  await expectNoAxeViolations()
})
