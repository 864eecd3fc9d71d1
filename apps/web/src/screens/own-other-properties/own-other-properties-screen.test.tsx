import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import OwnOtherPropertiesScreen from './own-other-properties-screen'

const onProperty = () =>
  givenState('harbourlend', (state) => void (state.form.loanPurposeType = 'property'))

test('Continue without a choice asks for one, and the screen has no axe violations', async () => {
  onProperty()
  const { container } = renderInMain(<OwnOtherPropertiesScreen />, '/own-other-properties')
  expect(
    screen.getByRole('heading', { level: 1, name: 'Do you own any other properties?' }),
  ).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(
    screen.getByRole('group', { name: 'Do you own any other properties?' }),
  ).toHaveAccessibleDescription(
    'Apart from your home and the property you are borrowing against. Error: Please choose an option to continue.',
  )
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus())
  await expectNoAxeViolations(container)
})

test.each([
  ['Yes', true],
  ['No', false],
] as const)('"%s" is stored as %s and Continue goes on to employment', async (label, stored) => {
  onProperty()
  const { location } = renderInMain(<OwnOtherPropertiesScreen />, '/own-other-properties')
  await userEvent.click(screen.getByRole('radio', { name: label }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.ownOtherProperties).toBe(stored)
  expect(location.history?.at(-1)).toBe('/employment/1')
})
