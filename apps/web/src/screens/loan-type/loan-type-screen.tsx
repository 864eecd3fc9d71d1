// /loan-type: what the loan is secured on, for brands that offer both kinds. The amount and term
// limits follow the kind; completing the step lets go of answers outside the new limits, so their
// screens ask again (docs/decisions/1002-changing-the-loan-kind.md).
import { loanPurposeOptions } from '@forecourt/domain/journey/options'
import { RadioStep } from '#journey/radio-step'

// A loan secured on a home puts the home at risk: say so where the choice is made.
const options = loanPurposeOptions.map((option) =>
  option.value === 'property'
    ? {
        ...option,
        hint: 'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.',
      }
    : option,
)

export default function LoanTypeScreen() {
  return (
    <RadioStep
      stepId="loan-type"
      fieldId="loanPurposeType"
      options={options}
      select={(state) => state.form.loanPurposeType}
      choose={(draft, value) => void (draft.form.loanPurposeType = value)}
    />
  )
}
