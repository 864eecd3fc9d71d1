// /employment-income/1: the main applicant's take-home pay each month.
import { NumberInput } from '#components/form/number-input/number-input'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function EmploymentIncomeScreen() {
  const step = useJourneyStep('employment-income')
  const stored = useApplication((state) => state.form.netMonthlyIncome)
  const income = useNumberDraft(stored, (value) =>
    update((draft) => void (draft.form.netMonthlyIncome = value)),
  )

  return (
    <JourneyStep step={step}>
      <NumberInput
        {...step.field('netMonthlyIncome')}
        label="What is your monthly income after tax?"
        labelAsHeading
        hint="Your take-home pay: what reaches your bank account each month after tax, National Insurance and pension contributions. If it changes from month to month, give an average."
        prefix="£"
        width={10}
        value={income.value}
        onChange={income.onChange}
      />
    </JourneyStep>
  )
}
