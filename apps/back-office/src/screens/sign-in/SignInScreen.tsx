// Sign in: email, password and the 6-digit code of the operator's authenticator app. A failure never
// says which part was wrong.

import { useState, type FormEvent } from 'react'
import { Redirect, useLocation } from 'wouter'
import { takeWantedPath } from '#app/wanted-path'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, type SignedOutReason } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import {
  CurrentPasswordField,
  OneTimeCodeField,
} from '#components/form/credential-fields/CredentialFields'
import { useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import { codeDigits } from '#lib/code-digits'

export const NOT_RIGHT = 'Those details are not right'
export const TOO_MANY = 'Too many attempts: wait a few minutes, then try again'

const REASONS: Record<NonNullable<SignedOutReason>, string> = {
  expired: 'Your session has ended, so you have been signed out. Sign in again to carry on.',
  'signed-out': 'You have signed out.',
  'signed-out-everywhere': 'You have signed out on every device.',
}

export default function SignInScreen() {
  const { session, signedOutReason, signedIn } = useSession()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [sending, setSending] = useState(false)
  const form = useFormErrors()
  usePageTitle('Sign in', form.errors.length > 0)

  if (session) return <Redirect to="/applications" replace />

  async function submit(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const missing = [
      email.trim() ? undefined : { id: 'email', message: 'Enter your email address' },
      password ? undefined : { id: 'password', message: 'Enter your password' },
      codeDigits(code)
        ? undefined
        : { id: 'code', message: 'Enter the 6-digit code from your authenticator app' },
    ].filter((item) => item !== undefined)
    if (missing.length > 0) return form.show(missing)
    setSending(true)
    try {
      const answer = await post('POST /api/back-office/sign-in', {
        body: { email: email.trim(), password, code: codeDigits(code) ?? '' },
        unauthorisedIsExpected: true,
      })
      form.clear()
      signedIn(answer)
      navigate(takeWantedPath(), { replace: true })
    } catch (error) {
      setPassword('')
      setCode('')
      const tooMany = error instanceof ApiError && error.status === 429
      form.show([{ id: 'email', message: tooMany ? TOO_MANY : NOT_RIGHT }])
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Sign in</PageHeading>
      {signedOutReason && form.errors.length === 0 ? (
        <Notice kind={signedOutReason === 'expired' ? 'warning' : 'success'}>
          <p>{REASONS[signedOutReason]}</p>
        </Notice>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextInput
          id="email"
          label="Email address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          width={30}
          value={email}
          onChange={setEmail}
          error={form.errorFor('email')}
        />
        <CurrentPasswordField
          id="password"
          label="Password"
          value={password}
          onChange={setPassword}
          error={form.errorFor('password')}
        />
        <OneTimeCodeField id="code" value={code} onChange={setCode} error={form.errorFor('code')} />
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Sign in
        </button>
      </form>
    </div>
  )
}
