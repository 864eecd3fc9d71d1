// The second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30-second steps) through otpauth. A code is
// accepted for the current step and the one before it only (a code typed as the step turned), and a
// step once used is never accepted again for that operator. The QR code is made here as SVG so the
// back-office app carries no QR library. Decision record: docs/decisions/1604-*.

import { Secret, TOTP } from 'otpauth'

export const TOTP_ISSUER = 'Forecourt back office'
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6

export function newTotpSecret(): string {
  // 160 bits, as RFC 4226 recommends.
  return new Secret({ size: 20 }).base32
}

function totpFor(secretBase32: string, label = 'operator'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The step a code belongs to when it is right for the current or the previous step and later than the
 * last step accepted; undefined otherwise.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null || delta > 0) return undefined
  const step = stepAt(now) + delta
  if (lastStep !== null && step <= lastStep) return undefined
  return step
}

/** The code of a step: for tests, which compute real codes. */
export function codeAt(secretBase32: string, now: Date): string {
  return totpFor(secretBase32).generate({ timestamp: now.getTime() })
}

export interface TotpSetup {
  /** Base32, for typing into the app by hand. */
  secret: string
  uri: string
  /** An SVG image as a data: address, for an <img>. */
  qrSvg: string
}

export async function totpSetup(secretBase32: string, email: string): Promise<TotpSetup> {
  const uri = totpFor(secretBase32, email).toString()
  // Loaded for the few enrolments, not held by every server from its start (decision 1961).
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return {
    secret: secretBase32,
    uri,
    qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  }
}
