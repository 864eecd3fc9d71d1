// /joint-employment-add: the joint applicant's employment status and, for a status with an
// employer, the employer's details, revealed right under the status question once it is chosen.
import { employerWording } from '@forecourt/domain/journey/employer-wording'
import { hasEmployer, employmentStatusOptions } from '@forecourt/domain/journey/options'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { TextInput } from '#components/form/text-input/text-input'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'
import './joint-employment-add.css'

export default function JointEmploymentAddScreen() {
  const step = useJourneyStep('joint-employment-add')
  const joint = useApplication((state) => state.form.joint)
  const withEmployer = hasEmployer(joint.employmentStatus)
  // The section's heading and labels follow the status (1541).
  const words = employerWording(joint.employmentStatus, 1, 'joint')

  return (
    <JourneyStep step={step} title="Their employment">
      <RadioGroup
        {...step.field('jointEmploymentStatus')}
        label="What is their employment status?"
        hint="If they work for an employer or for themselves, we will then ask about their work."
        options={employmentStatusOptions}
        value={joint.employmentStatus}
        onChange={(value) => update((draft) => void (draft.form.joint.employmentStatus = value))}
      />
      {withEmployer ? (
        <section className="revealed" aria-labelledby="joint-employer-heading">
          <h2 id="joint-employer-heading" className="revealed__heading">
            {words.title}
          </h2>
          <TextInput
            {...step.field('jointOccupation')}
            label={words.occupation.label}
            hint={words.occupation.hint}
            autoComplete="off"
            value={joint.occupation}
            onChange={(value) => update((draft) => void (draft.form.joint.occupation = value))}
          />
          <TextInput
            {...step.field('jointEmployerName')}
            label={words.employerName.label}
            hint={words.employerName.hint}
            autoComplete="off"
            value={joint.employerName}
            onChange={(value) => update((draft) => void (draft.form.joint.employerName = value))}
          />
          <TextInput
            {...step.field('jointEmployerTown')}
            label={words.employerTown.label}
            hint={words.employerTown.hint}
            autoComplete="off"
            value={joint.employerTown}
            onChange={(value) => update((draft) => void (draft.form.joint.employerTown = value))}
          />
        </section>
      ) : null}
    </JourneyStep>
  )
}
