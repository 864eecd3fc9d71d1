// /loan-type: what the loan is secured on, for brands that offer both kinds. The amount and term
// limits follow the kind; completing the step lets go of answers outside the new limits, so their
// screens ask again (docs/decisions/1002-changing-the-loan-kind.md).
import { HOMEOWNER_LOAN_WARNING, loanPurposeOptions } from '@forecourt/domain/journey/options'
import { RadioStep } from '#journey/radio-step'

// A loan secured on a home puts the home at risk: say so where the choice is made.
const options = loanPurposeOptions.map((option) =>
  option.value === 'property'
    ? {
        ...option,
        hint: HOMEOWNER_LOAN_WARNING,
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
