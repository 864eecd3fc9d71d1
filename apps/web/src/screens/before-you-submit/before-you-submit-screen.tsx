// /before-you-submit: every answer of this applicant's journey, by applicant and section, each with
// a Change link that comes back here; then how the broker is paid (the commission disclosure and the
// panel statement again, "in good time" before the application goes: CONC 4.5.3R), with the
// question "How much commission will you receive?" (CONC 4.5.4R); then the privacy notice and the
// terms (docs/requirements.md#consent: submission is blocked until they are agreed) and
// 'Submit application'.
// The notices and the terms' label are the brand's disclosure texts, the strings the evidence record
// names (docs/requirements.md#evidence-and-consent-records, decision 1654).
import './before-you-submit.css'
import { Fragment, Suspense, useMemo, useState, type ReactNode } from 'react'
import { currentDisclosure, type RenderedDisclosure } from '@forecourt/domain/brands/disclosures'
import {
  CommissionDisclosure,
  commissionTexts,
} from '#components/commission-disclosure/commission-disclosure'
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
import { useShownEvidence } from '#journey/use-shown-evidence'
import { reportEvidence } from '#lib/evidence-report'
import type { EvidenceReport } from '#lib/evidence-types'
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

/** The label when a brand has no terms agreement text (every brand has one). */
export const TERMS_LABEL = 'I agree to the terms and conditions and the privacy policy'
export const COMMISSION_QUESTION = 'How much commission will you receive?'
export const COMMISSION_ASKED =
  'Thank you: we will tell you how much commission we would receive from each lender before you decide whether to go ahead. You can still submit your application now.'

const SCREEN = '/before-you-submit'

/** The text with the first occurrence of each phrase, in order, rendered as `link` renders it. */
function withLinks(text: string, phrases: readonly string[], link: (phrase: string) => ReactNode) {
  const parts: ReactNode[] = []
  let rest = text
  for (const phrase of phrases) {
    const at = rest.indexOf(phrase)
    if (at < 0) continue
    parts.push(rest.slice(0, at), link(phrase))
    rest = rest.slice(at + phrase.length)
  }
  parts.push(rest)
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>)
}

export default function BeforeYouSubmitScreen() {
  const step = useJourneyStep('before-you-submit')
  const brand = useBrand()
  const [, navigate] = useLocation()
  const state = useApplication((current) => current)
  const answers = useMemo(() => checkYourAnswers(state, brand), [state, brand])
  const [modal, setModal] = useState<LegalModal | null>(null)
  const open = modal ? MODALS[modal] : null
  const disabled = state.isLocked
  const [asked, setAsked] = useState(false)
  const [commission, panel] = commissionTexts(brand.id)
  const privacy = currentDisclosure(brand.id, 'privacy')
  const terms = currentDisclosure(brand.id, 'terms')
  const applicants = state.form.isJointApplication
    ? (['main', 'joint'] as const)
    : (['main'] as const)
  const texts = [commission, panel, privacy, terms].filter(
    (text): text is RenderedDisclosure => text !== undefined,
  )
  useShownEvidence(
    SCREEN,
    disabled
      ? []
      : applicants.flatMap((applicant) =>
          texts.map((text): EvidenceReport => ({ kind: 'shown', applicant, text })),
        ),
  )
  const askCommission = () => {
    reportEvidence(SCREEN, [{ kind: 'requested', applicant: 'main', text: commission }])
    setAsked(true)
  }

  // A question left unanswered (a deep link, an answer cleared by a change) is asked before
  // anything is sent; the terms are checked first, as on every step.
  const submit = {
    ...step,
    continueStep: () => {
      const latest = getApplication()
      if (terms && !latest.isLocked && latest.form.isAgreedTermsAndConditions) {
        reportEvidence(SCREEN, [{ kind: 'agreed', applicant: 'main', text: terms }])
      }
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
        <CommissionDisclosure brandId={brand.id}>
          {asked ? (
            <p role="status">{COMMISSION_ASKED}</p>
          ) : disabled ? null : (
            <button type="button" className="button button--secondary" onClick={askCommission}>
              {COMMISSION_QUESTION}
            </button>
          )}
        </CommissionDisclosure>
        <h2>Terms and conditions</h2>
        {privacy ? (
          <p data-disclosure={privacy.id}>
            {withLinks(privacy.text, ['terms and conditions', 'privacy policy'], (phrase) => (
              <LegalLink
                brand={brand}
                which={phrase === 'privacy policy' ? 'privacy' : 'terms'}
                disabled={disabled}
                onOpen={setModal}
              >
                {phrase}
              </LegalLink>
            ))}
          </p>
        ) : null}
        <Checkbox
          {...step.field('isAgreedTermsAndConditions')}
          label={terms?.text ?? TERMS_LABEL}
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
