// /fair-processing-notice: how the applicant's information is used, shared and kept, their rights,
// and how the broker's commission works (docs/requirements.md#product), before they acknowledge having read it.
import { useBrand } from '#brand/use-brand'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function FairProcessingNoticeScreen() {
  const step = useJourneyStep('fair-processing-notice')
  const acknowledged = useApplication((state) => state.form.fairProcessingAcknowledged)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)
  const brand = useBrand()
  const we = brand.tradingName

  return (
    <JourneyStep step={step} title="How we use your information">
      <p>
        {we} is a credit broker, not a lender. This notice explains what we do with the information
        you give us in this application.
        {isJoint
          ? ' It applies to the joint applicant’s information too: please make sure they have read it.'
          : null}
      </p>

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

      <h2>How commission works</h2>
      <ul>
        <li>If you take out a loan, the lender may pay {we} commission for introducing you.</li>
        <li>It does not change what you pay: your rate and repayments are the same either way.</li>
        <li>The amount may vary by lender and by product.</li>
        <li>No fee is payable by you for our service.</li>
        <li>You can ask us how much commission we receive.</li>
      </ul>

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
