// /term-to-borrow: the term in years on a slider with a typed alternative; the state keeps months
// (form.term = years × 12). Until the applicant answers, the slider rests on a typical term that
// is recorded only by Continue (docs/decisions/1006-loan-term-in-years.md).
import { parseNumberInput } from '@forecourt/domain/fields/number'
import { findStep } from '@forecourt/domain/journey/navigation'
import { limitsFor } from '@forecourt/domain/steps/step-rules'
import { useState } from 'react'
import { Slider } from '#components/form/slider/slider'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'

/** Where the slider starts before an answer: a common term for each kind of loan. */
const DEFAULT_YEARS = { vehicle: 4, property: 10 } as const

const unit = { one: 'year', other: 'years' }

/** Whole years as typed (rounded as the slider snaps), or null when nothing usable is typed. */
function typedYears(raw: string): number | null {
  const years = parseNumberInput(raw, { roundingDisabled: true })
  return years === null ? null : Math.round(years)
}

function record(raw: string): void {
  const years = typedYears(raw)
  update((draft) => void (draft.form.term = years === null ? null : years * 12))
}

export default function TermToBorrowScreen() {
  const step = useJourneyStep('term-to-borrow')
  const limits = useApplication(limitsFor)
  const [value, setValue] = useState(() => {
    const { form } = getApplication()
    if (form.term !== null) return String(form.term / 12)
    return String(DEFAULT_YEARS[form.loanPurposeType === 'property' ? 'property' : 'vehicle'])
  })
  const binding = step.field('term')

  // Continue takes the value shown, the untouched starting position included.
  const accept = {
    ...step,
    continueStep: () => {
      record(value)
      step.continueStep()
    },
  }

  return (
    <JourneyStep step={accept}>
      <Slider
        {...binding}
        label={findStep('term-to-borrow')?.title ?? ''}
        labelAsHeading
        hint={`Between ${limits.minYears} and ${limits.maxYears} years.`}
        min={limits.minYears}
        max={limits.maxYears}
        unit={unit}
        typedLabel="Or type the number of years"
        value={value}
        onChange={(raw) => {
          setValue(raw)
          record(raw)
        }}
        onBlur={() => {
          // "2.4" becomes "2": the box then says what the slider shows and what is recorded.
          const years = typedYears(value)
          if (years !== null && String(years) !== value.trim()) setValue(String(years))
          // Leaving the box accepts what it shows, the untouched starting position included, so no
          // "Please enter your loan term." appears beside a term that is plainly there.
          record(value)
          binding.onBlur()
        }}
      />
    </JourneyStep>
  )
}
