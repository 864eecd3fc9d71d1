// /joint: whether a second applicant joins the application. The hint says what that means before
// the applicant chooses, since both people take on the loan and both are credit searched.
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { update, useApplication } from '#lib/session-store'

export default function JointScreen() {
  const step = useJourneyStep('joint')
  const answer = useApplication((state) => state.form.isJointApplication)

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('isJointApplication')}
        label="Would you like to add a joint applicant?"
        legendAsHeading
        hint="A joint application is made with another person, such as your partner. You would both be responsible for the repayments, and we would carry out a credit search on both of you."
        options={yesNoOptions}
        inline
        value={toYesNo(answer)}
        onChange={(value) =>
          update((draft) => void (draft.form.isJointApplication = fromYesNo(value)))
        }
      />
    </JourneyStep>
  )
}
