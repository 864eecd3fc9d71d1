// /looking-to-borrow (no vehicle loaded): the amount, or "I'm not sure yet", which needs no amount
// and is sent as loanAmountUnknown (docs/decisions/1004-looking-to-borrow.md).
import { formatPounds } from '@forecourt/domain/finance/money'
import { findStep } from '@forecourt/domain/journey/navigation'
import {
  START_UP_LOAN_AMOUNT,
  type ApplicationForm,
} from '@forecourt/domain/state/application-state'
import { limitsFor } from '@forecourt/domain/steps/step-rules'
import { useEffect, useState } from 'react'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { NumberInput } from '#components/form/number-input/number-input'
import { JourneyStep } from '#journey/journey-step'
import { useNumberDraft } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'

/**
 * The applicant's own amount (answered, typed before going back, or given by the link's
 * loan-amount); blank while only the start-up default is there, so nobody asks for £5,000 by
 * pressing Continue on an amount they never chose.
 */
function initialAmount({ loanAmount, loanAmountCompleted }: ApplicationForm): number | null {
  return loanAmountCompleted || loanAmount !== START_UP_LOAN_AMOUNT ? loanAmount : null
}

const pounds = (value: number) => formatPounds(value, { pence: false })

export default function LookingToBorrowScreen() {
  const step = useJourneyStep('looking-to-borrow')
  const unknown = useApplication((state) => state.form.loanAmountUnknown)
  const { minAmount, maxAmount } = useApplication(limitsFor)
  const [initial] = useState(() => initialAmount(getApplication().form))
  const amount = useNumberDraft(initial, (loanAmount) =>
    update((draft) => void (draft.form.loanAmount = loanAmount)),
  )

  // What is shown is what Continue checks: a default nobody sees is not kept.
  useEffect(() => {
    if (getApplication().form.loanAmount !== initial) {
      update((draft) => void (draft.form.loanAmount = initial))
    }
  }, [initial])

  return (
    <JourneyStep step={step} title={findStep('looking-to-borrow')?.title}>
      <NumberInput
        {...step.field('loanAmount')}
        label="Loan amount"
        hint={`Enter an amount between ${pounds(minAmount)} and ${pounds(maxAmount)}.`}
        prefix="£"
        width={10}
        value={amount.value}
        onChange={amount.onChange}
        disabled={step.locked || unknown}
      />
      <Checkbox
        {...step.field('loanAmountUnknown')}
        label="I'm not sure yet"
        hint="Tick this if you have not decided how much to borrow."
        value={unknown}
        onChange={(checked) => {
          // A ticked box replaces the amount, so none is kept to be sent by mistake.
          if (checked) amount.onChange('')
          update((draft) => void (draft.form.loanAmountUnknown = checked))
        }}
      />
    </JourneyStep>
  )
}
