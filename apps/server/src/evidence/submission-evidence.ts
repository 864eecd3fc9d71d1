// What a submission itself proves (decision 1654): the terms agreed, the soft search answer, and each
// applicant's marketing choices per channel, derived from the payload's flags and recorded with the
// current version of each text; and the vulnerability flag from the support answers (decision 1659).
// Written in the submission's transaction. The browser's own reports say which version was on screen.

import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  consentDisclosureId,
  CONSENT_CHANNELS,
  type ConsentChannel,
  type DisclosureId,
} from '@forecourt/domain/brands/disclosures'
import type { NewEvidenceRow, NewSupportFlagRow } from '../db/tables'
import { currentText } from './disclosure-hash'
import { evidenceRow } from './evidence-repository'

/** The payload flag that carries each channel's choice (the same names inside JointApplicant). */
export const CONSENT_FLAGS: Readonly<Record<ConsentChannel, string>> = {
  email: 'IsOptedEmail',
  sms: 'IsOptedSms',
  phone: 'IsOptedPhone',
  post: 'IsOptedPost',
  'partner-email': 'IsOptedThirdPartyEmail',
  'partner-sms': 'IsOptedThirdPartySms',
  'partner-phone': 'IsOptedThirdPartyPhone',
}

interface Args {
  submissionKey: string
  brand: BrandId
  payload: Readonly<Record<string, unknown>>
  now: Date
}

export function submissionEvidence({ submissionKey, brand, payload, now }: Args): NewEvidenceRow[] {
  const rows: NewEvidenceRow[] = []
  const add = (
    id: DisclosureId,
    applicant: 'main' | 'joint',
    agreed: boolean,
    screen: string,
    channel: ConsentChannel | null = null,
  ) => {
    const text = currentText(brand, id)
    if (text === undefined) return
    rows.push(
      evidenceRow({
        applicationKey: submissionKey,
        brand,
        applicant,
        kind: agreed ? 'agreed' : 'declined',
        disclosureId: id,
        version: text.version,
        textHash: text.hash,
        channel,
        screen,
        at: now,
        source: 'submission',
        clientItemId: `submission:${id}`,
      }),
    )
  }
  add('terms', 'main', payload.termsAndConditionsAgreed === true, '/before-you-submit')
  add('soft-search', 'main', payload.agreeSoftSearch === true, '/soft-search')
  for (const channel of CONSENT_CHANNELS) {
    const flag = CONSENT_FLAGS[channel]
    add(consentDisclosureId(channel, 'main'), 'main', payload[flag] === true, '/optins', channel)
  }
  const joint = payload.JointApplicant
  if (payload.isJointApplication === true && typeof joint === 'object' && joint !== null) {
    const jointFlags = joint as Record<string, unknown>
    for (const channel of CONSENT_CHANNELS) {
      const flag = CONSENT_FLAGS[channel]
      add(
        consentDisclosureId(channel, 'joint'),
        'joint',
        jointFlags[flag] === true,
        '/joint-optins',
        channel,
      )
    }
  }
  return rows
}

export const SUPPORT_REASONS = ['discuss-financial-circumstances', 'additional-needs'] as const
export type SupportReason = (typeof SUPPORT_REASONS)[number]

/** The vulnerability flag an operator sees, when the support answers raise it; undefined otherwise. */
export function supportFlagFor({
  submissionKey,
  brand,
  payload,
  now,
}: Args): NewSupportFlagRow | undefined {
  const reasons: SupportReason[] = []
  if (payload.discussFinancialCirumstances === true) reasons.push('discuss-financial-circumstances')
  const needs = payload.additionalNeedsRequirements
  if (typeof needs === 'string' && needs.trim() !== '') reasons.push('additional-needs')
  if (reasons.length === 0) return undefined
  return {
    application_key: submissionKey,
    brand,
    reasons: JSON.stringify(reasons),
    flagged_at: now.toISOString(),
  }
}
