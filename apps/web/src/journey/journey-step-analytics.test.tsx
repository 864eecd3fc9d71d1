// A Continue's analytics events (docs/requirements.md#analytics-events) go once the next screen, or
// the errors, have been painted, in the order the applicant made them (decision 2183).
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { afterNextPaint } from '#lib/after-next-paint'
import { givenState, renderApp } from '#testing/render'

/** The events in the tag manager's data layer, as `event step`. */
const tracked = () =>
  (window.dataLayer ?? []).map((entry) => {
    const { event, step } = entry as { event: string; step?: string }
    return `${event} ${step ?? ''}`.trim()
  })

/** Once the work the app handed to afterNextPaint before now has run. */
const nextFramePainted = () => new Promise<void>((resolve) => afterNextPaint(resolve))

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  delete window.dataLayer
})

afterEach(() => {
  delete window.dataLayer
})

test('Continue: the screen changes first, then Page View, Submit and the next Step Viewed, in order', async () => {
  givenState('scorepal', (state) => {
    Object.assign(state.form, { loanAmount: 7000, loanAmountCompleted: true, term: 36 })
    state.form.drivingLicenceType = 'Full UK'
  })
  renderApp('/marital-status')
  await userEvent.click(await screen.findByRole('radio', { name: 'Separated' }))
  await nextFramePainted()
  expect(tracked()).toContain('Step Viewed marital-status')
  delete window.dataLayer

  const user = userEvent.setup({ delay: null })
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect(tracked()).toEqual([])
  await screen.findByRole('heading', { level: 1, name: 'What is your date of birth?' })
  await nextFramePainted()
  expect(tracked()).toEqual([
    'Page View marital-status',
    'Submit marital-status',
    'Step Viewed date-of-birth',
  ])
})

test('a refused Continue: the errors show first, then Page View and Submit Error', async () => {
  givenState('scorepal', (state) => {
    Object.assign(state.form, { loanAmount: 7000, loanAmountCompleted: true, term: 36 })
    state.form.drivingLicenceType = 'Full UK'
  })
  renderApp('/marital-status')
  await screen.findByRole('heading', { level: 1, name: 'What is your marital status?' })
  await nextFramePainted()
  delete window.dataLayer

  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Continue' }))
  expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument()
  expect(tracked()).toEqual([])
  await nextFramePainted()
  expect(tracked()).toEqual(['Page View marital-status', 'Submit Error marital-status'])
})
