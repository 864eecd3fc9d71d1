import { TextInput } from '@forecourt/ui/text-input/text-input'

// The two fields that prove who an operator is, drawn alike wherever they are asked for: signing in,
// enrolling, and changing the password or the authenticator app (Your account).

interface CredentialFieldProps {
  /** The input's id; the error summary links to `#id`, and the server's field errors use it. */
  id: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}

/** The password the operator has now: the password manager offers the saved one. */
export function CurrentPasswordField({
  label = 'Current password',
  ...props
}: CredentialFieldProps & { label?: string }) {
  return (
    <TextInput
      {...props}
      label={label}
      type="password"
      autoComplete="current-password"
      width={30}
    />
  )
}

/**
 * A code from the authenticator app. Seven characters are let in, so that a code typed as GOV.UK's
 * "123 456" still fits; the server takes the digits.
 */
export function OneTimeCodeField({
  label = 'Code from your authenticator app',
  hint = 'The 6 digits the app shows now',
  ...props
}: CredentialFieldProps & { label?: string; hint?: string }) {
  return (
    <TextInput
      {...props}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={7}
      width={6}
    />
  )
}
