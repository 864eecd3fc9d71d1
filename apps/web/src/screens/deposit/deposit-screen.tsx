// /deposit: Yes or No (the state's top-level hasDeposit); Yes reveals the deposit type and, for a
// cash deposit, its amount (docs/decisions/1005-deposit-follow-up-questions.md). Answers hidden by
// a change stay until Continue, which clears what no longer applies (the step's rules).
import './deposit.css'
import { depositTypeOptions } from '@forecourt/domain/journey/options'
import { findStep } from '@forecourt/domain/journey/navigation'
import { Dropdown } from '#components/form/dropdown/dropdown'
import { NumberInput } from '#components/form/number-input/number-input'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

const yesNo = [
  { value: 'yes', label: 'Yes', hint: 'Then tell us about the deposit below.' },
  { value: 'no', label: 'No' },
]

export default function DepositScreen() {
  const step = useJourneyStep('deposit')
  const hasDeposit = useApplication((state) => state.hasDeposit)
  const depositType = useApplication((state) => state.form.depositType)
  const cashDeposit = useApplication((state) => state.form.cashDeposit)
  // The state holds 0 for "no amount" (docs/requirements.md#application-state), so the box starts empty rather than showing 0.
  const cash = useNumberDraft(cashDeposit > 0 ? cashDeposit : null, (value) =>
    update((draft) => void (draft.form.cashDeposit = value ?? 0)),
  )

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('hasDeposit')}
        label={findStep('deposit')?.title ?? ''}
        legendAsHeading
        options={yesNo}
        value={hasDeposit === null ? '' : hasDeposit ? 'yes' : 'no'}
        onChange={(value) => update((draft) => void (draft.hasDeposit = value === 'yes'))}
      />
      {hasDeposit ? (
        <div className="deposit-details" id="deposit-details">
          <Dropdown
            {...step.field('depositType')}
            label="Deposit type"
            options={depositTypeOptions}
            value={depositType}
            onChange={(value) => update((draft) => void (draft.form.depositType = value))}
          />
          {depositType.includes('Cash') ? (
            <NumberInput
              {...step.field('cashDeposit')}
              label="Cash deposit"
              hint="The amount you will pay in cash, in pounds."
              prefix="£"
              width={10}
              value={cash.value}
              onChange={cash.onChange}
            />
          ) : null}
        </div>
      ) : null}
    </JourneyStep>
  )
}
