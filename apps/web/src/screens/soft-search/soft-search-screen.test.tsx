import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedLines } from '#testing/evidence-reports'
import { givenState, renderInMain } from '#testing/render'
import SoftSearchScreen from './soft-search-screen'

const agree = 'I agree to a soft search'
const AGREEMENT =
  'I agree that Car Finance Direct and the lenders on its panel may run a soft credit search to see ' +
  'which finance I could be offered. A soft search does not affect my credit score and other ' +
  'lenders cannot see it.'

test('Continue without agreeing shows the message in the summary and beside the box', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<SoftSearchScreen />, '/soft-search')
  expect(screen.getByRole('heading', { level: 1, name: 'Checking your eligibility' })).toBeVisible()
  expect(screen.getByText('A soft search has no impact on your credit score.')).toBeVisible()
  expect(
    screen.getByText('It is visible only to you on your credit file: other lenders cannot see it.'),
  ).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please check this box.',
  ])
  // The brand's agreement text, the one the evidence record names, describes the box.
  expect(screen.getByRole('checkbox', { name: agree })).toHaveAccessibleDescription(
    `${AGREEMENT} Error: Please check this box.`,
  )
  expect(reportedLines()).toEqual(['shown main soft-search@1 /soft-search'])
  expect(screen.getByRole('group', { name: 'Do you agree to a soft search?' })).toContainElement(
    screen.getByRole('checkbox', { name: agree }),
  )
  await waitFor(() => expect(screen.getByRole('checkbox', { name: agree })).toHaveFocus())
  await expectNoAxeViolations(container)
}, 20_000)

test('agreeing is stored and Continue goes to how we use your information', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<SoftSearchScreen />, '/soft-search')
  expect(screen.queryByText(/both of you/)).toBeNull()
  await userEvent.click(screen.getByRole('checkbox', { name: agree }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.agreeSoftSearch).toBe(true)
  expect(location.history?.at(-1)).toBe('/fair-processing-notice')
  expect(reportedLines()).toEqual([
    'shown main soft-search@1 /soft-search',
    'agreed main soft-search@1 /soft-search',
  ])
})

test('a joint application says both applicants are searched', () => {
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
  renderInMain(<SoftSearchScreen />, '/soft-search')
  expect(screen.getByText(/we will carry out a soft search on both of you/)).toBeVisible()
})
