// /before-you-submit: every answer of this applicant's journey, by applicant and section, each with
// a Change link that comes back here; then the terms (docs/requirements.md#consent: submission is blocked
// until they are agreed) and 'Submit application'.
import './before-you-submit.css'
import { Suspense, useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { LegalLink, type LegalModal } from '#components/legal-link/legal-link'
import { LoadErrorBoundary } from '#components/load-error-boundary/load-error-boundary'
import { Modal } from '#components/modal/modal'
import { lazyScreen } from '#components/load-error-boundary/lazy-screen'
import { useBrand } from '#brand/use-brand'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { JourneyStep } from '#journey/journey-step'
import { pathAfterChange, CHECK_ANSWERS_PATH } from '#journey/return-to-check'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'
import { checkYourAnswers, type AnswerRow } from './answer-rows'

const TermsText = lazyScreen(() =>
  import('#content/legal/terms-and-conditions').then((m) => ({ default: m.TermsInModal })),
)
const PrivacyText = lazyScreen(() =>
  import('#content/legal/privacy-policy').then((m) => ({ default: m.PrivacyInModal })),
)

const MODALS = {
  terms: { title: 'Terms & Conditions', Text: TermsText },
  privacy: { title: 'Privacy Policy', Text: PrivacyText },
} as const

export const TERMS_LABEL = 'I agree to the terms and conditions and the privacy policy'

export default function BeforeYouSubmitScreen() {
  const step = useJourneyStep('before-you-submit')
  const brand = useBrand()
  const [, navigate] = useLocation()
  const state = useApplication((current) => current)
  const answers = useMemo(() => checkYourAnswers(state, brand), [state, brand])
  const [modal, setModal] = useState<LegalModal | null>(null)
  const open = modal ? MODALS[modal] : null
  const disabled = state.isLocked

  // A question left unanswered (a deep link, an answer cleared by a change) is asked before
  // anything is sent; the terms are checked first, as on every step.
  const submit = {
    ...step,
    continueStep: () => {
      const latest = getApplication()
      const gap = pathAfterChange(latest, brand, CHECK_ANSWERS_PATH)
      if (latest.form.isAgreedTermsAndConditions && gap !== CHECK_ANSWERS_PATH) navigate(gap)
      else step.continueStep()
    },
  }

  return (
    <>
      <JourneyStep step={submit} title="Check your answers" continueLabel="Submit application">
        {answers.map((applicant) => (
          <div key={applicant.heading} className="answers-applicant">
            <h2>{applicant.heading}</h2>
            {applicant.sections.map((section) => (
              <div key={section.title} className="answers-section">
                <h3>{section.title}</h3>
                <dl className="summary-list">
                  {section.rows.map((row) => (
                    <SummaryRow key={row.question} row={row} changeable={!disabled} />
                  ))}
                </dl>
              </div>
            ))}
          </div>
        ))}
        <h2>Terms and conditions</h2>
        <p>
          Before you submit your application, please read our{' '}
          <LegalLink brand={brand} which="terms" disabled={disabled} onOpen={setModal}>
            terms and conditions
          </LegalLink>{' '}
          and our{' '}
          <LegalLink brand={brand} which="privacy" disabled={disabled} onOpen={setModal}>
            privacy policy
          </LegalLink>
          .
        </p>
        <Checkbox
          {...step.field('isAgreedTermsAndConditions')}
          label={TERMS_LABEL}
          value={state.form.isAgreedTermsAndConditions}
          onChange={(checked) =>
            update((draft) => void (draft.form.isAgreedTermsAndConditions = checked))
          }
        />
      </JourneyStep>
      {open && (
        <Modal title={open.title} open onClose={() => setModal(null)}>
          <LoadErrorBoundary part={`modal:${modal}`}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <open.Text />
            </Suspense>
          </LoadErrorBoundary>
        </Modal>
      )}
    </>
  )
}

function SummaryRow({ row, changeable }: { row: AnswerRow; changeable: boolean }) {
  return (
    <div className="summary-list__row">
      <dt className="summary-list__key">{row.question}</dt>
      <dd className="summary-list__value">
        {row.answer.map((line, index) => (
          <span key={index} className="summary-list__line">
            {line}
          </span>
        ))}
      </dd>
      <dd className="summary-list__actions">
        {changeable ? (
          <Link href={row.changeHref}>
            Change{' '}
            <span className="visually-hidden">
              {row.question.charAt(0).toLowerCase() + row.question.slice(1)}
            </span>
          </Link>
        ) : null}
      </dd>
    </div>
  )
}
