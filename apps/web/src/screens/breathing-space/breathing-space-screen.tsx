// /breathing-space: two Yes/No questions about the applicant's circumstances and an optional note
// on support needs (at most 500 characters), so anyone who needs more care gets it.
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { Textarea } from '#components/form/textarea/textarea'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { update, useApplication } from '#lib/session-store'

/** The longest support note the step accepts (its rule gives the message). */
const SUPPORT_NOTE_MAX = 500

export default function BreathingSpaceScreen() {
  const step = useJourneyStep('breathing-space')
  const breathingSpace = useApplication((state) => state.form.breathingSpace)
  const discuss = useApplication((state) => state.discussFinancialCirumstances)
  const note = useApplication((state) => state.additionalNeedsRequirementsStatement)

  return (
    <JourneyStep step={step} title="Your circumstances">
      <RadioGroup
        {...step.field('breathingSpace')}
        label="Are you in a breathing space or mental health crisis moratorium?"
        hint="Under the government’s Debt Respite Scheme, a breathing space gives you up to 60 days of legal protection from your creditors: interest and charges are frozen and most enforcement action is paused. A mental health crisis moratorium gives the same protection while you receive mental health crisis treatment, and for 30 days after."
        options={yesNoOptions}
        inline
        value={toYesNo(breathingSpace)}
        onChange={(value) => update((draft) => void (draft.form.breathingSpace = fromYesNo(value)))}
      />
      <RadioGroup
        {...step.field('discussFinancialCirumstances')}
        label="Would you like to discuss your financial circumstances with us?"
        hint="For example, if you are finding it hard to keep up with payments or your income has changed."
        options={yesNoOptions}
        inline
        value={toYesNo(discuss)}
        onChange={(value) =>
          update((draft) => void (draft.discussFinancialCirumstances = fromYesNo(value)))
        }
      />
      <Textarea
        {...step.field('additionalNeedsRequirementsStatement')}
        label="Is there anything we should know to support you, such as accessibility needs or a change in circumstances? (optional)"
        hint="For example, you would like us to contact you in a particular way, or someone helps you manage your money."
        maxCharacters={SUPPORT_NOTE_MAX}
        value={note}
        onChange={(value) =>
          update((draft) => void (draft.additionalNeedsRequirementsStatement = value))
        }
      />
    </JourneyStep>
  )
}
