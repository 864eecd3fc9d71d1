// /residential-status/{n}: whether the applicant owns or rents address n. After it the journey table
// asks for the previous address (n + 1) until the history covers 3 years.
import { residentialStatusOptions } from '@forecourt/domain/journey/options'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { addressEntry, describeAddress } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function ResidentialStatusScreen() {
  const step = useJourneyStep('residential-status')
  const { n } = step
  const entry = useApplication((state) => state.form.addresses[n - 1])
  const where = entry ? describeAddress(entry) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('residentialStatus')}
        label={
          n === 1
            ? 'What is your residential status at this address?'
            : 'What was your residential status at this address?'
        }
        legendAsHeading
        {...(where ? { hint: where } : {})}
        options={residentialStatusOptions}
        value={entry?.residentialStatus ?? ''}
        onChange={(status) =>
          update((draft) => void (addressEntry(draft, n).residentialStatus = status))
        }
      />
    </JourneyStep>
  )
}
