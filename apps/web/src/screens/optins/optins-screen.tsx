// /optins: the main applicant's marketing choices, one per channel (docs/requirements.md#consent), ours and partners'.
// Optional: nothing is ticked by default and no choice is required to continue.
import { useBrand } from '#brand/use-brand'
import { OptInChoices, consentAnswers, consentTexts, consentsShown } from '#journey/opt-in-choices'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useShownEvidence } from '#journey/use-shown-evidence'
import { reportEvidence } from '#lib/evidence-report'
import { getApplication, update, useApplication } from '#lib/session-store'

export default function OptinsScreen() {
  const step = useJourneyStep('optins')
  const form = useApplication((state) => state.form)
  const brand = useBrand()
  const texts = consentTexts(brand.id, 'main')
  useShownEvidence('/optins', step.locked ? [] : consentsShown(texts, 'main'))
  // Each channel's answer is recorded as it stands when the applicant goes on (decision 1654).
  const submit = {
    ...step,
    continueStep: () => {
      if (!step.locked)
        reportEvidence('/optins', consentAnswers(texts, getApplication().form, 'main'))
      step.continueStep()
    },
  }

  return (
    <JourneyStep step={submit} title="How would you like to hear from us?">
      <p>
        We would like to tell you about offers on vehicle finance and related products. This is
        optional and does not affect your application. You can change your mind at any time: use the
        unsubscribe link in any message, or contact us.
      </p>
      <OptInChoices
        joint={false}
        texts={texts}
        values={form}
        onChange={(key, checked) => update((draft) => void (draft.form[key] = checked))}
        ours={{
          legend: `Offers from ${brand.tradingName}`,
          hint: 'Tick each way you are happy for us to contact you. Leave them all unticked if you do not want to hear from us.',
        }}
        partners={{
          legend: 'Offers from carefully selected partners',
          hint: 'Tick each way you are happy for companies we work with, such as insurers and vehicle specialists, to contact you with their own offers.',
        }}
        disabled={step.locked}
      />
    </JourneyStep>
  )
}
