// The email part of the environment: how messages leave (SMTP_URL, or .eml files under DATA_DIR/mail/),
// who they come from, which inbox gets the broker's alerts, and where the back office is. Checked with
// the rest of the configuration at start-up; a value that may hold a password is never echoed.
// Decision 1653.

import { join } from 'node:path'
import { BRAND_IDS, isBrandId } from '@forecourt/domain/brands/brand-data'
import { brandMail } from '@forecourt/domain/brands/brand-mail'
import type { BrandId } from '@forecourt/domain/brands/brand'

export interface MailConfig {
  /** 'smtp' with SMTP_URL; 'file' writes each message as an .eml file into `folder`. */
  transport: 'smtp' | 'file'
  /** smtp:// or smtps://, possibly with a user and password (never logged). */
  smtpUrl: string | undefined
  /** DATA_DIR/mail: the file transport's folder. */
  folder: string
  /** MAIL_FROM: the sender's address; the display name is the brand's trading name. */
  from: string
  /** Each brand's broker inbox (brand data, overridden by BROKER_INBOXES); absent: no alerts. */
  brokerInboxes: Readonly<Partial<Record<BrandId, string>>>
  /** BACK_OFFICE_URL: the back office's address, linked from the broker's alerts. */
  backOfficeUrl: string
  /**
   * BROKER_HEAD_START_MINUTES: how long after the broker's alert of a lender's decision the applicants'
   * update is sent, so that the broker knows first (decision 2133). 0 sends both at once.
   */
  brokerHeadStartMinutes: number
}

export const DEFAULT_BROKER_HEAD_START_MINUTES = 30

export const DEFAULT_MAIL_FROM = 'no-reply@forecourt.localhost'
export const MAIL_FOLDER_NAME = 'mail'

// Deliberately plain: a local part and a domain with a dot or "localhost". Enough to catch a typo; the
// SMTP server has the last word.
const EMAIL_ADDRESS = /^[^\s@<>()",;]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/

export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value) && value.length <= 254
}

export function parseMailConfig(
  read: (name: string) => string | undefined,
  context: { nodeEnv: string; dataDir: string; backOfficeUrl: string },
  problems: string[],
): MailConfig {
  const smtpUrl = read('SMTP_URL')
  if (smtpUrl !== undefined) checkSmtpUrl(smtpUrl, problems)
  const chosen = read('MAIL_TRANSPORT')?.toLowerCase()
  if (chosen !== undefined && chosen !== 'smtp' && chosen !== 'file') {
    problems.push(`MAIL_TRANSPORT must be smtp or file (got "${chosen}")`)
  }
  const transport: MailConfig['transport'] =
    chosen === 'file' ? 'file' : chosen === 'smtp' || smtpUrl !== undefined ? 'smtp' : 'file'
  if (transport === 'smtp' && smtpUrl === undefined) {
    problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://host:587 or smtps://host:465)')
  }
  // Files on the server's disk reach nobody: production must say it means that.
  if (context.nodeEnv === 'production' && transport === 'file' && chosen !== 'file') {
    problems.push(
      'SMTP_URL must be set in production, so emails reach applicants (or set MAIL_TRANSPORT=file to write them as .eml files under DATA_DIR/mail/ on purpose)',
    )
  }

  const from = read('MAIL_FROM') ?? DEFAULT_MAIL_FROM
  if (!isEmailAddress(from)) {
    problems.push(`MAIL_FROM must be an email address such as no-reply@example.com (got "${from}")`)
  }

  return {
    transport,
    smtpUrl,
    folder: join(context.dataDir, MAIL_FOLDER_NAME),
    from,
    brokerInboxes: parseBrokerInboxes(read('BROKER_INBOXES'), problems),
    backOfficeUrl: context.backOfficeUrl,
    brokerHeadStartMinutes: parseHeadStart(read('BROKER_HEAD_START_MINUTES'), problems),
  }
}

function parseHeadStart(value: string | undefined, problems: string[]): number {
  if (value === undefined) return DEFAULT_BROKER_HEAD_START_MINUTES
  const minutes = Number(value)
  if (!/^\d+$/.test(value) || minutes > 1440) {
    problems.push(
      `BROKER_HEAD_START_MINUTES must be a whole number of minutes from 0 to 1440 (got "${value}")`,
    )
    return DEFAULT_BROKER_HEAD_START_MINUTES
  }
  return minutes
}

function checkSmtpUrl(value: string, problems: string[]): void {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address (it is not a valid URL)')
    return
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    problems.push(
      `SMTP_URL must start with smtp:// (STARTTLS where offered) or smtps:// (TLS from the start) (got "${url.protocol}//")`,
    )
  } else if (url.hostname === '') {
    problems.push('SMTP_URL must name a host, as in smtp://user:password@mail.example.com:587')
  }
}

/**
 * BROKER_INBOXES: JSON `{"<brand>": "<address>"}` replacing the brand data's inbox; an empty string turns a
 * brand's alerts off.
 */
function parseBrokerInboxes(
  value: string | undefined,
  problems: string[],
): Partial<Record<BrandId, string>> {
  const inboxes: Partial<Record<BrandId, string>> = {}
  for (const id of BRAND_IDS) {
    if (brandMail[id].brokerInbox !== '') inboxes[id] = brandMail[id].brokerInbox
  }
  if (value === undefined) return inboxes
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    problems.push('BROKER_INBOXES must be JSON like {"carfinance": "alerts@example.com"}')
    return inboxes
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push('BROKER_INBOXES must be a JSON object whose keys are brand ids')
    return inboxes
  }
  for (const [brand, address] of Object.entries(parsed)) {
    if (!isBrandId(brand)) {
      problems.push(`BROKER_INBOXES: "${brand}" is not a known brand id`)
    } else if (address === '') {
      delete inboxes[brand]
    } else if (typeof address !== 'string' || !isEmailAddress(address)) {
      problems.push(`BROKER_INBOXES: the inbox of "${brand}" must be an email address or ""`)
    } else {
      inboxes[brand] = address
    }
  }
  return inboxes
}

let active: MailConfig | undefined

/**
 * The mail settings the enqueueing side uses (which brands have a broker inbox). Set at start-up by
 * buildApp, as the lender destinations are: the outbox writers' signatures have no room for them.
 */
export function setActiveMailConfig(config: MailConfig): void {
  active = config
}

export function activeMailConfig(): MailConfig | undefined {
  return active
}
