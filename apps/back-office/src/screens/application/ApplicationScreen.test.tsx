import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { detail, KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { CONFIRM_ERASE } from './ErasePart'

const AT = `/applications/${KEY}`
const DETAIL = `GET /applications/${KEY}`

test('the answers, grouped, under the identity bar and sub navigation; axe passes', async () => {
  fakeApi({ [DETAIL]: [200, detail()] })
  renderApp(AT, sessionFor('viewer'))
  const bar = await screen.findByRole('region', { name: 'Whose application this is' }, LAZY)
  expect(within(bar).getByRole('heading', { level: 1 })).toHaveTextContent('Jane Smith')
  expect(
    within(bar)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Reference: FC-NN07-T1T4', 'Brand: Car Finance Direct', 'Status: New'])
  // A viewer reads only.
  expect(within(bar).queryAllByRole('link')).toEqual([])
  const nav = screen.getByRole('navigation', { name: 'Parts of this application' })
  expect(within(nav).getByRole('link', { name: 'Answers' })).toHaveAttribute('aria-current', 'page')
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Loan',
    'Address history',
  ])
  expect(screen.getByText('Current address').nextElementSibling).toHaveTextContent(
    '10 Acacia AvenueManchesterM1 1AE',
  )
  await waitFor(() => expect(document.title).toBe('Application answers – Forecourt back office'))
  await expectNoAxeViolations()
})

test('sub navigation moves focus to the heading; the timeline is newest first with who and when', async () => {
  fakeApi({ [DETAIL]: [200, detail()] })
  renderApp(AT, sessionFor('viewer'))
  await userEvent.click(await screen.findByRole('link', { name: 'Timeline' }, LAZY))
  expect(await screen.findByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible()
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus())
  await waitFor(() => expect(document.title).toBe('Application timeline – Forecourt back office'))
  expect(
    screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
  ).toEqual(['Delivery attempt 1 to acme-lending: HTTP 500, will retry', 'Submitted'])
  expect(screen.getAllByText('by Forecourt')).toHaveLength(2)
  expect(screen.getByText('26 November 2026 at 9:06am')).toBeVisible()
  await expectNoAxeViolations()
})

test('another brand’s or an unknown application answers not found', async () => {
  fakeApi({ [DETAIL]: [404, { error: 'Not found' }] })
  renderApp(AT, sessionFor('viewer'))
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Application not found' }, LAZY),
  ).toBeVisible()
  await waitFor(() => expect(document.title).toBe('Application not found – Forecourt back office'))
  await expectNoAxeViolations()
})

test('deliveries: a viewer sees no Retry; a caseworker retries the failed one', async () => {
  fakeApi({ [DETAIL]: [200, detail()] })
  const viewer = renderApp(`${AT}/deliveries`, sessionFor('viewer'))
  const table = await screen.findByRole('table', { name: 'Deliveries to lenders' }, LAZY)
  expect(within(table).queryByRole('button')).toBeNull()
  viewer.unmount()

  let retried = false
  let delivered = false
  const api = fakeApi({
    [DETAIL]: () =>
      [
        200,
        detail((d) => {
          if (delivered)
            Object.assign(d.deliveries[0]!, {
              status: 'delivered',
              lastStatusCode: 200,
              deliveredAt: '2026-11-26T10:00:05.000Z',
            })
          else if (retried)
            Object.assign(d.deliveries[0]!, {
              status: 'pending',
              nextAttemptAt: '2026-11-26T10:00:00.000Z',
            })
        }),
      ] as [number, unknown],
    [`POST /applications/${KEY}/deliveries/dlv_1/retry`]: () => {
      retried = true
      return [200, { outcome: 'requeued', delivery: {} }]
    },
  })
  renderApp(`${AT}/deliveries`, sessionFor('caseworker'))
  const rows = within(await screen.findByRole('table', {}, LAZY)).getAllByRole('row')
  expect(rows[1]).toHaveTextContent('acme-lendingApplicationFailed5HTTP 500')
  expect(within(rows[2]!).queryByRole('button')).toBeNull()
  await expectNoAxeViolations()
  await userEvent.click(screen.getByRole('button', { name: 'Retry the delivery to acme-lending' }))
  expect(
    await screen.findByText(
      'The delivery to acme-lending is due now: it will be sent within seconds.',
    ),
  ).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/deliveries/dlv_1/retry`)).toHaveLength(1)
  expect(screen.getAllByRole('row')[1]).toHaveTextContent('Pending')

  // Once sent, checking again shows it delivered.
  delivered = true
  await userEvent.click(screen.getByRole('button', { name: 'Check the deliveries again' }))
  expect(await screen.findByText('The deliveries are up to date.')).toBeVisible()
  expect(screen.getAllByRole('row')[1]).toHaveTextContent('Delivered')
})

test('notes: a caseworker adds one; an empty note is an error', async () => {
  let notes: { id: string; text: string; by: string; at: string }[] = []
  const api = fakeApi({
    [DETAIL]: () => [200, detail((d) => (d.notes = notes))],
    [`POST /applications/${KEY}/notes`]: (request) => {
      notes = [
        {
          id: 'note_1',
          text: (request.body as { text: string }).text,
          by: 'caseworker@broker.example',
          at: '2026-11-26T10:30:00.000Z',
        },
      ]
      return [201, { note: notes[0] }]
    },
  })
  renderApp(`${AT}/notes`, sessionFor('caseworker'))
  expect(await screen.findByText('There are no notes.', {}, LAZY)).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }))
  expect(await screen.findByRole('link', { name: 'Enter the note' })).toHaveAttribute(
    'href',
    '#note',
  )
  await waitFor(() =>
    expect(document.title).toBe('Error: Application notes – Forecourt back office'),
  )
  await expectNoAxeViolations()
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Add a note' }),
    'Called, will send payslips',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }))
  expect(await screen.findByText('Called, will send payslips')).toBeVisible()
  expect(screen.getByText('The note was added.')).toBeVisible()
  expect(screen.getByRole('textbox', { name: 'Add a note' })).toHaveValue('')
  expect(api.to(`POST /applications/${KEY}/notes`)[0]?.body).toEqual({
    text: 'Called, will send payslips',
  })
  await expectNoAxeViolations()
})

test('a viewer has no note form', async () => {
  fakeApi({ [DETAIL]: [200, detail()] })
  renderApp(`${AT}/notes`, sessionFor('viewer'))
  expect(await screen.findByText('There are no notes.', {}, LAZY)).toBeVisible()
  expect(screen.queryByRole('textbox')).toBeNull()
})

test('a caseworker changes the status and sees it said on the answers', async () => {
  let status = 'new'
  const api = fakeApi({
    [DETAIL]: () => [200, detail((d) => (d.application.brokerStatus = status))],
    [`POST /applications/${KEY}/status`]: (request) => {
      status = (request.body as { status: string }).status
      return [200, { brokerStatus: status, changedAt: '2026-11-26T10:00:00.000Z', changedBy: 'c' }]
    },
  })
  const { location } = renderApp(AT, sessionFor('caseworker'))
  const bar = await screen.findByRole('region', { name: 'Whose application this is' }, LAZY)
  // A caseworker may change the status, but not export or erase.
  expect(
    within(bar)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Change status'])
  await userEvent.click(within(bar).getByRole('link', { name: 'Change status' }))
  const group = await screen.findByRole('group', { name: 'The broker’s status' })
  expect(within(group).getByRole('radio', { name: 'New' })).toBeChecked()
  await expectNoAxeViolations()
  await userEvent.click(within(group).getByRole('radio', { name: 'Contacted' }))
  await userEvent.click(screen.getByRole('button', { name: 'Save status' }))
  expect(await screen.findByText('The status is now Contacted.')).toBeVisible()
  expect(location.history.at(-1)).toBe(AT)
  expect(api.to(`POST /applications/${KEY}/status`)[0]?.body).toEqual({ status: 'contacted' })
  expect(within(bar).getAllByRole('listitem')[2]).toHaveTextContent('Status: Contacted')
})

test('erasure is blocked by a legal hold, with its reason', async () => {
  fakeApi({
    [DETAIL]: [
      200,
      detail(
        (d) =>
          (d.application.legalHold = {
            reason: 'Court order 12/2026',
            setBy: 'admin@broker.example',
            setAt: '2026-11-25T10:00:00.000Z',
          }),
      ),
    ],
  })
  renderApp(`${AT}/erase`, sessionFor('admin'))
  expect(
    await screen.findByText(
      'This application is under a legal hold and cannot be erased: Court order 12/2026',
      {},
      LAZY,
    ),
  ).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull()
  expect(screen.getByText('Legal hold', { selector: '.badge' })).toBeVisible()
  await expectNoAxeViolations()
})

test('erasure needs a reason and the confirmation, then erases and says how many lenders are told', async () => {
  let erased = false
  const api = fakeApi({
    [DETAIL]: () =>
      [
        200,
        detail((d) => {
          if (!erased) return
          d.application.name = null
          d.application.erased = {
            at: '2026-11-26T11:00:00.000Z',
            by: 'admin@broker.example',
            reason: 'Erasure request',
          }
          d.answers = []
        }),
      ] as [number, unknown],
    [`POST /applications/${KEY}/erase`]: () => {
      erased = true
      return [200, { erased: {}, notices: 2 }]
    },
  })
  renderApp(`${AT}/erase`, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }, LAZY))
  expect(
    screen.getAllByRole('link', { name: /^(Enter why|Confirm that)/ }).map((l) => l.textContent),
  ).toEqual([
    'Enter why the data is erased',
    'Confirm that you understand the erasure cannot be undone',
  ])
  await expectNoAxeViolations()
  expect(api.to(`POST /applications/${KEY}/erase`)).toEqual([])
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Why the data is erased' }),
    'Erasure request',
  )
  await userEvent.click(screen.getByRole('checkbox', { name: CONFIRM_ERASE }))
  await userEvent.click(screen.getByRole('button', { name: 'Erase personal data' }))
  expect(
    await screen.findByText('The personal data was erased. 2 lenders are being told.'),
  ).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/erase`)[0]?.body).toEqual({ reason: 'Erasure request' })
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Erased application')
  expect(screen.getByText('The answers were erased.')).toBeVisible()
  await expectNoAxeViolations()
})

test('an admin sets a legal hold with a reason', async () => {
  let hold: null | { reason: string; setBy: string; setAt: string } = null
  const api = fakeApi({
    [DETAIL]: () => [200, detail((d) => (d.application.legalHold = hold))],
    [`POST /applications/${KEY}/legal-hold`]: (request) => {
      hold = {
        reason: (request.body as { reason: string }).reason,
        setBy: 'admin@broker.example',
        setAt: '2026-11-26T10:00:00.000Z',
      }
      return [200, { legalHold: hold }]
    },
  })
  renderApp(`${AT}/legal-hold`, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('button', { name: 'Set legal hold' }, LAZY))
  expect(await screen.findByRole('link', { name: 'Enter why the data must be kept' })).toBeVisible()
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Why the data must be kept' }),
    'Complaint FOS-123',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Set legal hold' }))
  expect(
    await screen.findByText('The legal hold was set: the application cannot be erased.'),
  ).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/legal-hold`)[0]?.body).toEqual({
    reason: 'Complaint FOS-123',
  })
  expect(screen.getByRole('link', { name: 'Lift legal hold' })).toBeVisible()
})

test('an admin makes the data export, shown as a page with download and print', async () => {
  const api = fakeApi({
    [DETAIL]: [200, detail()],
    [`GET /applications/${KEY}/data-export/candidates`]: [200, { candidates: [] }],
    [`POST /applications/${KEY}/data-export`]: [
      200,
      {
        generatedAt: '2026-11-26T10:00:00.000Z',
        generatedBy: 'admin@broker.example',
        subject: { name: 'Jane Smith', email: 'jane@example.com', phone: '07700900123' },
        applications: [
          {
            ...detail().application,
            answers: detail().answers,
            payload: {},
            deliveries: [],
            notes: [],
            statusHistory: [],
            audit: [
              {
                seq: 1,
                at: '2026-11-26T09:59:00.000Z',
                action: 'application.viewed',
                operatorId: 'op_admin',
                detail: null,
              },
            ],
          },
        ],
      },
    ],
  })
  renderApp(AT, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('link', { name: 'Export data' }, LAZY))
  expect(
    await screen.findByText(
      'Everything held about this applicant in this application, with the deliveries sent, notes, status changes and audit entries about it, and the same for each other application you choose to add. Making the export is recorded in the audit log.',
      undefined,
      LAZY,
    ),
  ).toBeVisible()
  await userEvent.click(await screen.findByRole('button', { name: 'Make the export' }, LAZY))
  expect(await screen.findByRole('button', { name: 'Download as JSON' })).toBeVisible()
  expect(screen.getByRole('button', { name: 'Print' })).toBeVisible()
  expect(screen.getByText('jane@example.com')).toBeVisible()
  expect(
    screen.getByText('application.viewed by an operator, 26 November 2026 at 9:59am'),
  ).toBeVisible()
  expect(api.to(`POST /applications/${KEY}/data-export`)).toHaveLength(1)
  await expectNoAxeViolations()
})

test('a session that ends on an application’s part goes to Sign in, then back to that part', async () => {
  fakeApi({
    [DETAIL]: [200, detail()],
    // The 30 minutes ran out while the caseworker was typing.
    [`POST /applications/${KEY}/notes`]: [401, { error: 'Not signed in' }],
    'POST /sign-in': [200, sessionFor('caseworker')],
  })
  const { location } = renderApp(`${AT}/notes`, sessionFor('caseworker'))
  await userEvent.type(
    await screen.findByRole('textbox', { name: 'Add a note' }, LAZY),
    'Called back',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY)
  expect(location.history.at(-1)).toBe('/sign-in')
  expect(
    screen.getByText(
      'Your session has ended, so you have been signed out. Sign in again to carry on.',
    ),
  ).toBeVisible()
  await waitFor(() => expect(heading).toHaveFocus())
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Email address' }),
    'caseworker@broker.example',
  )
  await userEvent.type(screen.getByLabelText('Password'), 'a long password here')
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Code from your authenticator app' }),
    '123456',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('textbox', { name: 'Add a note' }, LAZY)).toBeVisible()
  expect(location.history.at(-1)).toBe(`${AT}/notes`)
})
