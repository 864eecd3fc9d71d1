// The marketing choices of one applicant (/optins, /joint-optins): one checkbox per channel
// (docs/requirements.md#consent: a separate opt-in per channel), ours and carefully selected partners' in
// two fieldsets. Nothing is ticked until the applicant ticks it. Each box is labelled with the
// brand's consent text for that channel and applicant, the exact string the evidence record names
// (docs/requirements.md#evidence-and-consent-records, decision 1654).
import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  consentDisclosureId,
  currentDisclosure,
  type Applicant,
  type ConsentChannel,
  type RenderedDisclosure,
} from '@forecourt/domain/brands/disclosures'
import '#components/form/form.css'
import type { EvidenceReport } from '#lib/evidence-types'
import { FieldHint, FieldLegend } from '@forecourt/ui/field/field-parts'
import { describedBy } from '#components/form/field-props'

export type OptInKey =
  | 'isOptedEmail'
  | 'isOptedSms'
  | 'isOptedPhone'
  | 'isOptedPost'
  | 'isOptedThirdPartyEmail'
  | 'isOptedThirdPartySms'
  | 'isOptedThirdPartyPhone'

export type OptInValues = Record<OptInKey, boolean>

interface Channel {
  key: OptInKey
  channel: ConsentChannel
  /** The label when the brand has no consent text for the channel. */
  label: string
}

export const ourChannels: readonly Channel[] = [
  { key: 'isOptedEmail', channel: 'email', label: 'Email' },
  { key: 'isOptedSms', channel: 'sms', label: 'Text message' },
  { key: 'isOptedPhone', channel: 'phone', label: 'Telephone' },
  { key: 'isOptedPost', channel: 'post', label: 'Post' },
]

export const partnerChannels: readonly Channel[] = [
  { key: 'isOptedThirdPartyEmail', channel: 'partner-email', label: 'Email' },
  { key: 'isOptedThirdPartySms', channel: 'partner-sms', label: 'Text message' },
  { key: 'isOptedThirdPartyPhone', channel: 'partner-phone', label: 'Telephone' },
]

export type ConsentTexts = Partial<Record<OptInKey, RenderedDisclosure>>

/** The brand's current consent text for each channel, worded for this applicant. */
export function consentTexts(brandId: BrandId, applicant: Applicant): ConsentTexts {
  const texts: ConsentTexts = {}
  for (const { key, channel } of [...ourChannels, ...partnerChannels]) {
    const text = currentDisclosure(brandId, consentDisclosureId(channel, applicant))
    if (text) texts[key] = text
  }
  return texts
}

/** Every consent text on the screen, shown. */
export function consentsShown(texts: ConsentTexts, applicant: Applicant): EvidenceReport[] {
  return Object.values(texts).map((text) => ({ kind: 'shown', applicant, text }))
}

/** Each channel's answer as it stands: agreed when ticked, declined when left unticked. */
export function consentAnswers(
  texts: ConsentTexts,
  values: OptInValues,
  applicant: Applicant,
): EvidenceReport[] {
  return (Object.entries(texts) as [OptInKey, RenderedDisclosure][]).map(([key, text]) => ({
    kind: values[key] ? 'agreed' : 'declined',
    applicant,
    text,
  }))
}

/** The checkbox id: the key itself for the main applicant, 'jointIsOptedEmail' for the joint one. */
export function optInId(key: OptInKey, joint: boolean): string {
  return joint ? `joint${key[0]!.toUpperCase()}${key.slice(1)}` : key
}

interface GroupText {
  legend: string
  hint: string
}

interface OptInChoicesProps {
  joint: boolean
  texts: ConsentTexts
  values: OptInValues
  onChange: (key: OptInKey, checked: boolean) => void
  ours: GroupText
  partners: GroupText
  disabled: boolean
}

export function OptInChoices({
  joint,
  texts,
  values,
  onChange,
  ours,
  partners,
  disabled,
}: OptInChoicesProps) {
  const groups = [
    { id: joint ? 'jointOptInsOurs' : 'optInsOurs', text: ours, channels: ourChannels },
    {
      id: joint ? 'jointOptInsPartners' : 'optInsPartners',
      text: partners,
      channels: partnerChannels,
    },
  ]
  return groups.map(({ id, text, channels }) => (
    <div className="field" key={id}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, text)}>
        <FieldLegend label={text.legend} />
        <FieldHint fieldId={id} hint={text.hint} />
        <div className="choices">
          {channels.map(({ key, label }) => {
            const inputId = optInId(key, joint)
            return (
              <div className="choice" key={key}>
                <input
                  id={inputId}
                  name={inputId}
                  type="checkbox"
                  className="choice__input"
                  checked={values[key]}
                  onChange={(event) => onChange(key, event.target.checked)}
                  disabled={disabled}
                />
                <label className="choice__label" htmlFor={inputId} data-disclosure={texts[key]?.id}>
                  {texts[key]?.text ?? label}
                </label>
              </div>
            )
          })}
        </div>
      </fieldset>
    </div>
  ))
}
