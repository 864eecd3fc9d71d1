import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyEmployment } from '@forecourt/domain/state/application-state'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { getApplication, setApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import {
  givenState,
  LAZY_SCREEN,
  LAZY_TEST_TIMEOUT_MS,
  renderApp,
  renderInMain,
} from '#testing/render'
import EmploymentAddScreen from './employment-add-screen'

const givenStatus = (...statuses: string[]) =>
  givenState('carfinance', (state) => {
    state.form.employments = statuses.map((employmentStatus, i) => ({
      ...emptyEmployment(),
      employmentStatus,
      yearsAtEmployer: i === statuses.length - 1 ? null : 1,
    }))
  })

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/employment-add/:n">
      <EmploymentAddScreen />
    </Route>,
    `/employment-add/${n}`,
  )

test('Continue with nothing entered shows each message in the summary and beside its field', async () => {
  givenStatus('Full-time employed')
  const { container } = renderEntry(1)
  expect(screen.getByRole('heading', { level: 1, name: 'About your employer' })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please enter your occupation.',
    'Please enter your employer name.',
    'Please enter your employer town.',
  ])
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAccessibleDescription(
    'Your job title, for example nurse or electrician. Error: Please enter your occupation.',
  )
  expect(screen.getByRole('textbox', { name: 'Employer town' })).toHaveAccessibleDescription(
    'The town or city where you work. Error: Please enter your employer town.',
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('blank spaces are not an answer', async () => {
  givenStatus('Agency worker')
  renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Occupation' }), '   ')
  await userEvent.tab()
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAccessibleDescription(
    'The work you do, for example warehouse operative. Error: Please enter your occupation.',
  )
})

test.each([
  [
    'Full-time employed',
    'About your employer',
    [
      ['Occupation', 'Your job title, for example nurse or electrician.'],
      ['Employer name', 'The company or organisation you work for.'],
      ['Employer town', 'The town or city where you work.'],
    ],
  ],
  [
    'Self-employed',
    'About your business',
    [
      ['Occupation', 'What you do, for example plumber or accountant.'],
      ['Business name', 'The name your business trades under.'],
      ['Business town', 'The town or city your business is based in.'],
    ],
  ],
  [
    'Agency worker',
    'About your agency work',
    [
      ['Occupation', 'The work you do, for example warehouse operative.'],
      ['Agency name', 'The employment agency that pays you.'],
      ['Agency town', 'The town or city the agency is based in.'],
    ],
  ],
  [
    'Armed forces',
    'About your service',
    [
      ['Rank or role', 'For example, corporal or aircraft technician.'],
      ['Service', 'For example, British Army, Royal Navy or Royal Air Force.'],
      ['Base or town', 'Where you are based, for example Catterick.'],
    ],
  ],
])(
  '%s: the heading, the page title and the labels follow the status',
  async (status, heading, fields) => {
    // Every answer before it given, so the deep-link guard lets the whole app open the screen.
    const state = filledState()
    state.form.employments = [{ ...emptyEmployment(), employmentStatus: status }]
    setApplication(state)
    const { container } = renderApp('/employment-add/1')
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, LAZY_SCREEN),
    ).toBeVisible()
    await waitFor(() => expect(document.title).toBe(`${heading} – Car Finance Direct`))
    for (const [label, hint] of fields) {
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription(hint!)
    }
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      fields.map(([label]) => `Please enter your ${label!.toLowerCase()}.`),
    )
    await expectNoAxeViolations(container)
  },
  LAZY_TEST_TIMEOUT_MS,
)

test('the fields carry the work autocomplete tokens, and the town none of the home address', () => {
  givenStatus('Full-time employed')
  renderEntry(1)
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAttribute(
    'autocomplete',
    'organization-title',
  )
  expect(screen.getByRole('textbox', { name: 'Employer name' })).toHaveAttribute(
    'autocomplete',
    'organization',
  )
  expect(screen.getByRole('textbox', { name: 'Employer town' })).toHaveAttribute(
    'autocomplete',
    'off',
  )
})

test('the answers are stored in entry n and Continue goes to its length', async () => {
  givenStatus('Retired', 'Self-employed')
  const { location } = renderEntry(2)
  expect(
    screen.getByRole('heading', { level: 1, name: 'About your previous business' }),
  ).toBeVisible()
  expect(screen.getByRole('textbox', { name: 'Business name' })).toHaveAccessibleDescription(
    'The name your business traded under.',
  )
  await userEvent.type(screen.getByRole('textbox', { name: 'Occupation' }), 'Joiner')
  await userEvent.type(screen.getByRole('textbox', { name: 'Business name' }), 'Oak & Ash Ltd')
  await userEvent.type(screen.getByRole('textbox', { name: 'Business town' }), 'Hexham')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.employments[1]).toMatchObject({
    occupation: 'Joiner',
    employerName: 'Oak & Ash Ltd',
    employerTown: 'Hexham',
  })
  expect(location.history?.at(-1)).toBe('/employment-length/2')
})
