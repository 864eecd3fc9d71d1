// Adding the back office to an authenticator app: the QR code to scan, and the setup key to type when
// the code cannot be scanned. At enrolment and when an operator moves to a new app; one on a page, so the
// setup key is #setup-key.

import type { Totp } from '#lib/types'

export type { Totp }

/** 'JBSW Y3DP EHPK 3PXP': easier to copy by eye, and apps ignore the spaces. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

export function AuthenticatorSetup({
  totp,
  headingLevel = 2,
}: {
  totp: Totp
  /** The level of "If you cannot scan the code", one below the heading it sits under. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      <p>
        Open an authenticator app on your phone (such as Google Authenticator, Microsoft
        Authenticator or 1Password) and add an account by scanning this QR code.
      </p>
      <img
        className="qr-code"
        src={totp.qrSvg}
        alt="QR code to add this account to an authenticator app"
        width="200"
        height="200"
      />
      <Heading>If you cannot scan the code</Heading>
      <p>Enter this setup key in the app instead, as a time-based key:</p>
      <p>
        <code className="setup-key" id="setup-key">
          {groupKey(totp.secret)}
        </code>
      </p>
    </>
  )
}
