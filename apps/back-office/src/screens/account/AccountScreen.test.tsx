import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'
import { ACCOUNT_TEXT } from './AccountScreen'

const TOTP = {
  secret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA',
  uri: 'otpauth://totp/Forecourt%20back%20office:someone?secret=KRUGKIDROVUWG2ZAMJZG653OEBTG66BA',
  qrSvg: 'data:image/svg+xml;base64,PHN2Zy8+',
}

const WRONG_PASSWORD = {
  error: 'Invalid password change',
  errors: [{ field: 'currentPassword', message: 'Your current password is not right' }],
}

async function openAccount(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }], ...routes })
  const session = sessionFor('caseworker')
  const app = renderApp('/applications', session)
  await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  await userEvent.click(screen.getByRole('link', { name: 'Your account' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Your account' }, LAZY)
  return { api, app, heading, email: session.operator.email }
}

test('every operator reaches Your account from the header; the heading takes focus and each field says what it is for', async () => {
  const { heading, app, email } = await openAccount()
  await waitFor(() => expect(heading).toHaveFocus())
  expect(app.location.history.at(-1)).toBe('/account')
  expect(document.title).toBe('Your account – Forecourt back office')
  expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('aria-current', 'page')
  expect(screen.getByText(email)).toBeVisible()

  const password = screen.getByRole('form', { name: 'Change your password' })
  expect(within(password).getByLabelText('Current password')).toHaveAttribute(
    'autocomplete',
    'current-password',
  )
  expect(within(password).getByLabelText('New password')).toHaveAttribute(
    'autocomplete',
    'new-password',
  )
  expect(within(password).getByLabelText('New password')).toHaveAccessibleDescription(
    'At least 12 characters. Common passwords, your email address and the name of this service are refused: a few unrelated words make a strong one.',
  )
  expect(within(password).getByLabelText('Type the new password again')).toHaveAttribute(
    'autocomplete',
    'new-password',
  )
  expect(
    within(password).getByRole('textbox', { name: 'Code from your authenticator app' }),
  ).toHaveAttribute('autocomplete', 'one-time-code')
  expect(screen.getByRole('button', { name: 'Set up a new authenticator app' })).toBeVisible()
  await expectNoAxeViolations()
})

test('changing the password: what is missing is said first; a refusal is shown beside its field; success says the other sessions ended', async () => {
  const attempts: unknown[] = []
  const { api, heading } = await openAccount({
    'POST /account/password': (request) => {
      attempts.push(request.body)
      return attempts.length === 1 ? [400, WRONG_PASSWORD] : [204]
    },
  })
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  const summary = await screen.findByRole('heading', { level: 2, name: 'There is a problem' })
  expect(
    within(summary.parentElement!)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Enter your current password', '#current-password'],
    ['Enter a new password', '#new-password'],
    ['Enter the 6-digit code from your authenticator app', '#code'],
  ])
  await waitFor(() => expect(document.title).toBe('Error: Your account – Forecourt back office'))
  await expectNoAxeViolations()
  expect(api.to('POST /account/password')).toEqual([])

  await userEvent.type(screen.getByLabelText('Current password'), 'not my password')
  await userEvent.type(screen.getByLabelText('New password'), 'violet kettle orbit 1187')
  await userEvent.type(screen.getByLabelText('Type the new password again'), 'violet kettle orbit')
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Code from your authenticator app' }),
    '123 456',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  expect(
    await screen.findByRole('link', { name: 'The two new passwords are not the same' }),
  ).toHaveAttribute('href', '#new-password-confirmation')
  expect(api.to('POST /account/password')).toEqual([])

  await userEvent.type(screen.getByLabelText('Type the new password again'), ' 1187')
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  expect(
    await screen.findByRole('link', { name: 'Your current password is not right' }),
  ).toHaveAttribute('href', '#current-password')
  expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
    'Error: Your current password is not right',
  )
  expect(attempts[0]).toEqual({
    currentPassword: 'not my password',
    newPassword: 'violet kettle orbit 1187',
    code: '123456',
  })
  await expectNoAxeViolations()

  // The current password and the code were cleared: they are typed again.
  expect(screen.getByLabelText('Current password')).toHaveValue('')
  await userEvent.type(screen.getByLabelText('Current password'), 'correct horse battery staple')
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Code from your authenticator app' }),
    '654321',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_TEXT.passwordChanged)
  expect(attempts[1]).toEqual({
    currentPassword: 'correct horse battery staple',
    newPassword: 'violet kettle orbit 1187',
    code: '654321',
  })
  expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull()
  await waitFor(() => expect(heading).toHaveFocus())
  expect(document.title).toBe('Your account – Forecourt back office')
  for (const label of ['Current password', 'New password', 'Type the new password again']) {
    expect(screen.getByLabelText(label)).toHaveValue('')
  }
  await expectNoAxeViolations()
})

test('a new authenticator app: its QR code and setup key, then the current password and a code from it', async () => {
  const confirmations: unknown[] = []
  const { api, heading } = await openAccount({
    'POST /account/authenticator': [200, { totp: TOTP }],
    'POST /account/authenticator/confirm': (request) => {
      confirmations.push(request.body)
      return confirmations.length === 1
        ? [
            400,
            {
              error: 'Invalid authenticator change',
              errors: [
                {
                  field: 'code',
                  message:
                    'That code is not right: enter the 6 digits your new authenticator app shows now',
                },
              ],
            },
          ]
        : [204]
    },
  })
  await userEvent.click(screen.getByRole('button', { name: 'Set up a new authenticator app' }))
  expect(
    await screen.findByRole('img', {
      name: 'QR code to add this account to an authenticator app',
    }),
  ).toHaveAttribute('src', TOTP.qrSvg)
  expect(screen.getByText('KRUG KIDR OVUW G2ZA MJZG 653O EBTG 66BA')).toBeVisible()
  expect(
    screen.getByRole('heading', { level: 3, name: 'If you cannot scan the code' }),
  ).toBeVisible()
  expect(api.to('POST /account/authenticator')).toHaveLength(1)
  const confirm = screen.getByRole('form', { name: 'Move to a new authenticator app' })
  expect(within(confirm).getByLabelText('Current password')).toHaveAttribute(
    'autocomplete',
    'current-password',
  )
  const code = within(confirm).getByRole('textbox', {
    name: 'Code from your new authenticator app',
  })
  expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expectNoAxeViolations()

  await userEvent.click(screen.getByRole('button', { name: 'Confirm the new app' }))
  expect(await screen.findByRole('link', { name: 'Enter your current password' })).toHaveAttribute(
    'href',
    '#authenticator-password',
  )
  expect(
    screen.getByRole('link', { name: 'Enter the 6-digit code from your new authenticator app' }),
  ).toHaveAttribute('href', '#new-code')
  expect(confirmations).toEqual([])

  await userEvent.type(within(confirm).getByLabelText('Current password'), 'my password here')
  await userEvent.type(code, '111111')
  await userEvent.click(screen.getByRole('button', { name: 'Confirm the new app' }))
  expect(
    await screen.findByRole('link', {
      name: 'That code is not right: enter the 6 digits your new authenticator app shows now',
    }),
  ).toHaveAttribute('href', '#new-code')
  await expectNoAxeViolations()

  await userEvent.type(within(confirm).getByLabelText('Current password'), 'my password here')
  await userEvent.type(code, '222222')
  await userEvent.click(screen.getByRole('button', { name: 'Confirm the new app' }))
  expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_TEXT.authenticatorChanged)
  expect(confirmations).toEqual([
    { currentPassword: 'my password here', code: '111111' },
    { currentPassword: 'my password here', code: '222222' },
  ])
  await waitFor(() => expect(heading).toHaveFocus())
  expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
  expect(screen.getByRole('button', { name: 'Set up a new authenticator app' })).toBeVisible()
  await expectNoAxeViolations()
})

test('a setup the server no longer holds starts again, and too many attempts say to wait', async () => {
  await openAccount({
    'POST /account/authenticator': [200, { totp: TOTP }],
    'POST /account/authenticator/confirm': [
      409,
      { error: 'Set up the new authenticator app first, then enter a code from it' },
    ],
    'POST /account/password': [429, { error: 'Too many requests' }],
  })
  await userEvent.click(screen.getByRole('button', { name: 'Set up a new authenticator app' }))
  const confirm = await screen.findByRole('form', { name: 'Move to a new authenticator app' })
  await userEvent.type(within(confirm).getByLabelText('Current password'), 'my password here')
  await userEvent.type(
    within(confirm).getByRole('textbox', { name: 'Code from your new authenticator app' }),
    '111111',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Confirm the new app' }))
  expect(
    await screen.findByRole('link', {
      name: 'Set up the new authenticator app first, then enter a code from it',
    }),
  ).toHaveAttribute('href', '#new-authenticator')
  expect(screen.getByRole('button', { name: 'Set up a new authenticator app' })).toBeVisible()

  const password = screen.getByRole('form', { name: 'Change your password' })
  await userEvent.type(within(password).getByLabelText('Current password'), 'my password here')
  await userEvent.type(within(password).getByLabelText('New password'), 'violet kettle orbit 1187')
  await userEvent.type(
    within(password).getByLabelText('Type the new password again'),
    'violet kettle orbit 1187',
  )
  await userEvent.type(
    within(password).getByRole('textbox', { name: 'Code from your authenticator app' }),
    '123456',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  expect(await screen.findByRole('link', { name: ACCOUNT_TEXT.tooMany })).toHaveAttribute(
    'href',
    '#current-password',
  )
})
