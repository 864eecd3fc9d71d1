// /joint-residential-status/{n}: whether the joint applicant owns or rents their address n. After it
// the journey table asks for their previous address (n + 1) until their history covers 3 years
// (docs/decisions/1841).
import { residentialStatusOptions } from '@forecourt/domain/journey/options'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { describeAddress, jointAddressEntry } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function JointResidentialStatusScreen() {
  const step = useJourneyStep('joint-residential-status')
  const { n } = step
  const entry = useApplication((state) => state.form.joint.addresses[n - 1])
  const where = entry ? describeAddress(entry) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('jointResidentialStatus')}
        label={
          n === 1
            ? 'What is their residential status at this address?'
            : 'What was their residential status at this address?'
        }
        legendAsHeading
        {...(where ? { hint: where } : {})}
        options={residentialStatusOptions}
        value={entry?.residentialStatus ?? ''}
        onChange={(status) =>
          update((draft) => void (jointAddressEntry(draft, n).residentialStatus = status))
        }
      />
    </JourneyStep>
  )
}
