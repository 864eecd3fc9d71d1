// /joint-date-of-birth: the joint applicant's date of birth. The parts live at the top level of
// the state (docs/requirements.md#application-state); the messages and the marked parts come from the same rule Continue checks.
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { dateOfBirthError } from '@forecourt/domain/steps/step-rules'
import { DateOfBirth, datePartId } from '#components/form/date-of-birth/date-of-birth'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { whenFocusLeaves } from '#journey/when-focus-leaves'
import { update, useApplication } from '#lib/session-store'

const FIELD = 'jointDateOfBirth'

export default function JointDateOfBirthScreen() {
  const step = useJourneyStep('joint-date-of-birth')
  const day = useApplication((state) => state.jointDobDay)
  const month = useApplication((state) => state.jointDobMonth)
  const year = useApplication((state) => state.jointDobYear)
  const binding = step.field(FIELD)
  const parts = { day, month, year }
  const { invalidParts } = dateOfBirthError(parts, londonToday(new Date()), 'joint')

  return (
    // The summary's link goes to the first part the message is about.
    <JourneyStep step={step} errorLinks={{ [FIELD]: datePartId(FIELD, invalidParts[0] ?? 'day') }}>
      <DateOfBirth
        {...binding}
        onBlur={() => whenFocusLeaves(FIELD, binding.onBlur)}
        label="What is their date of birth?"
        legendAsHeading
        hint="For example, 27 03 1985"
        joint
        value={parts}
        invalidParts={invalidParts}
        onChange={(next) =>
          update((draft) => {
            draft.jointDobDay = next.day
            draft.jointDobMonth = next.month
            draft.jointDobYear = next.year
          })
        }
      />
    </JourneyStep>
  )
}
