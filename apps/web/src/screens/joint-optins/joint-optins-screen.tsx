// /joint-optins: the joint applicant's marketing choices, one per channel (docs/requirements.md#consent). The main applicant
// ticks them on the other person's behalf, so the screen asks for that person's own agreement.
import { normaliseName } from '@forecourt/domain/fields/name'
import { useBrand } from '#brand/use-brand'
import { OptInChoices, consentAnswers, consentTexts, consentsShown } from '#journey/opt-in-choices'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useShownEvidence } from '#journey/use-shown-evidence'
import { reportEvidence } from '#lib/evidence-report'
import { getApplication, update, useApplication } from '#lib/session-store'

export default function JointOptinsScreen() {
  const step = useJourneyStep('joint-optins')
  const joint = useApplication((state) => state.form.joint)
  const brand = useBrand()
  const texts = consentTexts(brand.id, 'joint')
  useShownEvidence('/joint-optins', step.locked ? [] : consentsShown(texts, 'joint'))
  // Each channel's answer is recorded as it stands when the applicant goes on (decision 1654).
  const submit = {
    ...step,
    continueStep: () => {
      if (!step.locked)
        reportEvidence('/joint-optins', consentAnswers(texts, getApplication().form.joint, 'joint'))
      step.continueStep()
    },
  }
  const name = normaliseName(joint.firstName) || 'the joint applicant'

  return (
    <JourneyStep step={submit} title="How would they like to hear from us?">
      <p>
        We would like to tell {name} about offers on vehicle finance and related products. This is
        optional and does not affect the application. Only tick a box if {name} has told you they
        are happy to be contacted that way. They can change their mind at any time.
      </p>
      <OptInChoices
        joint
        texts={texts}
        values={joint}
        onChange={(key, checked) => update((draft) => void (draft.form.joint[key] = checked))}
        ours={{
          legend: `Offers from ${brand.tradingName}`,
          hint: 'Tick each way they are happy for us to contact them. Leave them all unticked if they do not want to hear from us.',
        }}
        partners={{
          legend: 'Offers from carefully selected partners',
          hint: 'Tick each way they are happy for companies we work with, such as insurers and vehicle specialists, to contact them with their own offers.',
        }}
        disabled={step.locked}
      />
    </JourneyStep>
  )
}
