// What a template is and what it is given: apart from the templates themselves (templates.ts), so that
// the templates kept elsewhere (the link emails, save-return/link-email.ts) can name them without
// importing the table that lists them.

import type { Brand } from '@forecourt/domain/brands/brand'
import type { BrandMail } from '@forecourt/domain/brands/brand-mail'
import type { EmailRecipient } from '../db/tables'
import type { RenderedEmail } from './layout'

export interface TemplateContext {
  brand: Brand
  mail: BrandMail
  /** The recipient's name, for messages to an applicant (their title is not used). */
  recipientName: string | undefined
  applicationKey: string | null
  params: Readonly<Record<string, unknown>>
  backOfficeUrl: string
}

export interface EmailTemplate {
  /** Who the message may be for: the sender refuses a row asking for anyone else. */
  recipients: readonly EmailRecipient[]
  /**
   * A link's email (decision 1951): the recipient and the token are in the row's sealed parameters, the
   * expiry comes from the link, and nothing is sent once the link no longer works.
   */
  link?: true
  render(context: TemplateContext): RenderedEmail
}
