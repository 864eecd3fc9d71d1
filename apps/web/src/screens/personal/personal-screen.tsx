// /personal: title, first name and last name. Names are stored with upper-case first letters (docs/requirements.md#application-state).
import { normaliseName } from '@forecourt/domain/fields/name'
import { TextInput } from '#components/form/text-input/text-input'
import { TitleRadioGroup } from '#components/form/title-radio-group/title-radio-group'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function PersonalScreen() {
  const step = useJourneyStep('personal')
  const form = useApplication((state) => state.form)

  return (
    <JourneyStep step={step} title="About you">
      <TitleRadioGroup
        {...step.field('title')}
        value={form.title}
        onChange={(title) => update((draft) => void (draft.form.title = title))}
      />
      <TextInput
        {...step.field('firstName')}
        label="First name"
        autoComplete="given-name"
        spellCheck={false}
        value={form.firstName}
        onChange={(firstName) => update((draft) => void (draft.form.firstName = firstName))}
        onBlur={() => {
          update((draft) => void (draft.form.firstName = normaliseName(draft.form.firstName)))
          step.field('firstName').onBlur()
        }}
      />
      <TextInput
        {...step.field('lastName')}
        label="Last name"
        autoComplete="family-name"
        spellCheck={false}
        value={form.lastName}
        onChange={(lastName) => update((draft) => void (draft.form.lastName = lastName))}
        onBlur={() => {
          update((draft) => void (draft.form.lastName = normaliseName(draft.form.lastName)))
          step.field('lastName').onBlur()
        }}
      />
    </JourneyStep>
  )
}
