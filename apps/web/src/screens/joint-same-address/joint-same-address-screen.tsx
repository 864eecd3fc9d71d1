// /joint-same-address (a joint application): whether the joint applicant lives at the applicant's
// current address, shown in the question. "No" asks for their own address history next
// (docs/decisions/1841).
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { describeAddress } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { update, useApplication } from '#lib/session-store'

export default function JointSameAddressScreen() {
  const step = useJourneyStep('joint-same-address')
  const answer = useApplication((state) => state.form.joint.livesAtApplicantAddress)
  const current = useApplication((state) => state.form.addresses[0])
  const where = current ? describeAddress(current) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('jointLivesAtApplicantAddress')}
        label="Does the joint applicant live at your address?"
        legendAsHeading
        {...(where ? { hint: `Your current address: ${where}` } : {})}
        options={yesNoOptions}
        inline
        value={toYesNo(answer)}
        onChange={(value) =>
          update((draft) => void (draft.form.joint.livesAtApplicantAddress = fromYesNo(value)))
        }
      />
    </JourneyStep>
  )
}
