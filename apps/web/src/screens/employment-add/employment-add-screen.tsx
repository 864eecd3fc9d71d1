// /employment-add/{n}: the employer of entry n, asked only for a status that has one. The heading
// and the labels follow the status: an employer, a business, an agency, a service (1541).
import { employerWording } from '@forecourt/domain/journey/employer-wording'
import { TextInput } from '#components/form/text-input/text-input'
import { employmentEntry } from '#journey/employment-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function EmploymentAddScreen() {
  const step = useJourneyStep('employment-add')
  const { n } = step
  const entry = useApplication((state) => state.form.employments[n - 1])
  const words = employerWording(entry?.employmentStatus ?? '', n)

  return (
    <JourneyStep step={step} title={words.title}>
      <TextInput
        {...step.field('occupation')}
        label={words.occupation.label}
        hint={words.occupation.hint}
        autoComplete="organization-title"
        value={entry?.occupation ?? ''}
        onChange={(value) => update((draft) => void (employmentEntry(draft, n).occupation = value))}
      />
      <TextInput
        {...step.field('employerName')}
        label={words.employerName.label}
        hint={words.employerName.hint}
        autoComplete="organization"
        value={entry?.employerName ?? ''}
        onChange={(value) =>
          update((draft) => void (employmentEntry(draft, n).employerName = value))
        }
      />
      <TextInput
        {...step.field('employerTown')}
        label={words.employerTown.label}
        hint={words.employerTown.hint}
        // Not address-level2: that token means the applicant's own address, not the employer's.
        autoComplete="off"
        value={entry?.employerTown ?? ''}
        onChange={(value) =>
          update((draft) => void (employmentEntry(draft, n).employerTown = value))
        }
      />
    </JourneyStep>
  )
}
