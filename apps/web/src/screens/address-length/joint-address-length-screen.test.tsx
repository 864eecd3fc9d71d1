import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { JointAddressLengthScreen } from './address-length-screen'

const entry = (years: number | null, street = 'Westgate'): Address => ({
  ...emptyAddress(),
  houseNumber: '4',
  street,
  town: 'Otley',
  postcode: 'LS21 3AB',
  yearsAtAddress: years,
  monthsAtAddress: null,
  residentialStatus: years === null ? '' : 'Private tenant',
})

const livesElsewhere = (addresses: Address[]) =>
  givenState('carfinance', (state) => {
    state.form.isJointApplication = true
    state.isJointApplication = true
    state.form.joint.livesAtApplicantAddress = false
    state.form.joint.addresses = addresses
    state.form.addresses = [{ ...entry(5, 'Acacia Avenue') }]
  })

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/joint-address-length/:n">
      <JointAddressLengthScreen />
    </Route>,
    `/joint-address-length/${n}`,
  )

test('Continue with nothing entered asks for an answer, and the screen has no axe violations', async () => {
  livesElsewhere([entry(null)])
  const { container } = renderEntry(1)
  const question = screen.getByRole('group', { name: 'How long have they lived at this address?' })
  expect(question).toHaveAccessibleDescription('0 months so far; we need 3 years')
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please answer this question.',
  ])
  expect(question).toHaveAccessibleDescription(
    '0 months so far; we need 3 years Error: Please answer this question.',
  )
  await expectNoAxeViolations(container)
})

test('under three years asks for their previous address; their own history, not the applicant’s, counts', async () => {
  livesElsewhere([entry(null)])
  const { location } = renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '2')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '6')
  await userEvent.tab()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint.addresses[0]).toMatchObject({
    yearsAtAddress: 2,
    monthsAtAddress: 6,
  })
  // The applicant's five years at their own address do not complete the joint applicant's history.
  expect(getApplication().form.addresses[0]?.yearsAtAddress).toBe(5)
  expect(location.history?.at(-1)).toBe('/joint-residential-status/1')
})

test('a later entry asks how long they lived there, with the total so far', async () => {
  livesElsewhere([entry(1, 'Westgate'), entry(null, 'Kirkgate')])
  renderEntry(2)
  expect(
    screen.getByRole('group', { name: 'How long did they live at this address?' }),
  ).toHaveAccessibleDescription('1 year so far; we need 3 years')
})
