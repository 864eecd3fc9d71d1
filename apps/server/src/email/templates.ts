// Every kind of message, by name. A template turns a context (the brand, the reference, the recipient's
// name, the row's parameters) into a subject and blocks; layout.ts makes the text and HTML parts. Subjects
// carry no personal data; an applicant's message names only its recipient. To add one: a function here
// returning renderLayout(...), an entry in TEMPLATES, and an enqueue call where its cause is stored
// (decision 1652).

import { currentDisclosure } from '@forecourt/domain/brands/disclosures'
import { formatLondonDateTime } from '@forecourt/domain/format/london-time'
import {
  loanKindOf,
  loanWords,
  REPOSSESSION_WARNING,
  whatHappensNext,
  type LoanKind,
  type Reader,
} from '@forecourt/domain/messages/what-happens-next'
import { formatExpiry } from '@forecourt/domain/save-return/save-return'
import { LINK_EMAIL_TEMPLATES } from '../save-return/link-email'
import { renderLayout, type Block, type RenderedEmail } from './layout'
import type { EmailTemplate, TemplateContext } from './template-types'

const SERVICE_MESSAGE =
  'This is a service message about an application, so it has no unsubscribe link. We do not use it for marketing.'

function param(context: TemplateContext, name: string): string {
  const value = context.params[name]
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`the template needs the parameter ${name}`)
  }
  return value
}

function greeting(context: TemplateContext): Block {
  return {
    kind: 'paragraph',
    text: context.recipientName === undefined ? 'Hello,' : `Dear ${context.recipientName},`,
  }
}

function disclosureText(context: TemplateContext, id: 'commission' | 'panel'): string {
  const rendered = currentDisclosure(context.brand.id, id)
  if (rendered === undefined) throw new TypeError(`the brand has no ${id} disclosure`)
  return rendered.text
}

/** The loan kind a submission's messages were queued with; rows queued before it was a parameter: a vehicle. */
function loanKind(context: TemplateContext): LoanKind {
  return loanKindOf(context.params.loanKind)
}

/** The same steps as the thank-you page, and the warning of a loan secured on a home (decision 2132). */
function nextStepsBlocks(context: TemplateContext, reader: Reader): Block[] {
  const kind = loanKind(context)
  const steps = whatHappensNext({
    brand: context.brand,
    kind,
    joint: context.params.joint === 'yes',
    reader,
  })
  return [
    { kind: 'heading', text: 'What happens next' },
    { kind: 'steps', items: steps },
    ...(kind === 'property' ? [{ kind: 'warning', text: REPOSSESSION_WARNING } as const] : []),
  ]
}

function complaintBlocks(context: TemplateContext): Block[] {
  const { brand, mail } = context
  return [
    { kind: 'heading', text: 'If you are unhappy with our service' },
    {
      kind: 'paragraph',
      text:
        `Tell us first: email ${mail.complaintsEmail} or write to ${brand.firm.legalName}, ` +
        `${brand.firm.postalAddress}. If you are still unhappy after eight weeks, or with our final ` +
        'answer, you can ask the Financial Ombudsman Service to look at it free of charge: ' +
        'www.financial-ombudsman.org.uk or 0800 023 4567.',
    },
  ]
}

function websiteLink(context: TemplateContext): Block {
  return {
    kind: 'link',
    text: `Visit ${context.brand.tradingName}'s website`,
    href: context.mail.website,
  }
}

/**
 * The applicant's one-time link to their own page (decision 2113), when the sender made one for this message:
 * where each lender's answer and offer are, behind the date of birth. No figures in the email itself.
 */
function statusLinkBlocks(context: TemplateContext, text: string): Block[] {
  const href = context.params.statusLink
  const expiresAt = context.params.statusLinkExpiresAt
  if (typeof href !== 'string' || typeof expiresAt !== 'string') return []
  return [
    { kind: 'link', text, href },
    {
      kind: 'paragraph',
      text: `The link works once, on any device, until ${formatExpiry(expiresAt)} (UK time); the page asks for your date of birth. If it has expired, the page can send you a new one.`,
    },
  ]
}

function applicantConfirmation(context: TemplateContext): RenderedEmail {
  const reference = param(context, 'reference')
  const { brand } = context
  return renderLayout({
    brand,
    subject: `We have received your application (${reference})`,
    title: 'We have received your application',
    blocks: [
      greeting(context),
      {
        kind: 'paragraph',
        text: `Thank you for applying for ${loanWords(loanKind(context))} with ${brand.tradingName}. Your reference is ${reference}. Please quote it if you contact us.`,
      },
      ...nextStepsBlocks(context, 'applicant'),
      ...statusLinkBlocks(
        context,
        'Follow your application: each lender’s answer on your own page',
      ),
      { kind: 'heading', text: 'How we are paid' },
      { kind: 'paragraph', text: disclosureText(context, 'commission') },
      { kind: 'heading', text: 'Our panel of lenders' },
      { kind: 'paragraph', text: disclosureText(context, 'panel') },
      ...complaintBlocks(context),
      websiteLink(context),
    ],
    footnote: SERVICE_MESSAGE,
  })
}

function jointApplicantConfirmation(context: TemplateContext): RenderedEmail {
  const reference = param(context, 'reference')
  const { brand, mail } = context
  return renderLayout({
    brand,
    subject: `You are named on an application (${reference})`,
    title: `You are named on an application for ${loanWords(loanKind(context))}`,
    blocks: [
      greeting(context),
      {
        kind: 'paragraph',
        text: `${brand.tradingName} has received an application for ${loanWords(loanKind(context))} that names you as the joint applicant. Its reference is ${reference}.`,
      },
      {
        kind: 'paragraph',
        text: `If you did not agree to be named on this application, email us at ${mail.complaintsEmail} and quote the reference.`,
      },
      ...nextStepsBlocks(context, 'joint-applicant'),
      { kind: 'heading', text: 'How we are paid' },
      { kind: 'paragraph', text: disclosureText(context, 'commission') },
      { kind: 'heading', text: 'Our panel of lenders' },
      { kind: 'paragraph', text: disclosureText(context, 'panel') },
      ...complaintBlocks(context),
      websiteLink(context),
    ],
    footnote: SERVICE_MESSAGE,
  })
}

export const BROKER_ALERT_EVENTS = [
  'new-submission',
  'needs-attention',
  'decision-received',
  'offer-chosen',
  'call-requested',
  'joint-confirmed',
  'joint-corrected',
  'joint-disputed',
] as const
export type BrokerAlertEvent = (typeof BROKER_ALERT_EVENTS)[number]

const BROKER_ALERT_WORDS: Readonly<
  Record<BrokerAlertEvent, { title: string; text: string; when: string }>
> = {
  'new-submission': {
    title: 'New application',
    text: 'A new application has been submitted.',
    when: 'Submitted',
  },
  'needs-attention': {
    title: 'An application needs attention',
    text: 'An application could not be accepted as it was sent and is waiting for someone to look at it.',
    when: 'Arrived',
  },
  'decision-received': {
    title: 'A lender has decided',
    text: 'A lender has sent its decision on an application. The applicants are emailed that there is news (never its figures) at the time below, so you can look at it first. The decision is in the back office.',
    when: 'Received',
  },
  'offer-chosen': {
    title: 'An applicant chose an offer',
    text: 'The applicant chose one of the lenders’ offers on their own page and would like to go ahead. Which one is in the back office.',
    when: 'Chosen',
  },
  'call-requested': {
    title: 'An applicant asked to be called',
    text: 'The applicant asked on their own page to be called before choosing an offer.',
    when: 'Asked',
  },
  'joint-confirmed': {
    title: 'The joint applicant confirmed their part',
    text: 'The joint applicant confirmed their part of the application, with no corrections.',
    when: 'Confirmed',
  },
  'joint-corrected': {
    title: 'The joint applicant sent corrections',
    text: 'The joint applicant confirmed their part of the application and corrected what was said about them. What they wrote is in the back office.',
    when: 'Confirmed',
  },
  'joint-disputed': {
    title: 'The joint applicant says the application is not right',
    text: 'The joint applicant did not confirm their part: they said something in the application is not right. What they wrote is in the back office; contact them before it goes further.',
    when: 'Said',
  },
}

function applicantsToldRow(context: TemplateContext): [string, string][] {
  const told = context.params.applicantsToldAt
  if (typeof told !== 'string') return []
  return [['Applicants emailed', `${formatLondonDateTime(new Date(told))} (UK time)`]]
}

function brokerAlert(context: TemplateContext): RenderedEmail {
  const reference = param(context, 'reference')
  const event = param(context, 'event') as BrokerAlertEvent
  const at = new Date(param(context, 'at'))
  const link = param(context, 'link')
  const { brand } = context
  const words = BROKER_ALERT_WORDS[event]
  return renderLayout({
    brand,
    subject: `${words.title}: ${reference} (${brand.tradingName})`,
    title: words.title,
    blocks: [
      { kind: 'paragraph', text: words.text },
      {
        kind: 'facts',
        rows: [
          ['Reference', reference],
          ['Brand', brand.tradingName],
          [words.when, `${formatLondonDateTime(at)} (UK time)`],
          ...applicantsToldRow(context),
        ],
      },
      { kind: 'link', text: `Open ${reference} in the back office`, href: link },
    ],
    footnote:
      'This alert holds no personal data; the application itself is in the back office. It goes to the inbox configured for this brand.',
  })
}

export const RELAYED_DECISIONS = [
  'approved',
  'approved-with-conditions',
  'more-information-needed',
  'declined',
  'paid-out',
] as const
export type RelayedDecision = (typeof RELAYED_DECISIONS)[number]

const DECISION_WORDS: Record<RelayedDecision, string> = {
  approved:
    'A lender on our panel has offered you finance. Nothing is agreed until you have read and signed the lender’s credit agreement.',
  'approved-with-conditions':
    'A lender on our panel could offer you finance if some conditions are met. We will explain what they are; nothing is agreed yet.',
  'more-information-needed':
    'A lender on our panel needs more information from you before it can decide.',
  declined:
    'One of the lenders on our panel has declined your application. Other lenders on our panel may still consider it, and we will tell you what happens next.',
  'paid-out': 'Your finance has been paid out.',
}

function decisionUpdate(context: TemplateContext): RenderedEmail {
  const reference = param(context, 'reference')
  const decision = param(context, 'decision') as RelayedDecision
  const words = DECISION_WORDS[decision]
  if (words === undefined) throw new TypeError(`no words for the decision ${decision}`)
  const { brand } = context
  return renderLayout({
    brand,
    subject: `An update on your application (${reference})`,
    title: 'An update on your application',
    blocks: [
      greeting(context),
      { kind: 'paragraph', text: words },
      {
        kind: 'paragraph',
        text: `For the details, see your own page or contact ${brand.tradingName} and quote your reference, ${reference}. For your security we do not put figures in emails.`,
      },
      ...statusLinkBlocks(context, 'See each lender’s answer and offer on your own page'),
      {
        kind: 'paragraph',
        text: `Questions? Call ${brand.tradingName} on ${brand.contact.phone} (${brand.contact.openingHours}) or email ${brand.contact.email}, quoting your reference.`,
      },
      { kind: 'link', text: `Contact ${brand.tradingName}`, href: context.mail.website },
      ...complaintBlocks(context),
    ],
    footnote: SERVICE_MESSAGE,
  })
}

export const TEMPLATES = {
  'applicant-confirmation': { recipients: ['applicant'], render: applicantConfirmation },
  'joint-applicant-confirmation': {
    recipients: ['joint-applicant'],
    render: jointApplicantConfirmation,
  },
  'broker-alert': { recipients: ['broker'], render: brokerAlert },
  'decision-update': { recipients: ['applicant', 'joint-applicant'], render: decisionUpdate },
  ...LINK_EMAIL_TEMPLATES,
} as const satisfies Record<string, EmailTemplate>

export type TemplateName = keyof typeof TEMPLATES

export function findTemplate(name: string): EmailTemplate | undefined {
  return Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name as TemplateName] : undefined
}
