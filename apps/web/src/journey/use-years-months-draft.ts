// A years/months answer typed as text: each part is committed 100 ms after its last edit
// (docs/requirements.md#histories), parsed as a number (blank stays blank) and capped at 25 years and 11 months
// (docs/requirements.md#years-and-months, docs/requirements.md#constants-and-limits).
// The inputs keep what was typed; Continue and Previous commit whatever is still pending.
import { parseNumberInput } from '@forecourt/domain/fields/number'
import {
  capMonths,
  capYears,
  YEARS_MONTHS_RECOMPUTE_MS,
} from '@forecourt/domain/fields/years-months'
import type { Period } from '@forecourt/domain/histories/histories'
import type { YearsMonthsValue } from '#components/form/years-months/years-months'
import { useDelayedCommit } from './use-field-draft'
import type { JourneyStep } from './use-journey-step'

export type YearsMonthsPart = 'years' | 'months'

export interface YearsMonthsDraft {
  value: YearsMonthsValue
  onChange: (value: YearsMonthsValue) => void
  /** Commits both parts at once: call it from the control's onBlur. */
  flush: () => void
}

const shown = (stored: number | null) => (stored === null ? '' : String(stored))

/** The number a part's text stands for, within its cap. */
export function parseYearsMonthsPart(
  part: YearsMonthsPart,
  raw: string,
  yearsCap?: number,
): number | null {
  const value = parseNumberInput(raw)
  return part === 'years' ? capYears(value, yearsCap) : capMonths(value)
}

export function useYearsMonthsDraft(
  stored: Period,
  commit: (part: YearsMonthsPart, value: number | null) => void,
  step: Pick<JourneyStep, 'registerFlush'>,
  /** Years are capped at 25 unless the answer allows more (an owned property: 50, docs/requirements.md#constants-and-limits). */
  yearsCap?: number,
): YearsMonthsDraft {
  const years = useDelayedCommit(
    shown(stored.years),
    (raw) => commit('years', parseYearsMonthsPart('years', raw, yearsCap)),
    step,
    YEARS_MONTHS_RECOMPUTE_MS,
  )
  const months = useDelayedCommit(
    shown(stored.months),
    (raw) => commit('months', parseYearsMonthsPart('months', raw)),
    step,
    YEARS_MONTHS_RECOMPUTE_MS,
  )
  return {
    value: { years: years.value, months: months.value },
    onChange: (next) => {
      if (next.years !== years.value) years.onChange(next.years)
      if (next.months !== months.value) months.onChange(next.months)
    },
    flush: () => {
      years.flush()
      months.flush()
    },
  }
}
