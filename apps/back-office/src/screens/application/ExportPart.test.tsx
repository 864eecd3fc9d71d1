import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import type { DataExport, ExportCandidate } from '#lib/types'
import { fakeApi } from '#testing/fake-api'
import { detail, KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { matchWords } from './ExportPart'

const AT = `/applications/${KEY}/export`
const DETAIL = `GET /applications/${KEY}`
const CANDIDATES = `GET /applications/${KEY}/data-export/candidates`
const EXPORT = `POST /applications/${KEY}/data-export`

const STRONG: ExportCandidate = {
  applicationKey: '0a1b2c3d-0000-4000-8000-000000000001',
  reference: 'FC-AB12-CD34',
  brand: 'milebroker',
  kind: 'submitted',
  createdAt: '2026-10-03T10:00:00.000Z',
  matches: { email: true, phone: false, dateOfBirth: true, name: true },
  strong: true,
}

const PHONE_ONLY: ExportCandidate = {
  applicationKey: '0a1b2c3d-0000-4000-8000-000000000002',
  reference: 'FC-EF56-GH78',
  brand: 'carfinance',
  kind: 'partial',
  createdAt: '2026-11-20T10:00:00.000Z',
  matches: { email: false, phone: true, dateOfBirth: false, name: false },
  strong: false,
}

const STRONG_LABEL = 'FC-AB12-CD34, Mile Broker, submitted, started 3 October 2026'
const PHONE_ONLY_LABEL =
  'FC-EF56-GH78, Car Finance Direct, partial (lead), started 20 November 2026'
const LEGEND = 'Add other applications of this applicant'

function exportOf(...references: string[]): DataExport {
  const { application, answers } = detail()
  return {
    generatedAt: '2026-11-26T10:00:00.000Z',
    generatedBy: 'admin@broker.example',
    subject: { name: 'Jane Smith', email: 'jane@example.com', phone: '07700900123' },
    applications: references.map((reference, i) => ({
      applicationKey: `${KEY}-${i}`,
      reference,
      brand: application.brand,
      kind: application.kind,
      createdAt: application.createdAt,
      submittedAt: application.submittedAt,
      updatedAt: application.updatedAt,
      answers,
      payload: {},
      deliveries: [],
      notes: [],
      statusHistory: [],
      audit: [],
    })),
  }
}

test('the candidates are offered as boxes, none ticked, each saying what it shares; axe passes', async () => {
  fakeApi({
    [DETAIL]: [200, detail()],
    [CANDIDATES]: [200, { candidates: [STRONG, PHONE_ONLY] }],
  })
  renderApp(AT, sessionFor('admin'))
  const group = await screen.findByRole('group', { name: LEGEND }, LAZY)
  expect(group).toHaveAccessibleDescription(
    'Each shares this application’s email address or phone number, which someone else may have used too. Tick only those you are sure are this applicant’s: everything held about them is added to the export. Nothing is added unless you tick it.',
  )
  const boxes = within(group).getAllByRole('checkbox')
  expect(boxes.map((box) => box.getAttribute('value'))).toEqual([
    STRONG.applicationKey,
    PHONE_ONLY.applicationKey,
  ])
  const strong = within(group).getByRole('checkbox', { name: STRONG_LABEL })
  const phoneOnly = within(group).getByRole('checkbox', { name: PHONE_ONLY_LABEL })
  expect(strong).toHaveAccessibleDescription(
    'Strong match: same email address, date of birth and name',
  )
  expect(phoneOnly).toHaveAccessibleDescription('Same phone number only')
  // A strong match is a hint: nothing is ticked until the admin ticks it (decision 2042).
  expect(strong).not.toBeChecked()
  expect(phoneOnly).not.toBeChecked()
  expect(screen.getByRole('button', { name: 'Make the export' })).toBeVisible()
  await waitFor(() => expect(document.title).toBe('Data export – Forecourt back office'))
  await expectNoAxeViolations()
})

test('the export posts the keys of the boxes ticked, and the file holds what the server made', async () => {
  const blobs: Blob[] = []
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:data-export')),
      revokeObjectURL: vi.fn(),
    }),
  )
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  const api = fakeApi({
    [DETAIL]: [200, detail()],
    [CANDIDATES]: [200, { candidates: [STRONG, PHONE_ONLY] }],
    [EXPORT]: [200, exportOf('FC-NN07-T1T4', 'FC-EF56-GH78')],
  })
  renderApp(AT, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('checkbox', { name: PHONE_ONLY_LABEL }, LAZY))
  await userEvent.click(screen.getByRole('button', { name: 'Make the export' }))
  expect(await screen.findByText('The export is made: it holds 2 applications.')).toBeVisible()
  expect(api.to(EXPORT).map((request) => request.body)).toEqual([
    { include: [PHONE_ONLY.applicationKey] },
  ])
  // The button that made it is gone: focus moves on to the download.
  const download = screen.getByRole('button', { name: 'Download as JSON' })
  await waitFor(() => expect(download).toHaveFocus())
  expect(
    screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
  ).toEqual(['Application FC-NN07-T1T4', 'Application FC-EF56-GH78'])
  await userEvent.click(download)
  expect(blobs).toHaveLength(1)
  const saved = JSON.parse(await blobs[0]!.text()) as DataExport
  expect(saved.applications.map((application) => application.reference)).toEqual([
    'FC-NN07-T1T4',
    'FC-EF56-GH78',
  ])
})

test('with no candidates a sentence says so, and the export includes nothing else', async () => {
  const api = fakeApi({
    [DETAIL]: [200, detail()],
    [CANDIDATES]: [200, { candidates: [] }],
    [EXPORT]: [200, exportOf('FC-NN07-T1T4')],
  })
  renderApp(AT, sessionFor('admin'))
  expect(
    await screen.findByText(
      'No other application shares this applicant’s email address or phone number, so the export holds this application only.',
      undefined,
      LAZY,
    ),
  ).toBeVisible()
  expect(screen.queryByRole('group')).toBeNull()
  await expectNoAxeViolations()
  await userEvent.click(screen.getByRole('button', { name: 'Make the export' }))
  expect(await screen.findByText('The export is made: it holds 1 application.')).toBeVisible()
  expect(api.to(EXPORT).map((request) => request.body)).toEqual([{ include: [] }])
})

test('a refused choice (400 on include) is in the error summary, and the list is looked up again', async () => {
  let lookups = 0
  const api = fakeApi({
    [DETAIL]: [200, detail()],
    // The strong match was erased after the list was shown.
    [CANDIDATES]: () => [
      200,
      { candidates: lookups++ === 0 ? [STRONG, PHONE_ONLY] : [PHONE_ONLY] },
    ],
    [EXPORT]: [
      400,
      {
        error: 'Invalid export',
        errors: [
          {
            field: 'include',
            message: 'must list only the candidate applications offered for this applicant',
          },
        ],
      },
    ],
  })
  renderApp(AT, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('checkbox', { name: STRONG_LABEL }, LAZY))
  await userEvent.click(screen.getByRole('button', { name: 'Make the export' }))
  const message =
    'The other applications have changed since you chose: choose again from the list as it is now'
  const summary = await screen.findByRole('heading', { name: 'There is a problem' })
  await waitFor(() => expect(summary.parentElement).toHaveFocus())
  expect(api.to(EXPORT).map((request) => request.body)).toEqual([
    { include: [STRONG.applicationKey] },
  ])
  expect(api.to(CANDIDATES)).toHaveLength(2)
  const group = screen.getByRole('group', { name: LEGEND })
  expect(within(group).getAllByRole('checkbox')).toEqual([
    within(group).getByRole('checkbox', { name: PHONE_ONLY_LABEL }),
  ])
  expect(within(group).getByRole('checkbox', { name: PHONE_ONLY_LABEL })).not.toBeChecked()
  expect(group).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`))
  await waitFor(() => expect(document.title).toBe('Error: Data export – Forecourt back office'))
  await expectNoAxeViolations()
  await userEvent.click(screen.getByRole('link', { name: message }))
  expect(within(group).getByRole('checkbox', { name: PHONE_ONLY_LABEL })).toHaveFocus()
})

test('an export the server could not make is in the error summary, linked to the button', async () => {
  fakeApi({
    [DETAIL]: [200, detail()],
    [CANDIDATES]: [200, { candidates: [PHONE_ONLY] }],
    [EXPORT]: [500, { error: 'Internal Server Error' }],
  })
  renderApp(AT, sessionFor('admin'))
  await userEvent.click(await screen.findByRole('button', { name: 'Make the export' }, LAZY))
  await userEvent.click(
    await screen.findByRole('link', { name: 'The export could not be made: try again' }),
  )
  expect(screen.getByRole('button', { name: 'Make the export' })).toHaveFocus()
  expect(screen.getByRole('checkbox', { name: PHONE_ONLY_LABEL })).toBeVisible()
})

test('when the candidates cannot be looked up, no export is offered until they are', async () => {
  let fails = true
  fakeApi({
    [DETAIL]: [200, detail()],
    [CANDIDATES]: () => (fails ? [503, { error: 'Unavailable' }] : [200, { candidates: [] }]),
  })
  renderApp(AT, sessionFor('admin'))
  expect(
    await screen.findByText(
      'The other applications with the same email address or phone number could not be looked up. Try again in a moment.',
      undefined,
      LAZY,
    ),
  ).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Make the export' })).toBeNull()
  fails = false
  await userEvent.click(screen.getByRole('button', { name: 'Look again' }))
  expect(await screen.findByRole('button', { name: 'Make the export' })).toBeVisible()
})

test('what a candidate shares, in words', () => {
  const none = { email: false, phone: false, dateOfBirth: false, name: false }
  const cases: [Partial<ExportCandidate['matches']>, boolean, string][] = [
    [{ phone: true }, false, 'Same phone number only'],
    [{ email: true }, false, 'Same email address only'],
    [{ email: true, phone: true }, false, 'Same email address and phone number'],
    [{ phone: true, name: true }, false, 'Same phone number and name'],
    [
      { email: true, dateOfBirth: true },
      true,
      'Strong match: same email address and date of birth',
    ],
    [
      { email: true, phone: true, dateOfBirth: true, name: true },
      true,
      'Strong match: same email address, phone number, date of birth and name',
    ],
    [{}, false, 'Found by the search index, though no detail is the same now'],
  ]
  for (const [matches, strong, words] of cases) {
    expect(matchWords({ matches: { ...none, ...matches }, strong })).toBe(words)
  }
})
