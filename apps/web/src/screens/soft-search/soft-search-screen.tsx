// /soft-search: what a soft search is, and the applicant's agreement to one (required).
import { Checkbox } from '#components/form/checkbox/checkbox'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function SoftSearchScreen() {
  const step = useJourneyStep('soft-search')
  const agreed = useApplication((state) => state.form.agreeSoftSearch)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)

  return (
    <JourneyStep step={step} title="Checking your eligibility">
      <p>
        To find lenders likely to accept you, we and the lenders we work with need to look at your
        credit file. We do this with a soft search.
      </p>
      <ul>
        <li>A soft search has no impact on your credit score.</li>
        <li>It is visible only to you on your credit file: other lenders cannot see it.</li>
        <li>
          A lender will only make a full (hard) search if you decide to go ahead with a loan, and
          will tell you before it does.
        </li>
      </ul>
      {isJoint ? (
        <p>
          As this is a joint application, we will carry out a soft search on both of you. Please
          make sure the joint applicant agrees to this too.
        </p>
      ) : null}
      <Checkbox
        {...step.field('agreeSoftSearch')}
        legend="Do you agree to a soft search?"
        label="I agree to a soft search"
        value={agreed}
        onChange={(checked) => update((draft) => void (draft.form.agreeSoftSearch = checked))}
      />
    </JourneyStep>
  )
}
