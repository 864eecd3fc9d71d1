// /own-other-properties (a loan secured on property): a yes/no question.
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { update, useApplication } from '#lib/session-store'

export default function OwnOtherPropertiesScreen() {
  const step = useJourneyStep('own-other-properties')
  const answer = useApplication((state) => state.form.ownOtherProperties)

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('ownOtherProperties')}
        label="Do you own any other properties?"
        legendAsHeading
        hint="Apart from your home and the property you are borrowing against."
        options={yesNoOptions}
        inline
        value={toYesNo(answer)}
        onChange={(value) =>
          update((draft) => void (draft.form.ownOtherProperties = fromYesNo(value)))
        }
      />
    </JourneyStep>
  )
}
