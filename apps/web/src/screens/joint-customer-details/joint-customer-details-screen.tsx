// /joint-customer-details: the joint applicant's title, names, marital status and driving
// licence. The main applicant types them, so the questions and messages say "their", and autofill
// is off (it would offer the main applicant's own details).
import { normaliseName } from '@forecourt/domain/fields/name'
import { drivingLicenceOptions, maritalStatusOptions } from '@forecourt/domain/journey/options'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { TextInput } from '#components/form/text-input/text-input'
import { TitleRadioGroup } from '#components/form/title-radio-group/title-radio-group'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function JointCustomerDetailsScreen() {
  const step = useJourneyStep('joint-customer-details')
  const joint = useApplication((state) => state.form.joint)

  return (
    <JourneyStep step={step} title="About the joint applicant">
      <TitleRadioGroup
        {...step.field('jointTitle')}
        label="Their title"
        value={joint.title}
        onChange={(title) => update((draft) => void (draft.form.joint.title = title))}
      />
      <TextInput
        {...step.field('jointFirstName')}
        label="Their first name"
        autoComplete="off"
        spellCheck={false}
        value={joint.firstName}
        onChange={(value) => update((draft) => void (draft.form.joint.firstName = value))}
        onBlur={() => {
          update((draft) => {
            draft.form.joint.firstName = normaliseName(draft.form.joint.firstName)
          })
          step.field('jointFirstName').onBlur()
        }}
      />
      <TextInput
        {...step.field('jointLastName')}
        label="Their last name"
        autoComplete="off"
        spellCheck={false}
        value={joint.lastName}
        onChange={(value) => update((draft) => void (draft.form.joint.lastName = value))}
        onBlur={() => {
          update((draft) => {
            draft.form.joint.lastName = normaliseName(draft.form.joint.lastName)
          })
          step.field('jointLastName').onBlur()
        }}
      />
      <RadioGroup
        {...step.field('jointMaritalStatus')}
        label="What is their marital status?"
        options={maritalStatusOptions}
        value={joint.maritalStatus}
        onChange={(value) => update((draft) => void (draft.form.joint.maritalStatus = value))}
      />
      <RadioGroup
        {...step.field('jointDrivingLicenceType')}
        label="What type of driving licence do they have?"
        options={drivingLicenceOptions}
        value={joint.drivingLicenceType}
        onChange={(value) => update((draft) => void (draft.form.joint.drivingLicenceType = value))}
      />
    </JourneyStep>
  )
}
