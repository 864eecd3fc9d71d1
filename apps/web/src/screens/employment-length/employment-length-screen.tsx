// /employment-length/{n}: how long employment entry n lasted (see HistoryLengthStep).
import { employmentPeriods, totalMonths } from '@forecourt/domain/histories/histories'
import { employmentEntry } from '#journey/employment-entry'
import { HistoryLengthStep } from '#journey/history-length-step'

export default function EmploymentLengthScreen() {
  return (
    <HistoryLengthStep
      stepId="employment-length"
      fieldId="timeAtEmployer"
      question={{
        current: 'How long have you been in this employment status?',
        previous: 'How long were you in this employment status?',
      }}
      period={(state, n) => {
        const entry = state.form.employments[n - 1]
        return { years: entry?.yearsAtEmployer ?? null, months: entry?.monthsAtEmployer ?? null }
      }}
      write={(state, n, part, value) => {
        const employment = employmentEntry(state, n)
        if (part === 'years') employment.yearsAtEmployer = value
        else employment.monthsAtEmployer = value
      }}
      totalMonths={(state, n) => totalMonths(employmentPeriods(state.form.employments.slice(0, n)))}
    />
  )
}
