// The emails that carry a link: "Continue your application" and, for a joint applicant, "Confirm your
// part of the application". They are sent at once through the mail transport rather than queued in the
// email outbox: the outbox keeps a message's parameters in clear, and the token must be stored nowhere
// (decision 1821). A send that fails is logged without the address and not tried again: the page has
// already told the applicant to ask for a new link if none arrives.

import { randomBytes } from 'node:crypto'
import type { Brand, BrandId } from '@forecourt/domain/brands/brand'
import { brandMail } from '@forecourt/domain/brands/brand-mail'
import { formatExpiry } from '@forecourt/domain/save-return/save-return'
import { renderLayout, type Block, type RenderedEmail } from '../email/layout'
import type { MailConfig } from '../email/mail-config'
import { messageIdOf } from '../email/sender'
import type { MailTransport } from '../email/transport'

const SERVICE_MESSAGE =
  'This is a service message about an application, so it has no unsubscribe link. We do not use it for marketing.'

export interface LinkEmailArgs {
  brand: Brand
  link: string
  expiresAt: string
  code: string | undefined
  recipientName: string | undefined
}

function greeting(name: string | undefined): Block {
  return { kind: 'paragraph', text: name ? `Dear ${name},` : 'Hello,' }
}

function notYou(brand: Brand): Block {
  return {
    kind: 'paragraph',
    text: `If you did not ask for this, you can ignore this email: nobody can see the answers without the date of birth or the code. If you are worried, email ${brandMail[brand.id as BrandId].complaintsEmail}.`,
  }
}

export function continueEmail(args: LinkEmailArgs): RenderedEmail {
  const expiry = formatExpiry(args.expiresAt)
  const blocks: Block[] = [
    greeting(args.recipientName),
    {
      kind: 'paragraph',
      text: `You saved your application for vehicle finance with ${args.brand.tradingName}. Use the link below to continue where you left off, on any device.`,
    },
    { kind: 'link', text: 'Continue your application', href: args.link },
    {
      kind: 'paragraph',
      text: `The link works once, until ${expiry} (UK time). After that, your saved answers are kept only as long as our privacy policy says.`,
    },
  ]
  if (args.code !== undefined) {
    blocks.push({
      kind: 'paragraph',
      text: `When the page asks for it, enter this code: ${args.code}`,
    })
  } else {
    blocks.push({
      kind: 'paragraph',
      text: 'When the page asks for it, enter your date of birth.',
    })
  }
  blocks.push(notYou(args.brand))
  return renderLayout({
    brand: args.brand,
    subject: 'Continue your application',
    title: 'Continue your application',
    blocks,
    footnote: SERVICE_MESSAGE,
  })
}

export function jointConfirmEmail(args: LinkEmailArgs & { reference: string }): RenderedEmail {
  const expiry = formatExpiry(args.expiresAt)
  return renderLayout({
    brand: args.brand,
    subject: `Confirm your part of the application (${args.reference})`,
    title: 'Confirm your part of the application',
    blocks: [
      greeting(args.recipientName),
      {
        kind: 'paragraph',
        text: `${args.brand.tradingName} has received an application for vehicle finance that names you as the joint applicant. Its reference is ${args.reference}. Please check what was said about you, correct anything that is wrong, and choose how we may contact you.`,
      },
      { kind: 'link', text: 'Confirm your part of the application', href: args.link },
      {
        kind: 'paragraph',
        text: `The link works once, until ${expiry} (UK time). When the page asks for it, enter your date of birth.`,
      },
      notYou(args.brand),
    ],
    footnote: SERVICE_MESSAGE,
  })
}

export interface LinkEmailLogger {
  info(fields: object, message: string): void
  warn(fields: object, message: string): void
}

/**
 * Hands a message to the transport without waiting for it: the request's answer must not depend on
 * whether, or how fast, a message went out.
 */
export function sendLinkEmail(
  transport: MailTransport,
  mail: MailConfig,
  brand: Brand,
  to: { name: string; address: string },
  rendered: RenderedEmail,
  log: LinkEmailLogger,
  kind: 'continue' | 'joint-confirm',
): Promise<void> {
  const id = `lnk_${Date.now().toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`
  return transport
    .send({
      id,
      messageId: messageIdOf(id, mail.from),
      from: { name: brand.tradingName, address: mail.from },
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      date: new Date(),
    })
    .then(
      () => log.info({ emailId: id, template: kind }, 'link email sent'),
      (error: unknown) =>
        log.warn(
          { emailId: id, template: kind, error: error instanceof Error ? error.message : 'error' },
          'link email not sent',
        ),
    )
}
