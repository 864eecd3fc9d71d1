// /joint-employment-length: how long the joint applicant has been in their employment status,
// committed 100 ms after an edit and capped at 25 years and 11 months.
import { YearsMonths } from '#components/form/years-months/years-months'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useYearsMonthsDraft } from '#journey/use-years-months-draft'
import { whenFocusLeaves } from '#journey/when-focus-leaves'
import { update, useApplication } from '#lib/session-store'

export default function JointEmploymentLengthScreen() {
  const step = useJourneyStep('joint-employment-length')
  const years = useApplication((state) => state.form.joint.yearsAtEmployer)
  const months = useApplication((state) => state.form.joint.monthsAtEmployer)
  const draft = useYearsMonthsDraft(
    { years, months },
    (part, value) =>
      update((state) => {
        if (part === 'years') state.form.joint.yearsAtEmployer = value
        else state.form.joint.monthsAtEmployer = value
      }),
    step,
  )

  return (
    <JourneyStep step={step}>
      <YearsMonths
        {...step.field('jointTimeAtEmployer')}
        label="How long have they been in this employment status?"
        legendAsHeading
        hint="For example, 2 years 6 months. Leave a part blank if it is 0."
        value={draft.value}
        onChange={draft.onChange}
        onBlur={() => {
          draft.flush()
          // Touched once focus leaves both parts: "8 months" leaves Years blank on the way.
          whenFocusLeaves('jointTimeAtEmployer', step.field('jointTimeAtEmployer').onBlur)
        }}
      />
    </JourneyStep>
  )
}
