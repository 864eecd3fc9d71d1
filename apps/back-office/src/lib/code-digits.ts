// The authenticator app's code, as Sign in and enrolment both read it.

/** Whether the text is a 6-digit code (spaces allowed, as apps show "123 456"). */
export function codeDigits(text: string): string | undefined {
  const digits = text.replace(/\s+/g, '')
  return /^\d{6}$/.test(digits) ? digits : undefined
}
