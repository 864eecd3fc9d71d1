// /property-details (a loan secured on property): what the property is worth, what is still owed on
// it, its bedrooms and its type. An outstanding balance of 0 is an answer: no mortgage.
import { propertyBedroomOptions, propertyTypeOptions } from '@forecourt/domain/journey/options'
import { Dropdown } from '#components/form/dropdown/dropdown'
import { NumberInput } from '#components/form/number-input/number-input'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function PropertyDetailsScreen() {
  const step = useJourneyStep('property-details')
  const form = useApplication((state) => state.form)
  const value = useNumberDraft(form.propertyValue, (propertyValue) =>
    update((draft) => void (draft.form.propertyValue = propertyValue)),
  )
  const balance = useNumberDraft(form.mortgageBalance, (mortgageBalance) =>
    update((draft) => void (draft.form.mortgageBalance = mortgageBalance)),
  )

  return (
    <JourneyStep step={step} title="About the property">
      <NumberInput
        {...step.field('propertyValue')}
        label="Property value"
        hint="Your best estimate of what it would sell for today."
        prefix="£"
        width={10}
        value={value.value}
        onChange={value.onChange}
      />
      <NumberInput
        {...step.field('mortgageBalance')}
        label="Outstanding mortgage balance"
        hint="What you still owe on any mortgage on it. Enter 0 if there is none."
        prefix="£"
        width={10}
        value={balance.value}
        onChange={balance.onChange}
      />
      <Dropdown
        {...step.field('propertyBedrooms')}
        label="Number of bedrooms"
        options={propertyBedroomOptions}
        value={form.propertyBedrooms}
        onChange={(bedrooms) => update((draft) => void (draft.form.propertyBedrooms = bedrooms))}
      />
      <Dropdown
        {...step.field('propertyType')}
        label="Property type"
        options={propertyTypeOptions}
        value={form.propertyType}
        onChange={(type) => update((draft) => void (draft.form.propertyType = type))}
      />
    </JourneyStep>
  )
}
