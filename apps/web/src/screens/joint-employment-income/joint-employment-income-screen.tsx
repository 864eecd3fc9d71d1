// /joint-employment-income: the joint applicant's take-home pay each month.
import { NumberInput } from '#components/form/number-input/number-input'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function JointEmploymentIncomeScreen() {
  const step = useJourneyStep('joint-employment-income')
  const stored = useApplication((state) => state.form.joint.netMonthlyIncome)
  const income = useNumberDraft(stored, (value) =>
    update((draft) => void (draft.form.joint.netMonthlyIncome = value)),
  )

  return (
    <JourneyStep step={step}>
      <NumberInput
        {...step.field('jointNetMonthlyIncome')}
        label="What is their monthly income after tax?"
        labelAsHeading
        hint="Their take-home pay: what reaches their bank account each month after tax, National Insurance and pension contributions. If it changes from month to month, give an average."
        prefix="£"
        width={10}
        autoComplete="off"
        value={income.value}
        onChange={income.onChange}
      />
    </JourneyStep>
  )
}
