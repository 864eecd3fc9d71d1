// Enrolment, from the one-time address an administrator gave (its token is in the fragment, so it
// never reaches a server log): choose a password, set up an authenticator app from the QR code or
// the setup key, then confirm with a code from the app. Confirming signs the operator in.

import { useEffect, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { markRouteChange, PageHeading, usePageTitle } from '#app/page'
import { useSession } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { OneTimeCodeField } from '#components/form/credential-fields/CredentialFields'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { AuthenticatorSetup, type Totp } from '#components/authenticator-setup/AuthenticatorSetup'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import type { EnrolmentAddress } from '#lib/types'
import { codeDigits } from '#lib/code-digits'

type Address = EnrolmentAddress

type Step =
  | { name: 'checking' }
  | { name: 'unusable'; message: string }
  | { name: 'password'; address: Address }
  | { name: 'authenticator'; address: Address; totp: Totp }

export const UNUSABLE =
  'This enrolment address has expired or has already been used. Ask an administrator for a new one.'

export default function EnrolmentScreen() {
  const { signedIn } = useSession()
  const [, navigate] = useLocation()
  const [token] = useState(() => window.location.hash.slice(1))
  const [step, setStep] = useState<Step>(() =>
    token ? { name: 'checking' } : { name: 'unusable', message: UNUSABLE },
  )
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [code, setCode] = useState('')
  const [sending, setSending] = useState(false)
  const form = useFormErrors()
  usePageTitle(
    step.name === 'authenticator' ? 'Set up your authenticator app' : 'Set up your account',
    form.errors.length > 0,
  )

  // The token is read once above; it leaves the address bar (and the history entry) at once, so it is
  // not shown over a shoulder, bookmarked or shared with the rest of the page's address.
  useEffect(() => {
    if (window.location.hash === '') return
    const { pathname, search } = window.location
    window.history.replaceState(window.history.state, '', `${pathname}${search}`)
  }, [])

  useEffect(() => {
    if (!token) return
    post('POST /api/back-office/enrolment', { body: { token }, unauthorisedIsExpected: true })
      .then((address) => setStep({ name: 'password', address }))
      .catch((error: unknown) =>
        setStep({
          name: 'unusable',
          message:
            error instanceof ApiError && error.status === 410
              ? (error.serverMessage ?? UNUSABLE)
              : 'The back office cannot reach its server. Check your connection and reload the page.',
        }),
      )
  }, [token])

  function goneOrShow(error: unknown, ids: Record<string, string>) {
    if (error instanceof ApiError && error.status === 410) {
      markRouteChange()
      setStep({ name: 'unusable', message: error.serverMessage ?? UNUSABLE })
    } else if (error instanceof ApiError && error.fieldErrors.length > 0) {
      form.show(fromServer(error.fieldErrors, ids))
    } else {
      form.show([
        { id: Object.values(ids)[0] ?? 'password', message: 'Something went wrong: try again' },
      ])
    }
  }

  async function choosePassword(event: FormEvent, address: Address) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const errors = []
    if (password.length < address.passwordMinLength) {
      errors.push({
        id: 'password',
        message: `Your password must be at least ${address.passwordMinLength} characters`,
      })
    }
    if (confirmation !== password) {
      errors.push({ id: 'password-confirmation', message: 'The two passwords are not the same' })
    }
    if (errors.length > 0) return form.show(errors)
    setSending(true)
    try {
      const { totp } = await post('POST /api/back-office/enrolment/password', {
        body: { token, password },
      })
      form.clear()
      markRouteChange()
      setStep({ name: 'authenticator', address, totp })
    } catch (error) {
      goneOrShow(error, { password: 'password' })
    } finally {
      setSending(false)
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const digits = codeDigits(code)
    if (!digits) {
      return form.show([
        { id: 'code', message: 'Enter the 6-digit code your authenticator app shows' },
      ])
    }
    setSending(true)
    try {
      const session = await post('POST /api/back-office/enrolment/confirm', {
        body: { token, code: digits },
      })
      // The address is used up: take it out of the history too.
      window.history.replaceState(null, '', '/enrol')
      signedIn(session)
      navigate('/applications', { replace: true })
    } catch (error) {
      setCode('')
      goneOrShow(error, { code: 'code' })
    } finally {
      setSending(false)
    }
  }

  if (step.name === 'checking') {
    return (
      <p className="loading" role="status">
        Checking your enrolment address…
      </p>
    )
  }

  if (step.name === 'unusable') {
    return (
      <div className="narrow">
        <PageHeading>Set up your account</PageHeading>
        <Notice kind="error">
          <p>{step.message}</p>
        </Notice>
      </div>
    )
  }

  if (step.name === 'password') {
    const { address } = step
    return (
      <div className="narrow" key="password">
        <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
        <PageHeading caption="Step 1 of 2">Choose a password</PageHeading>
        <p>
          You are setting up the back-office account for <strong>{address.email}</strong>. This
          address works until {formatDateTime(address.expiresAt)}.
        </p>
        <form noValidate onSubmit={(event) => void choosePassword(event, address)}>
          {/* Lets a password manager save the new password under the right account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={address.email}
            readOnly
            hidden
          />
          <TextInput
            id="password"
            label="New password"
            hint={`At least ${address.passwordMinLength} characters. Common passwords are refused: a few unrelated words make a strong one.`}
            type="password"
            autoComplete="new-password"
            width={30}
            value={password}
            onChange={setPassword}
            error={form.errorFor('password')}
          />
          <TextInput
            id="password-confirmation"
            label="Type the password again"
            type="password"
            autoComplete="new-password"
            width={30}
            value={confirmation}
            onChange={setConfirmation}
            error={form.errorFor('password-confirmation')}
          />
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Continue
          </button>
        </form>
      </div>
    )
  }

  const { totp } = step
  return (
    <div className="narrow" key="authenticator">
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading caption="Step 2 of 2">Set up your authenticator app</PageHeading>
      <AuthenticatorSetup totp={totp} />
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <OneTimeCodeField
          id="code"
          hint="The 6 digits the app shows now for Forecourt back office"
          value={code}
          onChange={setCode}
          error={form.errorFor('code')}
        />
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Confirm and sign in
        </button>
      </form>
    </div>
  )
}
