// A screen that asks one question with radios (looking-to-buy, loan type, driving licence, marital
// status, …): the legend is the page's heading, so it is the step's title from the journey table.
import type { StepId } from '@forecourt/domain/journey/step-list'
import { findStep } from '@forecourt/domain/journey/navigation'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { RadioGroup, type RadioOption } from '#components/form/radio-group/radio-group'
import { update, useApplication } from '#lib/session-store'
import { JourneyStep } from './journey-step'
import { useJourneyStep } from './use-journey-step'

interface RadioStepProps {
  stepId: StepId
  /** The field id the step's rules give its message under. */
  fieldId: string
  options: readonly RadioOption[]
  /** The chosen value from the state ('' when none). */
  select: (state: ApplicationState) => string
  /** Records a choice in the state. */
  choose: (draft: ApplicationState, value: string) => void
  hint?: string
}

export function RadioStep({ stepId, fieldId, options, select, choose, hint }: RadioStepProps) {
  const step = useJourneyStep(stepId)
  const value = useApplication(select)
  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field(fieldId)}
        label={findStep(stepId)?.title ?? ''}
        legendAsHeading
        hint={hint}
        options={options}
        value={value}
        onChange={(chosen) => update((draft) => choose(draft, chosen))}
      />
    </JourneyStep>
  )
}
