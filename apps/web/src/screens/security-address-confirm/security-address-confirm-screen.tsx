// /security-address-confirm (a loan secured on property): whether the property is the applicant's
// current address, shown in the question. "Yes" copies that address into the security address
// when the step is completed; "No" asks for the property's address next.
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { describeAddress } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { update, useApplication } from '#lib/session-store'

export default function SecurityAddressConfirmScreen() {
  const step = useJourneyStep('security-address-confirm')
  const answer = useApplication((state) => state.form.isSecurityCurrentAddress)
  const current = useApplication((state) => state.form.addresses[0])
  const where = current ? describeAddress(current) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('isSecurityCurrentAddress')}
        label="Is the property you are borrowing against your current address?"
        legendAsHeading
        {...(where ? { hint: `Your current address: ${where}` } : {})}
        options={yesNoOptions}
        inline
        value={toYesNo(answer)}
        onChange={(value) =>
          update((draft) => void (draft.form.isSecurityCurrentAddress = fromYesNo(value)))
        }
      />
    </JourneyStep>
  )
}
