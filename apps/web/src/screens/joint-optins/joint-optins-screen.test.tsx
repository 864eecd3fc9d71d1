import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedLines } from '#testing/evidence-reports'
import { givenState, renderInMain } from '#testing/render'
import JointOptinsScreen from './joint-optins-screen'

const forThem = (how: string) =>
  `Yes, the joint applicant would like to hear about offers from Harbour Lending ${how}. Only say ` +
  'yes if they have told you they are happy to be contacted this way. This is optional, does not ' +
  'affect the application, and they can change their mind at any time.'

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
  expect(boxes[0]).toHaveAccessibleName(forThem('by email'))
  expect(reportedLines()).toEqual(
    ['email', 'sms', 'phone', 'post', 'partner-email', 'partner-sms', 'partner-phone'].map(
      (channel) => `shown joint joint-marketing-${channel}@1 /joint-optins`,
    ),
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('ticked channels are stored for the joint applicant only, and Continue goes to the soft search', async () => {
  givenJoint()
  const { location } = renderInMain(<JointOptinsScreen />, '/joint-optins')
  const ours = within(screen.getByRole('group', { name: 'Offers from Harbour Lending' }))
  const partners = within(
    screen.getByRole('group', { name: 'Offers from carefully selected partners' }),
  )
  await userEvent.click(ours.getByRole('checkbox', { name: forThem('by telephone') }))
  await userEvent.click(partners.getByRole('checkbox', { name: /our partners .* by email\./ }))
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
  expect(reportedLines().filter((line) => !line.startsWith('shown'))).toEqual([
    'declined joint joint-marketing-email@1 /joint-optins',
    'declined joint joint-marketing-sms@1 /joint-optins',
    'agreed joint joint-marketing-phone@1 /joint-optins',
    'declined joint joint-marketing-post@1 /joint-optins',
    'agreed joint joint-marketing-partner-email@1 /joint-optins',
    'declined joint joint-marketing-partner-sms@1 /joint-optins',
    'declined joint joint-marketing-partner-phone@1 /joint-optins',
  ])
})

test('without a first name the screen speaks of the joint applicant', () => {
  givenJoint('')
  renderInMain(<JointOptinsScreen />, '/joint-optins')
  expect(screen.getByText(/We would like to tell the joint applicant about offers/)).toBeVisible()
})
