import { findStep } from '@forecourt/domain/journey/navigation'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp, renderInMain } from '#testing/render'
import MaritalStatusScreen from './marital-status-screen'

const question = 'What is your marital status?'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

test('Continue without an answer shows the message in the summary and beside the question', async () => {
  givenState('scorepal')
  const { container } = renderInMain(<MaritalStatusScreen />, '/marital-status')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(screen.getAllByRole('radio')).toHaveLength(7)
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'Error: Please choose an option to continue.',
  )
  await expectNoAxeViolations(container)
})

test('the answer is stored and Continue goes to the date of birth', async () => {
  givenState('scorepal')
  const { location } = renderInMain(<MaritalStatusScreen />, '/marital-status')
  await userEvent.click(screen.getByRole('radio', { name: 'Civil partnership' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.maritalStatus).toBe('Civil partnership')
  expect(getApplication().form.maritalStatusCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe('/date-of-birth')
})

test('going on and coming back with Previous keeps the answer, and the title names the step', async () => {
  givenState('scorepal', (state) => {
    // The earlier steps are answered, as they would be on the way here.
    Object.assign(state.form, { loanAmount: 7000, loanAmountCompleted: true, term: 36 })
    state.form.drivingLicenceType = 'Full UK'
  })
  renderApp('/marital-status')
  await waitFor(() => expect(document.title).toBe(`${question} – ScorePal Car Finance`))
  await userEvent.click(await screen.findByRole('radio', { name: 'Separated' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { level: 1, name: 'What is your date of birth?' })

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(await screen.findByRole('radio', { name: 'Separated' })).toBeChecked()
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/marital-status')?.title).toBe(
    findStep('marital-status')?.title,
  )
})
