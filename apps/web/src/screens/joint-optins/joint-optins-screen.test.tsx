import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointOptinsScreen from './joint-optins-screen'

const givenJoint = (firstName = 'priya') =>
  givenState('harbourlend', (state) => {
    state.form.isJointApplication = true
    state.form.joint.firstName = firstName
  })

test('the joint applicant’s boxes start unticked, name them, and have no axe violations', async () => {
  givenJoint()
  const { container } = renderInMain(<JointOptinsScreen />, '/joint-optins')
  expect(
    screen.getByRole('heading', { level: 1, name: 'How would they like to hear from us?' }),
  ).toBeVisible()
  expect(
    screen.getByText(/Only tick a box if Priya has told you they are happy to be contacted/),
  ).toBeVisible()
  const boxes = screen.getAllByRole('checkbox')
  expect(boxes).toHaveLength(7)
  for (const box of boxes) expect(box).not.toBeChecked()
  expect(boxes.map((box) => box.id)).toEqual([
    'jointIsOptedEmail',
    'jointIsOptedSms',
    'jointIsOptedPhone',
    'jointIsOptedPost',
    'jointIsOptedThirdPartyEmail',
    'jointIsOptedThirdPartySms',
    'jointIsOptedThirdPartyPhone',
  ])
  await expectNoAxeViolations(container)
}, 20_000)

test('ticked channels are stored for the joint applicant only, and Continue goes to the soft search', async () => {
  givenJoint()
  const { location } = renderInMain(<JointOptinsScreen />, '/joint-optins')
  const ours = within(screen.getByRole('group', { name: 'Offers from Harbour Lending' }))
  const partners = within(
    screen.getByRole('group', { name: 'Offers from carefully selected partners' }),
  )
  await userEvent.click(ours.getByRole('checkbox', { name: 'Telephone' }))
  await userEvent.click(partners.getByRole('checkbox', { name: 'Email' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form, completedSteps } = getApplication()
  expect(form.joint).toMatchObject({
    isOptedEmail: false,
    isOptedSms: false,
    isOptedPhone: true,
    isOptedPost: false,
    isOptedThirdParty: true,
    isOptedThirdPartyEmail: true,
    isOptedThirdPartySms: false,
    isOptedThirdPartyPhone: false,
  })
  expect([form.isOptedPhone, form.isOptedThirdParty, form.isOptedThirdPartyEmail]).toEqual([
    false,
    false,
    false,
  ])
  expect(completedSteps).toContain('joint-optins')
  expect(location.history?.at(-1)).toBe('/soft-search')
})

test('without a first name the screen speaks of the joint applicant', () => {
  givenJoint('')
  renderInMain(<JointOptinsScreen />, '/joint-optins')
  expect(screen.getByText(/We would like to tell the joint applicant about offers/)).toBeVisible()
})
