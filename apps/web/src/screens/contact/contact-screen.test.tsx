import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import ContactScreen from './contact-screen'

const email = () => screen.getByRole('textbox', { name: 'Email address' })
const phone = () => screen.getByRole('textbox', { name: 'Phone number' })
const summaryLinks = () => {
  const summary = screen.queryByRole('heading', { name: 'There is a problem' })?.parentElement
  return summary
    ? [...summary.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
    : []
}

afterEach(() => {
  vi.useRealTimers()
  document.title = ''
})

test('an invalid email shown on leaving the field is in the error summary at once, and focus moves on as asked', async () => {
  givenState('carfinance')
  document.title = 'How can we contact you? – Car Finance Direct'
  const { container } = renderInMain(<ContactScreen />, '/contact')
  await userEvent.type(email(), 'ada@')
  await userEvent.tab()

  expect(phone()).toHaveFocus()
  expect(summaryLinks()).toEqual([
    ['Please try again. That email address doesn’t look right.', '#email'],
  ])
  expect(email()).toHaveAccessibleDescription(
    'We will send your quote and any updates about your application here. Error: Please try again. That email address doesn’t look right.',
  )
  expect(document.title).toBe('Error: How can we contact you? – Car Finance Direct')
  await expectNoAxeViolations(container)
})

test.each([
  ['a foreign number', '+33612345678', 'Please enter your phone number without the country code.'],
  ['too few digits', '0161496', 'Please try again, UK phone numbers should contain 11 digits.'],
  ['an unused prefix', '04123456789', 'Please try again, Your phone number looks invalid.'],
])(
  'Continue with %s lists every message in the summary, each linking to its field',
  async (_, typedPhone, phoneMessage) => {
    givenState('carfinance')
    renderInMain(<ContactScreen />, '/contact')
    await userEvent.type(email(), 'ada@example')
    await userEvent.type(phone(), typedPhone)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(summaryLinks()).toEqual([
      ['Please try again. That email address doesn’t look right.', '#email'],
      [phoneMessage, '#contactNumber'],
    ])
    await userEvent.click(screen.getByRole('link', { name: phoneMessage }))
    expect(phone()).toHaveFocus()
  },
)

test('the summary goes once the answers are put right', async () => {
  givenState('carfinance')
  renderInMain(<ContactScreen />, '/contact')
  await userEvent.type(phone(), '0161')
  await userEvent.tab()
  expect(summaryLinks()).toEqual([
    ['Please try again, UK phone numbers should contain 11 digits.', '#contactNumber'],
  ])
  await userEvent.type(phone(), '5550123')
  expect(summaryLinks()).toEqual([])
})

test('an email typed and Continue pressed at once is stored and checked: nothing is lost to the 1 s wait', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  givenState('carfinance', (state) => void (state.form.contactNumber = '07911123456'))
  const { location } = renderInMain(<ContactScreen />, '/contact')
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  expect(getApplication().form.email).toBe('')
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.email).toBe('ada@example.com')
  expect(summaryLinks()).toEqual([])
  expect(location.history.at(-1)).toBe('/address/1')
})

test('the email is stored at once on leaving the field, and 1 s after typing stops (docs/decisions/1537)', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  givenState('carfinance')
  renderInMain(<ContactScreen />, '/contact')
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  fireEvent.blur(email())
  expect(getApplication().form.email).toBe('ada@example.com')
  // Leaving the field shows the message of what was typed, never one about the value before it
  // ('Please enter your email address.' for a second).
  expect(summaryLinks()).toEqual([])

  fireEvent.change(email(), { target: { value: 'ada@example.co.uk' } })
  act(() => void vi.advanceTimersByTime(999))
  expect(getApplication().form.email).toBe('ada@example.com')
  act(() => void vi.advanceTimersByTime(1))
  expect(getApplication().form.email).toBe('ada@example.co.uk')
})
