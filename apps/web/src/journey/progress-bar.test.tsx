import { act, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { brands } from '@forecourt/domain/brands/brand-data'
import { journeyProgress } from '@forecourt/domain/progress/progress'
import { getApplication, update } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, renderApp } from '#testing/render'
import { ProgressBar } from './progress-bar'

// A single applicant on carfinance with no vehicle passes 20 screens with a question
// (docs/decisions/1535): each one answered adds 5 %.
const answerOpeningScreens = (state: ApplicationState) => {
  Object.assign(state.form, {
    loanAmount: 8000,
    loanAmountCompleted: true,
    term: 48,
    drivingLicenceType: 'Full UK',
    maritalStatus: 'Single',
    dateOfBirth: '1990-03-07T00:00:00.000Z',
    title: 'Ms',
    firstName: 'Ann',
    lastName: 'Lee',
  })
}

test.each<[string, (state: ApplicationState) => void, number]>([
  ['nothing answered', () => {}, 0],
  ['the loan amount', (state) => Object.assign(state.form, { loanAmountCompleted: true }), 5],
  ['six of twenty screens', answerOpeningScreens, 30],
])('progress with %s is %i%', (_name, change, percent) => {
  givenState('carfinance', change)
  render(<ProgressBar />)
  const bar = screen.getByRole('progressbar', { name: 'Application progress' })
  expect(bar).toHaveAttribute('aria-valuenow', String(percent))
  expect(bar).toHaveAttribute('aria-valuemin', '0')
  expect(bar).toHaveAttribute('aria-valuemax', '100')
  expect(bar).toHaveAttribute('aria-valuetext', `${percent}% complete`)
})

test('the bar follows the state as answers arrive', () => {
  givenState('carfinance', answerOpeningScreens)
  render(<ProgressBar />)
  const bar = screen.getByRole('progressbar')
  expect(bar).toHaveAttribute('aria-valuenow', '30')
  act(() =>
    update((draft) => {
      draft.form.email = 'ann@example.com'
      draft.form.contactNumber = '07911123456'
    }),
  )
  expect(bar).toHaveAttribute('aria-valuenow', '35')
})

test(
  'a question screen shows the bar above its heading, with no axe violations',
  async () => {
    givenState('carfinance', answerOpeningScreens)
    const { container } = renderApp('/contact')
    await screen.findByRole('heading', { level: 1, name: 'How can we contact you?' }, LAZY_SCREEN)
    const bar = screen.getByRole('progressbar', { name: 'Application progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '30')
    expect(screen.getByRole('main')).toContainElement(bar)
    await expectNoAxeViolations(container)
  },
  LAZY_TEST_TIMEOUT_MS,
)

test('adding a joint applicant lengthens the path but does not pull the bar back, and a reload keeps it', () => {
  givenState('carfinance', answerOpeningScreens)
  const { unmount } = render(<ProgressBar />)
  const bar = () => screen.getByRole('progressbar', { name: 'Application progress' })
  expect(bar()).toHaveAttribute('aria-valuenow', '30')
  act(() =>
    update((draft) => {
      draft.form.maritalStatus = 'Married'
      draft.form.isJointApplication = true
    }),
  )
  // The honest count has fallen below 30 %; the bar goes on from 30 %, the joint question answered.
  expect(
    journeyProgress({ state: getApplication(), brand: brands.carfinance }).percent,
  ).toBeLessThan(30)
  expect(bar()).toHaveAttribute('aria-valuenow', '33')
  unmount()
  render(<ProgressBar />)
  expect(bar()).toHaveAttribute('aria-valuenow', '33')
})
