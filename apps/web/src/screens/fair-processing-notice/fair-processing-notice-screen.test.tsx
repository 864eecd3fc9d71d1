import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedLines } from '#testing/evidence-reports'
import { givenState, renderInMain } from '#testing/render'
import FairProcessingNoticeScreen from './fair-processing-notice-screen'

const read = 'I have read how my information will be used'

test('the notice covers use, sharing, keeping, rights and commission, in the brand’s name', () => {
  givenState('milebroker')
  renderInMain(<FairProcessingNoticeScreen />, '/fair-processing-notice')
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual([
    'What we use it for',
    'Who we share it with',
    'How long we keep it',
    'Your rights',
    'How we are paid',
  ])
  const text = document.body.textContent ?? ''
  for (const expected of [
    'Mile Broker is a credit broker, not a lender.',
    'Finance providers and lenders',
    'Credit reference agencies',
    'Fraud prevention agencies',
    'Insurers',
    'Companies in our group',
    'Regulators',
    'Up to six years',
  ]) {
    expect(text, expected).toContain(expected)
  }
  // The notice's summary, the commission disclosure and the panel statement are the brand's texts.
  const disclosure = (id: string) =>
    document.querySelector(`[data-disclosure="${id}"]`)?.textContent
  expect(disclosure('fair-processing')).toMatch(
    /^Mile Broker uses the information you give us to assess your application/,
  )
  expect(disclosure('commission')).toMatch(
    /^Mile Broker is a credit broker, not a lender\. .* You can ask us how much commission we will receive before you decide\.$/,
  )
  expect(disclosure('panel')).toBe(
    'We work with a panel of 14 lenders; we do not search the whole market. We are not tied to any lender.',
  )
  expect(reportedLines()).toEqual([
    'shown main fair-processing@1 /fair-processing-notice',
    'shown main commission@1 /fair-processing-notice',
    'shown main panel@2 /fair-processing-notice',
  ])
})

test.each([
  ['carfinance', '/privacy-policy'],
  ['scorepal', brands.scorepal.privacyUrl],
] as const)('on %s the privacy policy link goes to %s, in a new tab', (brandId, href) => {
  givenState(brandId)
  renderInMain(<FairProcessingNoticeScreen />, '/fair-processing-notice')
  const link = screen.getByRole('link', { name: 'privacy policy (opens in a new tab)' })
  expect(link).toHaveAttribute('href', href)
  expect(link).toHaveAttribute('target', '_blank')
  expect(link).toHaveAttribute('rel', 'noopener noreferrer')
})

test('Continue without the box ticked shows the message in the summary and beside the box', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<FairProcessingNoticeScreen />, '/fair-processing-notice')
  expect(
    screen.getByRole('heading', { level: 1, name: 'How we use your information' }),
  ).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please check this box.',
  ])
  expect(screen.getByRole('checkbox', { name: read })).toHaveAccessibleDescription(
    'Error: Please check this box.',
  )
  await waitFor(() => expect(screen.getByRole('checkbox', { name: read })).toHaveFocus())
  await expectNoAxeViolations(container)
}, 20_000)

test('ticking the box is stored and Continue goes to check your answers', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<FairProcessingNoticeScreen />, '/fair-processing-notice')
  expect(screen.queryByText(/joint applicant’s information/)).toBeNull()
  await userEvent.click(screen.getByRole('checkbox', { name: read }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.fairProcessingAcknowledged).toBe(true)
  expect(location.history?.at(-1)).toBe('/before-you-submit')
  expect(reportedLines().at(-1)).toBe('agreed main fair-processing@1 /fair-processing-notice')
})

test('a joint application asks that the joint applicant reads it too', () => {
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
  renderInMain(<FairProcessingNoticeScreen />, '/fair-processing-notice')
  expect(screen.getByText(/It applies to the joint applicant’s information too/)).toBeVisible()
  // Shown to the joint applicant through the main applicant, whom the notice asks to show them.
  expect(reportedLines().filter((line) => line.includes(' joint '))).toEqual([
    'shown joint fair-processing@1 /fair-processing-notice',
    'shown joint commission@1 /fair-processing-notice',
    'shown joint panel@2 /fair-processing-notice',
  ])
})
