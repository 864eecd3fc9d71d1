import type { Example } from '../examples'
import { FieldHint, FieldLabel, FieldLegend, hintId } from './field-parts'

// The parts inside the frame a control draws them in: a labelled input, a group with its legend.

export const fieldPartsExamples: Example[] = [
  {
    name: 'label and hint',
    render: () => (
      <div className="field">
        <FieldLabel htmlFor="last-name" label="Last name" />
        <FieldHint fieldId="last-name" hint="As it appears on your driving licence" />
        <input
          id="last-name"
          className="field-input"
          type="text"
          autoComplete="family-name"
          aria-describedby={hintId('last-name')}
        />
      </div>
    ),
  },
  {
    name: 'label as page heading',
    render: () => (
      <div className="field">
        <FieldLabel htmlFor="postcode" label="What is your postcode?" asHeading />
        <input id="postcode" className="field-input" type="text" autoComplete="postal-code" />
      </div>
    ),
  },
  {
    name: 'legend and hint of a group',
    render: () => (
      <div className="field">
        <fieldset className="field-fieldset" aria-describedby={hintId('new-status')}>
          <FieldLegend label="New status" />
          <FieldHint fieldId="new-status" hint="The applicant does not see it" />
          <input id="new-status" type="radio" name="new-status" aria-label="New" />
          <input id="new-status-2" type="radio" name="new-status" aria-label="Closed" />
        </fieldset>
      </div>
    ),
  },
  {
    name: 'legend as page heading',
    render: () => (
      <div className="field">
        <fieldset className="field-fieldset">
          <FieldLegend label="What is your marital status?" asHeading />
          <input id="marital-status" type="radio" name="marital-status" aria-label="Single" />
        </fieldset>
      </div>
    ),
  },
  {
    name: 'no hint',
    render: () => (
      <div className="field">
        <FieldLabel htmlFor="town" label="Town" />
        <FieldHint fieldId="town" />
        <input id="town" className="field-input" type="text" autoComplete="address-level2" />
      </div>
    ),
  },
]
