import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { groupKey } from '#components/authenticator-setup/AuthenticatorSetup'
import { UNUSABLE } from './EnrolmentScreen'

const TOTP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Forecourt%20back%20office:ann%40broker.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrSvg: 'data:image/svg+xml;base64,PHN2Zy8+',
}

const ADDRESS = {
  email: 'ann@broker.example',
  expiresAt: '2026-11-27T10:00:00.000Z',
  passwordMinLength: 12,
}

function atEnrolmentAddress(token: string) {
  window.history.replaceState(null, '', `/enrol#${token}`)
}

afterEach(() => window.history.replaceState(null, '', '/'))

test('an expired or used address says so, and asks for a new one', async () => {
  atEnrolmentAddress('used-token')
  const api = fakeApi({ 'POST /enrolment': [410, { error: UNUSABLE }] })
  renderApp('/enrol', null)
  expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(UNUSABLE)
  expect(api.to('POST /enrolment')[0]?.body).toEqual({ token: 'used-token' })
  await expectNoAxeViolations()
})

test('the token leaves the address bar once the page has read it', async () => {
  atEnrolmentAddress('secret-token')
  const api = fakeApi({ 'POST /enrolment': [200, ADDRESS] })
  renderApp('/enrol', null)
  expect(
    await screen.findByRole('heading', { level: 1, name: /Choose a password/ }, LAZY),
  ).toBeVisible()
  expect(api.to('POST /enrolment')[0]?.body).toEqual({ token: 'secret-token' })
  expect(window.location.hash).toBe('')
  expect(window.location.href).not.toContain('secret-token')
  expect(window.location.pathname).toBe('/enrol')
})

test('no token in the address: unusable without asking the server', async () => {
  atEnrolmentAddress('')
  const api = fakeApi({})
  renderApp('/enrol', null)
  expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(UNUSABLE)
  expect(api.sent).toEqual([])
})

test('password, then the QR code and setup key, then a code: enrolled and signed in', async () => {
  atEnrolmentAddress('good-token')
  const api = fakeApi({
    'POST /enrolment': [200, ADDRESS],
    'POST /enrolment/password': [200, { totp: TOTP }],
    'POST /enrolment/confirm': [200, sessionFor('admin')],
    'GET /applications': [200, { items: [], nextCursor: null }],
  })
  const { location } = renderApp('/enrol', null)
  expect(
    await screen.findByRole('heading', { level: 1, name: /Choose a password/ }, LAZY),
  ).toBeVisible()
  expect(screen.getByText('ann@broker.example')).toBeVisible()
  const password = screen.getByLabelText('New password')
  expect(password).toHaveAccessibleDescription(
    'At least 12 characters. Common passwords are refused: a few unrelated words make a strong one.',
  )
  await expectNoAxeViolations()

  // The rules are checked here first.
  await userEvent.type(password, 'short')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(
    await screen.findByRole('link', { name: 'Your password must be at least 12 characters' }),
  ).toBeVisible()
  expect(screen.getByRole('link', { name: 'The two passwords are not the same' })).toBeVisible()
  await waitFor(() =>
    expect(document.title).toBe('Error: Set up your account – Forecourt back office'),
  )
  await expectNoAxeViolations()
  expect(api.to('POST /enrolment/password')).toEqual([])

  await userEvent.clear(password)
  await userEvent.type(password, 'correct horse battery staple')
  await userEvent.type(
    screen.getByLabelText('Type the password again'),
    'correct horse battery staple',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const heading = await screen.findByRole('heading', {
    level: 1,
    name: /Set up your authenticator app/,
  })
  await waitFor(() => expect(heading).toHaveFocus())
  expect(api.to('POST /enrolment/password')[0]?.body).toEqual({
    token: 'good-token',
    password: 'correct horse battery staple',
  })
  expect(
    screen.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
  ).toHaveAttribute('src', TOTP.qrSvg)
  expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible()
  await expectNoAxeViolations()

  await userEvent.type(
    screen.getByRole('textbox', { name: 'Code from your authenticator app' }),
    '123456',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)).toBeVisible()
  expect(api.to('POST /enrolment/confirm')[0]?.body).toEqual({
    token: 'good-token',
    code: '123456',
  })
  expect(location.history.at(-1)).toBe('/applications')
})

test('a common password refused by the server is shown beside the field', async () => {
  atEnrolmentAddress('good-token')
  const message = 'This password is too common: choose one that is harder to guess'
  fakeApi({
    'POST /enrolment': [200, ADDRESS],
    'POST /enrolment/password': [
      400,
      { error: 'Invalid password', errors: [{ field: 'password', message }] },
    ],
  })
  renderApp('/enrol', null)
  const password = await screen.findByLabelText('New password', {}, LAZY)
  await userEvent.type(password, 'password1234')
  await userEvent.type(screen.getByLabelText('Type the password again'), 'password1234')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#password')
  expect(password).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`))
})

test('a wrong code is said beside the code field', async () => {
  atEnrolmentAddress('good-token')
  const message = 'That code is not right: enter the 6 digits your authenticator app shows now'
  fakeApi({
    'POST /enrolment': [200, ADDRESS],
    'POST /enrolment/password': [200, { totp: TOTP }],
    'POST /enrolment/confirm': [
      400,
      { error: 'Invalid code', errors: [{ field: 'code', message }] },
    ],
  })
  renderApp('/enrol', null)
  await userEvent.type(
    await screen.findByLabelText('New password', {}, LAZY),
    'correct horse battery staple',
  )
  await userEvent.type(
    screen.getByLabelText('Type the password again'),
    'correct horse battery staple',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const code = await screen.findByRole('textbox', { name: 'Code from your authenticator app' })
  await userEvent.type(code, '000000')
  await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }))
  expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#code')
  await expectNoAxeViolations()
})

test('the setup key is grouped in fours', () => {
  expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
})
