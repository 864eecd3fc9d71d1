import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { StepLayout } from './step-layout'

function renderStep(change: (state: ApplicationState) => void = () => {}) {
  givenState('carfinance', change)
  const onContinue = vi.fn()
  const onPrevious = vi.fn()
  renderInMain(
    <StepLayout title="What is your name?" onContinue={onContinue} onPrevious={onPrevious}>
      <label htmlFor="first-name">First name</label>
      <input id="first-name" />
      <button type="button">Find address</button>
    </StepLayout>,
  )
  return { onContinue, onPrevious }
}

test('a question screen has its heading, a form that does not validate natively, and both buttons', async () => {
  const { onContinue, onPrevious } = renderStep((state) => {
    state.isEnabledGoBack = true
  })
  const heading = screen.getByRole('heading', { level: 1, name: 'What is your name?' })
  expect(heading).toHaveAttribute('tabindex', '-1')
  expect(heading.closest('form')).toHaveAttribute('novalidate')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(onContinue).toHaveBeenCalledTimes(1)
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(onPrevious).toHaveBeenCalledTimes(1)
  await expectNoAxeViolations()
})

test('pressing Enter in a field continues', async () => {
  const { onContinue } = renderStep()
  await userEvent.type(screen.getByLabelText('First name'), 'Ann{Enter}')
  expect(onContinue).toHaveBeenCalledTimes(1)
})

test('Continue and Previous follow isEnabledContinue and isEnabledGoBack', () => {
  const { onContinue } = renderStep((state) => {
    state.isEnabledContinue = false
    state.isEnabledGoBack = false
  })
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
  fireEvent.submit(screen.getByLabelText('First name').closest('form')!)
  expect(onContinue).not.toHaveBeenCalled()
})

test('while the application is locked every input and control is disabled', () => {
  const { onContinue } = renderStep((state) => {
    state.isLocked = true
    state.isEnabledContinue = true
    state.isEnabledGoBack = true
  })
  expect(screen.getByLabelText('First name')).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Find address' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
  fireEvent.submit(screen.getByLabelText('First name').closest('form')!)
  expect(onContinue).not.toHaveBeenCalled()
})

test('after submitting, a locked screen says the application was sent, with the reference and the way on', async () => {
  sessionStorage.setItem(
    'forecourt.reference',
    JSON.stringify({ guid: 'test-guid', reference: 'FC-NN07-T1T4-FN9J' }),
  )
  try {
    renderStep((state) => {
      state.isLocked = true
      state.applicationSubmitOk = true
    })
    const heading = screen.getByRole('heading', { level: 1, name: 'What is your name?' })
    const notice = screen.getByText(/Your application has been sent/).closest('div')!
    expect(notice).toHaveTextContent(
      'Your application has been sent (reference FC-NN07-T1T4-FN9J). Your answers can no longer be ' +
        'changed.See your reference and what happens next',
    )
    // Read right after the heading, which takes focus on arrival.
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'See your reference and what happens next' }),
    ).toHaveAttribute('href', '/complete')
    await expectNoAxeViolations()
  } finally {
    sessionStorage.clear()
  }
})

test('locked before the answer came: submitted, not yet said to be sent', () => {
  renderStep((state) => {
    state.isLocked = true
  })
  expect(
    screen.getByText('Your application has been submitted.', { exact: false }),
  ).toBeInTheDocument()
  expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument()
})

test('an application still open has no such notice', () => {
  renderStep()
  expect(screen.queryByText(/Your application has been/)).not.toBeInTheDocument()
})

test('without a title the screen relies on a control drawing the heading', () => {
  givenState('carfinance')
  renderInMain(
    <StepLayout onContinue={() => {}} onPrevious={() => {}}>
      <h1>What is your marital status?</h1>
    </StepLayout>,
  )
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
})

test('pressing Continue or Previous with the pointer keeps focus in the field until the click', () => {
  renderStep((state) => {
    state.isEnabledGoBack = true
  })
  const field = screen.getByLabelText('First name')
  field.focus()
  // A cancelled mousedown: the browser does not move focus, so the field is not left (and no
  // message appears under the pointer) before the click arrives.
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Continue' }))).toBe(false)
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Previous' }))).toBe(false)
  expect(field).toHaveFocus()
})

test('Save and come back later opens the save screen, saying which screen to come back to', async () => {
  givenState('carfinance')
  const { location } = renderInMain(
    <StepLayout title="How can we contact you?" onContinue={vi.fn()} onPrevious={vi.fn()}>
      <p>Fields</p>
    </StepLayout>,
    '/contact',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Save and come back later' }))
  expect(location.history?.at(-1)).toBe('/save?from=%2Fcontact')
})

test('Save and come back later is off once the application is locked', () => {
  givenState('carfinance', (state) => {
    state.isLocked = true
  })
  renderInMain(
    <StepLayout title="How can we contact you?" onContinue={vi.fn()} onPrevious={vi.fn()}>
      <p>Fields</p>
    </StepLayout>,
  )
  expect(screen.getByRole('button', { name: 'Save and come back later' })).toBeDisabled()
})
