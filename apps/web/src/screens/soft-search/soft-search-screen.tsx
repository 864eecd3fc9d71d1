// /soft-search: what a soft search is, and the applicant's agreement to one (required). The box's
// hint is the brand's soft-search agreement text, the string the evidence record names (decision
// 1654): shown when the screen is, agreed when the applicant goes on with the box ticked.
import { currentDisclosure } from '@forecourt/domain/brands/disclosures'
import { useBrand } from '#brand/use-brand'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useShownEvidence } from '#journey/use-shown-evidence'
import { reportEvidence } from '#lib/evidence-report'
import { getApplication, update, useApplication } from '#lib/session-store'

const SCREEN = '/soft-search'

export default function SoftSearchScreen() {
  const step = useJourneyStep('soft-search')
  const agreed = useApplication((state) => state.form.agreeSoftSearch)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)
  const text = currentDisclosure(useBrand().id, 'soft-search')
  const shown =
    text && !step.locked ? [{ kind: 'shown' as const, applicant: 'main' as const, text }] : []
  useShownEvidence(SCREEN, shown)
  const submit = {
    ...step,
    continueStep: () => {
      if (text && !step.locked && getApplication().form.agreeSoftSearch) {
        reportEvidence(SCREEN, [{ kind: 'agreed', applicant: 'main', text }])
      }
      step.continueStep()
    },
  }

  return (
    <JourneyStep step={submit} title="Checking your eligibility">
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
        hint={text?.text}
        value={agreed}
        onChange={(checked) => update((draft) => void (draft.form.agreeSoftSearch = checked))}
      />
    </JourneyStep>
  )
}
