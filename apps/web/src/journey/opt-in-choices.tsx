// The marketing choices of one applicant (/optins, /joint-optins): one checkbox per channel
// (docs/requirements.md#consent), ours and carefully selected partners' in
// two fieldsets. Nothing is ticked until the applicant ticks it.
import '#components/form/form.css'
import { FieldHint, FieldLegend } from '#components/form/field-parts'
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
  label: string
}

export const ourChannels: readonly Channel[] = [
  { key: 'isOptedEmail', label: 'Email' },
  { key: 'isOptedSms', label: 'Text message' },
  { key: 'isOptedPhone', label: 'Telephone' },
  { key: 'isOptedPost', label: 'Post' },
]

export const partnerChannels: readonly Channel[] = [
  { key: 'isOptedThirdPartyEmail', label: 'Email' },
  { key: 'isOptedThirdPartySms', label: 'Text message' },
  { key: 'isOptedThirdPartyPhone', label: 'Telephone' },
]

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
  values: OptInValues
  onChange: (key: OptInKey, checked: boolean) => void
  ours: GroupText
  partners: GroupText
  disabled: boolean
}

export function OptInChoices({
  joint,
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
                <label className="choice__label" htmlFor={inputId}>
                  {label}
                </label>
              </div>
            )
          })}
        </div>
      </fieldset>
    </div>
  ))
}
