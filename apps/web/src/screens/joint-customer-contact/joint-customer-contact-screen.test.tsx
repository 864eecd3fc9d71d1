import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointCustomerContactScreen from './joint-customer-contact-screen'

const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
const email = () => screen.getByRole('textbox', { name: 'Their email address' })
const phone = () => screen.getByRole('textbox', { name: 'Their phone number' })
const emailHint = 'We will use it to contact them about this application.'
const phoneHint = 'A UK mobile or landline number: 11 digits, starting with 0.'

// The answers are given as already typed, so only Continue checks them.
test.each([
  ['nothing', '', '', 'Please enter their email address.', 'Please enter their phone number.'],
  [
    'a wrong email and a foreign number',
    'sam@',
    '+33612345678',
    'Please try again. That email address doesn’t look right.',
    'Please enter their phone number without the country code.',
  ],
  [
    'too few digits',
    'sam@example',
    '0161496',
    'Please try again. That email address doesn’t look right.',
    'Please try again, UK phone numbers should contain 11 digits.',
  ],
  [
    'a drama number',
    'sam@example.co.uk',
    '07700900982',
    null,
    'Please try again, Their phone number looks invalid.',
  ],
])(
  'Continue with %s shows the "their" messages in the summary and beside each field',
  async (_, typedEmail, typedPhone, emailMessage, phoneMessage) => {
    givenState('harbourlend', (state) => {
      state.form.isJointApplication = true
      state.form.joint.email = typedEmail
      state.form.joint.contactNumber = typedPhone
    })
    const { container } = renderInMain(<JointCustomerContactScreen />, '/joint-customer-contact')
    expect(email()).toHaveValue(typedEmail)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      [emailMessage, phoneMessage].filter(Boolean),
    )
    expect(email()).toHaveAccessibleDescription(
      emailMessage ? `${emailHint} Error: ${emailMessage}` : emailHint,
    )
    expect(phone()).toHaveAccessibleDescription(`${phoneHint} Error: ${phoneMessage}`)
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the heading shows, autofill is off and the empty screen has no axe violations', async () => {
  givenJoint()
  const { container } = renderInMain(<JointCustomerContactScreen />, '/joint-customer-contact')
  expect(screen.getByRole('heading', { level: 1, name: 'How can we contact them?' })).toBeVisible()
  expect(email()).toHaveAttribute('autocomplete', 'off')
  expect(phone()).toHaveAttribute('autocomplete', 'off')
  await expectNoAxeViolations(container)
}, 20_000)

test('the email waits 1 s before it is stored; Continue stores both at once and goes on', async () => {
  givenJoint()
  const { location } = renderInMain(<JointCustomerContactScreen />, '/joint-customer-contact')
  await userEvent.type(email(), 'sam @example.com')
  expect(email()).toHaveValue('sam@example.com')
  expect(getApplication().form.joint.email).toBe('')
  await userEvent.type(phone(), '+44 7912.345,678')
  expect(getApplication().form.joint.contactNumber).toBe('07912345678')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint).toMatchObject({
    email: 'sam@example.com',
    contactNumber: '07912345678',
  })
  expect(getApplication().form.email).toBe('')
  expect(location.history?.at(-1)).toBe('/breathing-space')
})
