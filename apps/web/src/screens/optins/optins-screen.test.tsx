import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedLines } from '#testing/evidence-reports'
import { givenState, renderInMain } from '#testing/render'
import OptinsScreen from './optins-screen'

const ours = 'Offers from Car Finance Direct'
const partners = 'Offers from carefully selected partners'
const OPTIONAL =
  'This is optional, does not affect your application, and you can change your mind at any time.'
const fromUs = (how: string) =>
  `Yes, I would like to hear about offers from Car Finance Direct ${how}. ${OPTIONAL}`
const fromPartners = (how: string) =>
  'Yes, I would like to hear about offers from our partners Forecourt Motor Insurance Ltd and ' +
  `Direct Warranty Services Ltd ${how}. ${OPTIONAL}`
const CHANNELS = ['email', 'sms', 'phone', 'post', 'partner-email', 'partner-sms', 'partner-phone']

test('one unticked box per channel, ours and partners’, with no axe violations', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<OptinsScreen />, '/optins')
  expect(
    screen.getByRole('heading', { level: 1, name: 'How would you like to hear from us?' }),
  ).toBeVisible()
  expect(screen.getByText(/This is optional and does not affect your application/)).toBeVisible()

  const boxes = (group: string) =>
    within(screen.getByRole('group', { name: group }))
      .getAllByRole('checkbox')
      .map((box) => [
        (box as HTMLInputElement).labels?.[0]?.textContent,
        (box as HTMLInputElement).checked,
      ])
  // Each box is labelled with the brand's consent text for its channel, the text the record names.
  expect(boxes(ours)).toEqual([
    [fromUs('by email'), false],
    [fromUs('by text message'), false],
    [fromUs('by telephone'), false],
    [fromUs('by post'), false],
  ])
  expect(boxes(partners)).toEqual([
    [fromPartners('by email'), false],
    [fromPartners('by text message'), false],
    [fromPartners('by telephone'), false],
  ])
  expect(reportedLines()).toEqual(
    CHANNELS.map((channel) => `shown main marketing-${channel}@1 /optins`),
  )
  expect(screen.getByRole('group', { name: ours })).toHaveAccessibleDescription(
    'Tick each way you are happy for us to contact you. Leave them all unticked if you do not want to hear from us.',
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('nothing ticked is an answer: Continue goes to the soft search with every choice no', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<OptinsScreen />, '/optins')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull()
  const { form, completedSteps } = getApplication()
  expect([
    form.isOptedEmail,
    form.isOptedSms,
    form.isOptedPhone,
    form.isOptedPost,
    form.isOptedThirdParty,
    form.isOptedThirdPartyEmail,
    form.isOptedThirdPartySms,
    form.isOptedThirdPartyPhone,
  ]).toEqual([false, false, false, false, false, false, false, false])
  expect(completedSteps).toContain('optins')
  expect(location.history?.at(-1)).toBe('/soft-search')
  expect(reportedLines().filter((line) => !line.startsWith('shown'))).toEqual(
    CHANNELS.map((channel) => `declined main marketing-${channel}@1 /optins`),
  )
})

test('each ticked channel is stored on its own, and a partner channel makes the third-party opt-in yes', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<OptinsScreen />, '/optins')
  const ourGroup = within(screen.getByRole('group', { name: ours }))
  const partnerGroup = within(screen.getByRole('group', { name: partners }))
  await userEvent.click(ourGroup.getByRole('checkbox', { name: fromUs('by email') }))
  await userEvent.click(ourGroup.getByRole('checkbox', { name: fromUs('by post') }))
  await userEvent.click(
    partnerGroup.getByRole('checkbox', { name: fromPartners('by text message') }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form } = getApplication()
  expect(form).toMatchObject({
    isOptedEmail: true,
    isOptedSms: false,
    isOptedPhone: false,
    isOptedPost: true,
    isOptedThirdParty: true,
    isOptedThirdPartyEmail: false,
    isOptedThirdPartySms: true,
    isOptedThirdPartyPhone: false,
  })
  expect(form.joint.isOptedEmail).toBe(false)
  expect(location.history?.at(-1)).toBe('/soft-search')
  expect(reportedLines().filter((line) => !line.startsWith('shown'))).toEqual([
    'agreed main marketing-email@1 /optins',
    'declined main marketing-sms@1 /optins',
    'declined main marketing-phone@1 /optins',
    'agreed main marketing-post@1 /optins',
    'declined main marketing-partner-email@1 /optins',
    'agreed main marketing-partner-sms@1 /optins',
    'declined main marketing-partner-phone@1 /optins',
  ])
})

test('a joint application goes on to the joint applicant’s choices', async () => {
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
  const { location } = renderInMain(<OptinsScreen />, '/optins')
  expect(screen.getByRole('group', { name: 'Offers from Harbour Lending' })).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(location.history?.at(-1)).toBe('/joint-optins')
})
