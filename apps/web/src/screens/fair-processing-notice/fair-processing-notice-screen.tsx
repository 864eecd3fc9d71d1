// /fair-processing-notice: how the applicant's information is used, shared and kept, their rights,
// and how the broker's commission works, before they acknowledge having read it. The notice's
// summary, the commission disclosure and the panel statement are the brand's disclosure texts, the
// strings the evidence record names (decision 1654): shown to the applicant, and to the joint
// applicant through them; acknowledged when the applicant goes on with the box ticked.
import { currentDisclosure, type RenderedDisclosure } from '@forecourt/domain/brands/disclosures'
import { useBrand } from '#brand/use-brand'
import {
  CommissionDisclosure,
  commissionTexts,
} from '#components/commission-disclosure/commission-disclosure'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useShownEvidence } from '#journey/use-shown-evidence'
import { reportEvidence } from '#lib/evidence-report'
import type { EvidenceReport } from '#lib/evidence-types'
import { getApplication, update, useApplication } from '#lib/session-store'

const SCREEN = '/fair-processing-notice'

export default function FairProcessingNoticeScreen() {
  const step = useJourneyStep('fair-processing-notice')
  const acknowledged = useApplication((state) => state.form.fairProcessingAcknowledged)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)
  const brand = useBrand()
  const we = brand.tradingName
  const notice = currentDisclosure(brand.id, 'fair-processing')
  const texts: RenderedDisclosure[] = [...(notice ? [notice] : []), ...commissionTexts(brand.id)]
  const applicants = isJoint ? (['main', 'joint'] as const) : (['main'] as const)
  const shown: EvidenceReport[] = step.locked
    ? []
    : applicants.flatMap((applicant) => texts.map((text) => ({ kind: 'shown', applicant, text })))
  useShownEvidence(SCREEN, shown)
  const submit = {
    ...step,
    continueStep: () => {
      if (notice && !step.locked && getApplication().form.fairProcessingAcknowledged) {
        reportEvidence(SCREEN, [{ kind: 'agreed', applicant: 'main', text: notice }])
      }
      step.continueStep()
    },
  }

  return (
    <JourneyStep step={submit} title="How we use your information">
      <p>
        {we} is a credit broker, not a lender. This notice explains what we do with the information
        you give us in this application.
        {isJoint
          ? ' It applies to the joint applicant’s information too: please make sure they have read it.'
          : null}
      </p>
      {notice ? <p data-disclosure={notice.id}>{notice.text}</p> : null}

      <h2>What we use it for</h2>
      <ul>
        <li>
          To find finance providers and lenders that may lend to you, and to send them your
          application.
        </li>
        <li>To check your identity, and to prevent fraud and money laundering.</li>
        <li>
          To check your eligibility with a soft search, which does not affect your credit score.
        </li>
        <li>To contact you about your application.</li>
        <li>To send you offers, but only in the ways you chose to hear from us.</li>
      </ul>

      <h2>Who we share it with</h2>
      <ul>
        <li>Finance providers and lenders, so they can consider your application.</li>
        <li>
          Credit reference agencies, which lenders use to search your credit file and which keep a
          record of searches.
        </li>
        <li>
          Fraud prevention agencies. If fraud is found, you could be refused finance or other
          services.
        </li>
        <li>Insurers, where you ask about insurance for your vehicle or your loan.</li>
        <li>Companies in our group, to run our business.</li>
        <li>
          Regulators and law enforcement, such as the Financial Conduct Authority, when the law
          requires it.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        Up to six years after your application, so that we can answer questions or complaints and
        meet our legal duties. After that we delete it.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your information, ask us to correct it, ask us to delete it or to
        stop using it in some cases, and tell us to stop sending offers at any time. If you are
        unhappy with how we use your information, you can complain to the Information Commissioner’s
        Office.
      </p>
      <p>
        Our{' '}
        <a href={brand.privacyUrl || '/privacy-policy'} target="_blank" rel="noopener noreferrer">
          privacy policy (opens in a new tab)
        </a>{' '}
        gives the full details.
      </p>

      <CommissionDisclosure brandId={brand.id} />

      <Checkbox
        {...step.field('fairProcessingAcknowledged')}
        legend="Confirm you have read this notice"
        label="I have read how my information will be used"
        value={acknowledged}
        onChange={(checked) =>
          update((draft) => void (draft.form.fairProcessingAcknowledged = checked))
        }
      />
    </JourneyStep>
  )
}
