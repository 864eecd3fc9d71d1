import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { codeDigits } from '#lib/code-digits'

async function fillIn(email: string, password: string, code: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), email)
  await userEvent.type(screen.getByLabelText('Password'), password)
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Code from your authenticator app' }),
    code,
  )
}

test('signed out, any address shows Sign in, titled, with no axe violations', async () => {
  fakeApi({ 'GET /session': [401, { error: 'Not signed in' }] })
  const { location } = renderApp('/applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY)).toBeVisible()
  expect(location.history.at(-1)).toBe('/sign-in')
  await waitFor(() => expect(document.title).toBe('Sign in – Forecourt back office'))
  expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
    'autocomplete',
    'username',
  )
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password')
  expect(screen.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveAttribute(
    'autocomplete',
    'one-time-code',
  )
  await expectNoAxeViolations()
})

test('nothing entered: the error summary lists each field, the title says Error, axe passes', async () => {
  const api = fakeApi({})
  renderApp('/sign-in', null)
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, LAZY))
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(
    expect.arrayContaining([
      'Enter your email address',
      'Enter your password',
      'Enter the 6-digit code from your authenticator app',
    ]),
  )
  await waitFor(() => expect(document.title).toBe('Error: Sign in – Forecourt back office'))
  expect(api.sent).toEqual([])
  await expectNoAxeViolations()
})

test('wrong details: one neutral message, the password and code are cleared', async () => {
  const api = fakeApi({
    'POST /sign-in': [401, { error: 'Those details are not right. After 10 failed attempts…' }],
  })
  renderApp('/sign-in', null)
  await screen.findByRole('heading', { name: 'Sign in' }, LAZY)
  await fillIn('ann@broker.example', 'a long password here', '123 456')
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('link', { name: 'Those details are not right' })).toBeVisible()
  expect(screen.getByLabelText('Password')).toHaveValue('')
  expect(screen.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveValue('')
  expect(api.to('POST /sign-in')[0]?.body).toEqual({
    email: 'ann@broker.example',
    password: 'a long password here',
    code: '123456',
  })
  // Still on Sign in: a wrong answer is not an ended session.
  expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})

test('too many attempts are said as such', async () => {
  fakeApi({ 'POST /sign-in': [429, { error: 'Too many requests' }] })
  renderApp('/sign-in', null)
  await screen.findByRole('heading', { name: 'Sign in' }, LAZY)
  await fillIn('ann@broker.example', 'a long password here', '123456')
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(
    await screen.findByRole('link', {
      name: 'Too many attempts: wait a few minutes, then try again',
    }),
  ).toBeVisible()
})

test('signing in sends the anti-forgery token and goes back to where the user was going', async () => {
  document.cookie = 'forecourt-csrf=cookie-token; path=/'
  const api = fakeApi({
    'GET /session': [401, { error: 'Not signed in' }],
    'POST /sign-in': [200, sessionFor('caseworker')],
    'GET /applications': [200, { items: [], nextCursor: null }],
  })
  const { location } = renderApp('/applications')
  await screen.findByRole('heading', { name: 'Sign in' }, LAZY)
  await fillIn('caseworker@broker.example', 'a long password here', '654321')
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  expect(location.history.at(-1)).toBe('/applications')
  await waitFor(() => expect(heading).toHaveFocus())
  expect(api.to('POST /sign-in')[0]?.headers['x-csrf-token']).toBe('cookie-token')
  expect(screen.getByRole('banner')).toHaveTextContent(
    'Signed in as caseworker@broker.example (caseworker)',
  )
})

test('a code typed with a space counts; anything but 6 digits does not', () => {
  expect(codeDigits('123 456')).toBe('123456')
  expect(codeDigits('12345')).toBeUndefined()
  expect(codeDigits('12345a')).toBeUndefined()
})
