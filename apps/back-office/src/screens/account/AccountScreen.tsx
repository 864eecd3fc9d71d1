// Your account: the signed-in operator changes their password (the current one and a code from their
// authenticator app; their other sessions end), or moves to a new authenticator app (its QR code or setup
// key, then the current password and a code from the new app). Decision record: docs/decisions/2122-*.

import { useState, type FormEvent } from 'react'
import { markRouteChange, PageHeading, usePageTitle } from '#app/page'
import { useSignedIn } from '#app/session'
import { AuthenticatorSetup, type Totp } from '#components/authenticator-setup/AuthenticatorSetup'
import { ErrorSummary, type ErrorSummaryItem } from '@forecourt/ui/error-summary/error-summary'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import {
  CurrentPasswordField,
  OneTimeCodeField,
} from '#components/form/credential-fields/CredentialFields'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import { codeDigits } from '#lib/code-digits'

export const ACCOUNT_TEXT = {
  passwordChanged:
    'Your password has been changed. Any other sessions you had open have been signed out.',
  authenticatorChanged:
    'Your new authenticator app is set up. Codes from your old app no longer work.',
  tooMany: 'Too many attempts: wait a few minutes, then try again',
  failed: 'Something went wrong: try again',
} as const

type Done = keyof Pick<typeof ACCOUNT_TEXT, 'passwordChanged' | 'authenticatorChanged'>

export default function AccountScreen() {
  const { operator } = useSignedIn()
  const form = useFormErrors()
  const [done, setDone] = useState<Done | undefined>(undefined)
  // Moves on after each change, so the heading takes focus and the notice under it is read next.
  const [changes, setChanges] = useState(0)
  const [sending, setSending] = useState(false)

  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [code, setCode] = useState('')

  const [totp, setTotp] = useState<Totp | undefined>(undefined)
  const [authenticatorPassword, setAuthenticatorPassword] = useState('')
  const [newCode, setNewCode] = useState('')

  usePageTitle('Your account', form.errors.length > 0)

  function succeeded(what: Done) {
    form.clear()
    setDone(what)
    markRouteChange()
    setChanges((count) => count + 1)
  }

  function refused(error: unknown, ids: Record<string, string>, first: string) {
    const items: ErrorSummaryItem[] =
      error instanceof ApiError && error.fieldErrors.length > 0
        ? fromServer(error.fieldErrors, ids)
        : [
            {
              id: first,
              message:
                error instanceof ApiError && error.status === 429
                  ? ACCOUNT_TEXT.tooMany
                  : ACCOUNT_TEXT.failed,
            },
          ]
    setDone(undefined)
    form.show(items)
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const digits = codeDigits(code)
    const errors = [
      currentPassword
        ? undefined
        : { id: 'current-password', message: 'Enter your current password' },
      newPassword ? undefined : { id: 'new-password', message: 'Enter a new password' },
      newPassword && confirmation !== newPassword
        ? { id: 'new-password-confirmation', message: 'The two new passwords are not the same' }
        : undefined,
      digits
        ? undefined
        : { id: 'code', message: 'Enter the 6-digit code from your authenticator app' },
    ].filter((item) => item !== undefined)
    if (errors.length > 0) {
      setDone(undefined)
      return form.show(errors)
    }
    setSending(true)
    try {
      await post('POST /api/back-office/account/password', {
        body: { currentPassword, newPassword, code: digits ?? '' },
      })
      setNewPassword('')
      setConfirmation('')
      succeeded('passwordChanged')
    } catch (error) {
      refused(
        error,
        { currentPassword: 'current-password', newPassword: 'new-password', code: 'code' },
        'current-password',
      )
    } finally {
      // A password or code once sent is not sent again by a second click.
      setCurrentPassword('')
      setCode('')
      setSending(false)
    }
  }

  async function startAuthenticator() {
    if (sending) return
    setSending(true)
    try {
      const answer = await post('POST /api/back-office/account/authenticator')
      form.clear()
      setDone(undefined)
      setTotp(answer.totp)
    } catch (error) {
      refused(error, {}, 'new-authenticator')
    } finally {
      setSending(false)
    }
  }

  async function confirmAuthenticator(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const digits = codeDigits(newCode)
    const errors = [
      authenticatorPassword
        ? undefined
        : { id: 'authenticator-password', message: 'Enter your current password' },
      digits
        ? undefined
        : {
            id: 'new-code',
            message: 'Enter the 6-digit code from your new authenticator app',
          },
    ].filter((item) => item !== undefined)
    if (errors.length > 0) {
      setDone(undefined)
      return form.show(errors)
    }
    setSending(true)
    try {
      await post('POST /api/back-office/account/authenticator/confirm', {
        body: { currentPassword: authenticatorPassword, code: digits ?? '' },
      })
      setTotp(undefined)
      succeeded('authenticatorChanged')
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The setup no longer waits on the server (finished in another tab, or signed in again): start again.
        setTotp(undefined)
        setDone(undefined)
        form.show([
          { id: 'new-authenticator', message: error.serverMessage ?? ACCOUNT_TEXT.failed },
        ])
      } else {
        refused(error, { currentPassword: 'authenticator-password', code: 'new-code' }, 'new-code')
      }
    } finally {
      setAuthenticatorPassword('')
      setNewCode('')
      setSending(false)
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading focusKey={String(changes)}>Your account</PageHeading>
      {done && form.errors.length === 0 ? (
        <Notice kind="success">
          <p>{ACCOUNT_TEXT[done]}</p>
        </Notice>
      ) : null}
      <p>
        You are signed in as <strong>{operator.email}</strong>.
      </p>

      <h2 id="password-heading">Change your password</h2>
      <form
        noValidate
        aria-labelledby="password-heading"
        onSubmit={(event) => void changePassword(event)}
      >
        {/* Lets a password manager save the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={operator.email}
          readOnly
          hidden
        />
        <CurrentPasswordField
          id="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={form.errorFor('current-password')}
        />
        <TextInput
          id="new-password"
          label="New password"
          hint="At least 12 characters. Common passwords, your email address and the name of this service are refused: a few unrelated words make a strong one."
          type="password"
          autoComplete="new-password"
          width={30}
          value={newPassword}
          onChange={setNewPassword}
          error={form.errorFor('new-password')}
        />
        <TextInput
          id="new-password-confirmation"
          label="Type the new password again"
          type="password"
          autoComplete="new-password"
          width={30}
          value={confirmation}
          onChange={setConfirmation}
          error={form.errorFor('new-password-confirmation')}
        />
        <OneTimeCodeField id="code" value={code} onChange={setCode} error={form.errorFor('code')} />
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Change password
        </button>
      </form>

      <h2 id="authenticator-heading">Move to a new authenticator app</h2>
      {totp === undefined ? (
        <>
          <p>
            For a new phone or a different app. Your current app keeps working until you confirm a
            code from the new one.
          </p>
          <button
            type="button"
            id="new-authenticator"
            className="button button--secondary"
            aria-disabled={sending || undefined}
            onClick={() => void startAuthenticator()}
          >
            Set up a new authenticator app
          </button>
        </>
      ) : (
        <>
          <AuthenticatorSetup totp={totp} headingLevel={3} />
          <form
            noValidate
            aria-labelledby="authenticator-heading"
            onSubmit={(event) => void confirmAuthenticator(event)}
          >
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={operator.email}
              readOnly
              hidden
            />
            <CurrentPasswordField
              id="authenticator-password"
              value={authenticatorPassword}
              onChange={setAuthenticatorPassword}
              error={form.errorFor('authenticator-password')}
            />
            <OneTimeCodeField
              id="new-code"
              label="Code from your new authenticator app"
              hint="The 6 digits the new app shows now for Forecourt back office"
              value={newCode}
              onChange={setNewCode}
              error={form.errorFor('new-code')}
            />
            <button type="submit" className="button" aria-disabled={sending || undefined}>
              Confirm the new app
            </button>
          </form>
        </>
      )}
    </div>
  )
}
