// /date-of-birth: day, month and year, kept as typed in the state's top-level dobDay/dobMonth/
// dobYear; completing the step stores dateOfBirth. The domain says which message shows and which
// parts it is about.
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { findStep } from '@forecourt/domain/journey/navigation'
import { dateOfBirthError } from '@forecourt/domain/steps/step-rules'
import { DateOfBirth, datePartId } from '#components/form/date-of-birth/date-of-birth'
import { JourneyStep } from '#journey/journey-step'
import { whenFocusLeaves } from '#journey/when-focus-leaves'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

const FIELD = 'dateOfBirth'

export default function DateOfBirthScreen() {
  const step = useJourneyStep('date-of-birth')
  const day = useApplication((state) => state.dobDay)
  const month = useApplication((state) => state.dobMonth)
  const year = useApplication((state) => state.dobYear)
  const binding = step.field(FIELD)
  const parts = { day, month, year }
  const { invalidParts } = dateOfBirthError(parts, londonToday(new Date()))

  return (
    // The summary's link goes to the first part the message is about.
    <JourneyStep step={step} errorLinks={{ [FIELD]: datePartId(FIELD, invalidParts[0] ?? 'day') }}>
      <DateOfBirth
        {...binding}
        // Touched once focus leaves all three parts: moving on from Day is not being done with the
        // date, and 'Which month were you born?' must not appear before the month could be typed.
        onBlur={() => whenFocusLeaves(FIELD, binding.onBlur)}
        label={findStep('date-of-birth')?.title ?? ''}
        legendAsHeading
        hint="For example, 27 03 1985"
        value={parts}
        invalidParts={invalidParts}
        onChange={(next) =>
          update((draft) => {
            draft.dobDay = next.day
            draft.dobMonth = next.month
            draft.dobYear = next.year
          })
        }
      />
    </JourneyStep>
  )
}
