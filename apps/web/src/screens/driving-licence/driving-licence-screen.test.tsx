import { findStep } from '@forecourt/domain/journey/navigation'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import DrivingLicenceScreen from './driving-licence-screen'

const question = 'What type of driving licence do you have?'

test('Continue without an answer shows the message in the summary and beside the question', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<DrivingLicenceScreen />, '/driving-licence')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
    'Full UK',
    'Provisional UK',
    'EU/EEA',
    'International',
    'No licence',
  ])
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

test.each([
  ['Full UK', true],
  ['Provisional UK', false],
  ['No licence', false],
])(
  '%s is stored, fullLicence becomes %s and Continue goes to marital status',
  async (label, full) => {
    givenState('carfinance')
    const { location } = renderInMain(<DrivingLicenceScreen />, '/driving-licence')
    await userEvent.click(screen.getByRole('radio', { name: label }))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const state = getApplication()
    expect(state.form.drivingLicenceType).toBe(label)
    expect(state.form.drivingLicenceCompleted).toBe(true)
    expect(state.fullLicence).toBe(full)
    expect(location.history?.at(-1)).toBe('/marital-status')
  },
)

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/driving-licence')?.title).toBe(
    findStep('driving-licence')?.title,
  )
})
