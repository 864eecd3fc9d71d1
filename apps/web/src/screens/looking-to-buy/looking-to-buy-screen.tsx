// /looking-to-buy: whether the applicant has found a vehicle yet (brands that ask about deposits).
import { lookingToBuyOptions } from '@forecourt/domain/journey/options'
import { RadioStep } from '#journey/radio-step'

export default function LookingToBuyScreen() {
  return (
    <RadioStep
      stepId="looking-to-buy"
      fieldId="lookingToBuy"
      options={lookingToBuyOptions}
      select={(state) => state.form.lookingToBuy}
      choose={(draft, value) => void (draft.form.lookingToBuy = value)}
    />
  )
}
