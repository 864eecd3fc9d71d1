// The "how long" screen of a history loop (address or employment entry n): years and months,
// committed 100 ms after an edit and capped at 25 years and 11 months, with the history's running
// total as the hint. The two loops differ only in the words and the entry they write.
import type { StepId } from '@forecourt/domain/journey/step-list'
import { describeHistoryTotal } from '@forecourt/domain/histories/histories'
import type { Period } from '@forecourt/domain/histories/histories'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { YearsMonths } from '#components/form/years-months/years-months'
import { update, useApplication } from '#lib/session-store'
import { JourneyStep } from './journey-step'
import { useJourneyStep } from './use-journey-step'
import { useYearsMonthsDraft } from './use-years-months-draft'
import { whenFocusLeaves } from './when-focus-leaves'

interface HistoryLengthStepProps {
  stepId: StepId
  fieldId: string
  /** The question for entry 1 and for earlier entries. */
  question: { current: string; previous: string }
  /** Entry n's period as stored. */
  period: (state: ApplicationState, n: number) => Period
  /** Writes one part of entry n (creating the entry when needed). */
  write: (
    state: ApplicationState,
    n: number,
    part: 'years' | 'months',
    value: number | null,
  ) => void
  /** Months covered by entries 1 to n. */
  totalMonths: (state: ApplicationState, n: number) => number
}

export function HistoryLengthStep(props: HistoryLengthStepProps) {
  const step = useJourneyStep(props.stepId)
  const { n } = step
  // Two selectors of plain numbers: a selector that builds an object would re-render for ever.
  const years = useApplication((state) => props.period(state, n).years)
  const months = useApplication((state) => props.period(state, n).months)
  const total = useApplication((state) => props.totalMonths(state, n))
  const draft = useYearsMonthsDraft(
    { years, months },
    (part, value) => update((state) => props.write(state, n, part, value)),
    step,
  )
  const field = step.field(props.fieldId)

  return (
    <JourneyStep step={step}>
      <YearsMonths
        {...field}
        label={n === 1 ? props.question.current : props.question.previous}
        legendAsHeading
        hint={describeHistoryTotal(total)}
        value={draft.value}
        onChange={draft.onChange}
        onBlur={() => {
          draft.flush()
          // Touched once focus leaves both parts: "8 months" leaves Years blank on the way.
          whenFocusLeaves(props.fieldId, field.onBlur)
        }}
      />
    </JourneyStep>
  )
}
