// /amount-to-finance (a vehicle was loaded): the amount, suggested on the first visit as the
// vehicle's price less any cash deposit (docs/decisions/1003-loan-amount-prefill.md).
import { formatPounds } from '@forecourt/domain/finance/money'
import { findStep } from '@forecourt/domain/journey/navigation'
import {
  START_UP_LOAN_AMOUNT,
  type ApplicationForm,
} from '@forecourt/domain/state/application-state'
import { limitsFor } from '@forecourt/domain/steps/step-rules'
import { useEffect, useState } from 'react'
import { NumberInput } from '#components/form/number-input/number-input'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'

/**
 * The amount to show: the applicant's own (answered, typed before going back, or given by the
 * link's loan-amount) or, while only the start-up default is there, the price less the deposit.
 */
function initialAmount(form: ApplicationForm): number | null {
  const { loanAmount, loanAmountCompleted, vehicle, cashDeposit } = form
  if (loanAmountCompleted || (loanAmount !== null && loanAmount !== START_UP_LOAN_AMOUNT)) {
    return loanAmount
  }
  if (vehicle.price === null) return null
  const rest = Math.ceil(vehicle.price - cashDeposit)
  return rest > 0 ? rest : null
}

const pounds = (value: number) => formatPounds(value, { pence: false })

export default function AmountToFinanceScreen() {
  const step = useJourneyStep('amount-to-finance')
  const vehicle = useApplication((state) => state.form.vehicle)
  const cashDeposit = useApplication((state) => state.form.cashDeposit)
  const { minAmount, maxAmount } = useApplication(limitsFor)
  const [initial] = useState(() => initialAmount(getApplication().form))
  const amount = useNumberDraft(initial, (loanAmount) =>
    update((draft) => void (draft.form.loanAmount = loanAmount)),
  )

  // What is shown is what Continue checks: the suggestion replaces the start-up default at once.
  useEffect(() => {
    if (getApplication().form.loanAmount !== initial) {
      update((draft) => void (draft.form.loanAmount = initial))
    }
  }, [initial])

  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ') || 'The vehicle'
  return (
    <JourneyStep step={step} title={findStep('amount-to-finance')?.title}>
      {vehicle.price !== null ? (
        <p className="lead">
          {name}: {pounds(vehicle.price)}
          {cashDeposit > 0 ? `, less your ${pounds(cashDeposit)} cash deposit` : ''}.
        </p>
      ) : null}
      <NumberInput
        {...step.field('loanAmount')}
        label="Amount to finance"
        hint={`Enter an amount between ${pounds(minAmount)} and ${pounds(maxAmount)}.`}
        prefix="£"
        width={10}
        value={amount.value}
        onChange={amount.onChange}
      />
    </JourneyStep>
  )
}
