import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import OptinsScreen from './optins-screen'

const ours = 'Offers from Car Finance Direct'
const partners = 'Offers from carefully selected partners'

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
  expect(boxes(ours)).toEqual([
    ['Email', false],
    ['Text message', false],
    ['Telephone', false],
    ['Post', false],
  ])
  expect(boxes(partners)).toEqual([
    ['Email', false],
    ['Text message', false],
    ['Telephone', false],
  ])
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
})

test('each ticked channel is stored on its own, and a partner channel makes the third-party opt-in yes', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<OptinsScreen />, '/optins')
  const ourGroup = within(screen.getByRole('group', { name: ours }))
  const partnerGroup = within(screen.getByRole('group', { name: partners }))
  await userEvent.click(ourGroup.getByRole('checkbox', { name: 'Email' }))
  await userEvent.click(ourGroup.getByRole('checkbox', { name: 'Post' }))
  await userEvent.click(partnerGroup.getByRole('checkbox', { name: 'Text message' }))
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
})

test('a joint application goes on to the joint applicant’s choices', async () => {
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
  const { location } = renderInMain(<OptinsScreen />, '/optins')
  expect(screen.getByRole('group', { name: 'Offers from Harbour Lending' })).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(location.history?.at(-1)).toBe('/joint-optins')
})
