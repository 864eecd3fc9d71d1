// /employment/{n}: the status of employment entry n. Later entries go back in time until the
// history covers 3 years, so they ask about the previous status and show the total so far.
import {
  describeHistoryTotal,
  employmentPeriods,
  totalMonths,
} from '@forecourt/domain/histories/histories'
import { employmentStatusOptions } from '@forecourt/domain/journey/options'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { employmentEntry } from '#journey/employment-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function EmploymentScreen() {
  const step = useJourneyStep('employment')
  const { n } = step
  const employments = useApplication((state) => state.form.employments)
  const earlier = totalMonths(employmentPeriods(employments.slice(0, n - 1)))

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('employmentStatus')}
        label={
          n === 1 ? 'What is your employment status?' : 'What was your previous employment status?'
        }
        legendAsHeading
        hint={n === 1 ? undefined : describeHistoryTotal(earlier)}
        options={employmentStatusOptions}
        value={employments[n - 1]?.employmentStatus ?? ''}
        onChange={(status) =>
          update((draft) => void (employmentEntry(draft, n).employmentStatus = status))
        }
      />
    </JourneyStep>
  )
}
