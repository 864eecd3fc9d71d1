// The emails that carry a link: "Continue your application" and, for a joint applicant, "Confirm your
// part of the application". Each is queued in the email outbox in the transaction that stores its link
// (decision 1652), so it is retried until sent and never lost, and sent once per link (its dedupe key is
// the link's id). The token, the code and the address are the row's sealed parameters, never its clear
// ones: the database must not hand a working link to whoever reads it (decisions 1821, 1951). The sender
// opens them when it sends, only while the link still works, and they are wiped once it is sent.

import type { Brand, BrandId } from '@forecourt/domain/brands/brand'
import { brandMail } from '@forecourt/domain/brands/brand-mail'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { formatExpiry } from '@forecourt/domain/save-return/save-return'
import type { EmailRecipient, NewEmailRow } from '../db/tables'
import { renderLayout, type Block, type RenderedEmail } from '../email/layout'
import { emailRow } from '../email/outbox'
import { sealParams, type SealKey } from '../email/sealed-params'
import type { EmailTemplate, TemplateContext } from '../email/template-types'
import { linkEmailKey, type IssuedLink } from './links'

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
      // No loan kind: a saved application may be for a homeowner loan, or not say yet (decision 2132).
      text: `You saved your application with ${args.brand.tradingName}. Use the link below to continue where you left off, on any device.`,
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

/**
 * The applicant's link to their own page (decision 2113): each lender's answer and offer are there, behind the
 * date of birth; the email itself says nothing of them.
 */
export function statusLinkEmail(args: LinkEmailArgs & { reference: string }): RenderedEmail {
  const expiry = formatExpiry(args.expiresAt)
  return renderLayout({
    brand: args.brand,
    subject: `Follow your application (${args.reference})`,
    title: 'Follow your application',
    blocks: [
      greeting(args.recipientName),
      {
        kind: 'paragraph',
        text: `${args.brand.tradingName} has your application, reference ${args.reference}. On your own page you can see what each lender it went to has said and, when they make you an offer, compare the offers and choose one, on any device.`,
      },
      { kind: 'link', text: 'See your application', href: args.link },
      {
        kind: 'paragraph',
        text: `The link works once, until ${expiry} (UK time). When the page asks for it, enter your date of birth. If it has expired, the page can send you a new one.`,
      },
      {
        kind: 'paragraph',
        text: 'For your security we do not put figures in emails.',
      },
      notYou(args.brand),
    ],
    footnote: SERVICE_MESSAGE,
  })
}

// --- The outbox's side ---

/** Where each kind of link opens, by the template that carries it. */
export const LINK_TEMPLATES = {
  'continue-link': { path: '/continue/', recipient: 'applicant' },
  'joint-confirm-link': { path: '/joint-confirm/', recipient: 'joint-applicant' },
  'status-link': { path: '/application-status/', recipient: 'applicant' },
} as const satisfies Record<string, { path: string; recipient: EmailRecipient }>

export type LinkTemplateName = keyof typeof LINK_TEMPLATES

export interface LinkEmailRowArgs {
  template: LinkTemplateName
  link: IssuedLink
  brand: string
  /** The page's own origin (`https://carfinance.example`): the link opens on the site it was asked on. */
  origin: string
  to: { name: string; address: string }
  key: SealKey
  now: Date
}

/** The outbox row of a link's email, for the transaction that stores the link. */
export function linkEmailRow(args: LinkEmailRowArgs): NewEmailRow {
  const dedupeKey = linkEmailKey(args.link.row.id)
  return emailRow({
    template: args.template,
    brand: args.brand,
    applicationKey: args.link.row.application_key,
    recipient: LINK_TEMPLATES[args.template].recipient,
    // In clear: which link (its id, not its token) and the site; neither opens anything.
    params: { linkId: args.link.row.id, origin: args.origin },
    sealed: sealParams(
      {
        to: args.to,
        params: {
          token: args.link.token,
          ...(args.link.code === undefined ? {} : { code: args.link.code }),
        },
      },
      args.key,
      dedupeKey,
    ),
    dedupeKey,
    now: args.now,
  })
}

function param(context: TemplateContext, name: string): string {
  const value = context.params[name]
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`the template needs the parameter ${name}`)
  }
  return value
}

function href(context: TemplateContext, template: LinkTemplateName): string {
  return `${param(context, 'origin')}${LINK_TEMPLATES[template].path}${param(context, 'token')}`
}

/**
 * The templates the sender knows them by. `link`: the sender takes the recipient and the token from the
 * sealed parameters, and the expiry from the link, and sends nothing once the link no longer works.
 */
export const LINK_EMAIL_TEMPLATES = {
  'continue-link': {
    recipients: ['applicant'],
    link: true,
    render: (context) =>
      continueEmail({
        brand: context.brand,
        link: href(context, 'continue-link'),
        expiresAt: param(context, 'expiresAt'),
        code: typeof context.params.code === 'string' ? context.params.code : undefined,
        recipientName: context.recipientName || undefined,
      }),
  },
  'joint-confirm-link': {
    recipients: ['joint-applicant'],
    link: true,
    render: (context) => {
      if (context.applicationKey === null) throw new TypeError('the template needs the application')
      return jointConfirmEmail({
        brand: context.brand,
        link: href(context, 'joint-confirm-link'),
        expiresAt: param(context, 'expiresAt'),
        code: undefined,
        recipientName: context.recipientName || undefined,
        reference: applicationReference(context.applicationKey),
      })
    },
  },
  'status-link': {
    recipients: ['applicant'],
    link: true,
    render: (context) => {
      if (context.applicationKey === null) throw new TypeError('the template needs the application')
      return statusLinkEmail({
        brand: context.brand,
        link: href(context, 'status-link'),
        expiresAt: param(context, 'expiresAt'),
        code: undefined,
        recipientName: context.recipientName || undefined,
        reference: applicationReference(context.applicationKey),
      })
    },
  },
} as const satisfies Record<LinkTemplateName, EmailTemplate>
