// /employment-add/{n}: the employer of entry n, asked only for a status that has one.
import { TextInput } from '../../components/form/text-input/TextInput'
import { employmentEntry } from '../../journey/employment-entry'
import { JourneyStep } from '../../journey/JourneyStep'
import { useJourneyStep } from '../../journey/use-journey-step'
import { update, useApplication } from '../../lib/session-store'

export default function EmploymentAddScreen() {
  const step = useJourneyStep('employment-add')
  const { n } = step
  const entry = useApplication((state) => state.form.employments[n - 1])
  const disabled = useApplication((state) => state.isLocked)
  const selfEmployed = entry?.employmentStatus === 'Self-employed'

  return (
    <JourneyStep
      step={step}
      title={n === 1 ? 'About your employer' : 'About your previous employer'}
    >
      <TextInput
        {...step.field('occupation')}
        label="Occupation"
        hint="Your job title, for example nurse or electrician."
        autoComplete="organization-title"
        value={entry?.occupation ?? ''}
        onChange={(value) => update((draft) => void (employmentEntry(draft, n).occupation = value))}
        disabled={disabled}
      />
      <TextInput
        {...step.field('employerName')}
        label="Employer name"
        hint={
          selfEmployed ? 'The name of your business.' : 'The company or organisation you work for.'
        }
        autoComplete="organization"
        value={entry?.employerName ?? ''}
        onChange={(value) =>
          update((draft) => void (employmentEntry(draft, n).employerName = value))
        }
        disabled={disabled}
      />
      <TextInput
        {...step.field('employerTown')}
        label="Employer town"
        hint="The town or city where you work."
        // Not address-level2: that token means the applicant's own address, not the employer's.
        autoComplete="off"
        value={entry?.employerTown ?? ''}
        onChange={(value) =>
          update((draft) => void (employmentEntry(draft, n).employerTown = value))
        }
        disabled={disabled}
      />
    </JourneyStep>
  )
}
