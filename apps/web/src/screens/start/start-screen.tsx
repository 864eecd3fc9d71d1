// The start screen (route /): the brand's headline, the way in to the first question and what the
// applicant agrees to by going on, all within the first screenful on a phone and on a desktop,
// with or without the cookie banner (docs/decisions/1528); then the broker's role, the vehicle
// banner and the representative example. On the apply host the introductory modal opens over it
// (docs/requirements.md#introductory-modal), and the page shows the modal's example, so it states one (decision 1526).

import { Suspense, lazy, useRef, useState } from 'react'
import { Link } from 'wouter'
import { APPLY_MODAL_EXAMPLE } from '@forecourt/domain/brands/brand-data'
import { brandHeadline, headlineVehicleType } from '@forecourt/domain/brands/headline'
import { isApplyHost } from '@forecourt/domain/brands/host'
import { firstQuestionPath } from '@forecourt/domain/journey/navigation'
import { Modal } from '#components/modal/modal'
import { PrivacyBanner } from './privacy-banner'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { VehicleBanner } from './vehicle-banner'
import { useBrand } from '#brand/use-brand'
import { onFirstInput } from '#lib/first-input'
import { useApplication } from '#lib/session-store'
import { APPLY_INTRO_TITLE, ApplyIntro } from './apply-intro'
import { RepresentativeExample } from './representative-example'

// The commission disclosure's code (its texts, the brand's facts) waits for the applicant's first
// input when the page arrived with it already on screen (the pre-rendered start page: React keeps
// that markup until the code is here); otherwise it loads at once. The start page's budget has no
// room for it before the first input (docs/decisions/1881). Its arrival records that the texts were
// shown, even when that first input is the press of "Start your application" that leaves the screen.
// On the apply host the introductory modal covers the screen until the applicant's first input closes
// it, so the box's code waits for that input there too.
const StartCommission = lazy(() =>
  new Promise<void>((resolve) =>
    typeof document < 'u' &&
    (document.querySelector('[data-disclosure]') !== null || isApplyHost(location.host))
      ? onFirstInput(resolve)
      : resolve(),
  )
    .then(() => import('./start-commission'))
    .then((code) => (code.reportStartDisclosures(), code)),
)

export const SOFT_SEARCH_NOTE = 'Checking your eligibility will not affect your credit score.'

export default function StartScreen() {
  const brand = useBrand()
  const host = useApplication((state) => state.host)
  const vehicleType = useApplication((state) =>
    headlineVehicleType(state.form.vehicleType, state.form.vehicle),
  )
  const isLocked = useApplication((state) => state.isLocked)
  const sent = useApplication((state) => state.applicationSubmitOk)
  const firstPath = useApplication((state) => firstQuestionPath(state, brand))
  const applyHost = isApplyHost(host)
  const [introOpen, setIntroOpen] = useState(applyHost)
  const screen = useRef<HTMLDivElement>(null)

  return (
    <div ref={screen}>
      <ScreenHeading>{brandHeadline(brand.headline, vehicleType)}</ScreenHeading>
      <p className="lead">
        Apply online in a few minutes.{brand.softSearch ? ` ${SOFT_SEARCH_NOTE}` : ''}
      </p>
      {isLocked ? (
        <>
          {/* The reference is one step on: the question screens' notice (decision 1530)
              would cost a new visitor's start page its code. */}
          <p className="submitted-notice">
            <strong>Your application has been {sent ? 'sent' : 'submitted'}.</strong>{' '}
            <Link href="/complete">See your reference and what happens next</Link>
          </p>
          <button type="button" className="button button--start" disabled>
            Start your application
          </button>
        </>
      ) : (
        <Link href={firstPath} className="button button--start">
          Start your application
        </Link>
      )}
      <PrivacyBanner />
      <Suspense fallback={null}>
        <StartCommission brandId={brand.id} />
      </Suspense>
      <VehicleBanner />
      <RepresentativeExample
        terms={applyHost ? APPLY_MODAL_EXAMPLE : brand.representativeExample}
      />
      <Modal
        title={APPLY_INTRO_TITLE}
        open={introOpen}
        onClose={() => setIntroOpen(false)}
        returnFocusTo={() => screen.current?.querySelector('h1')}
      >
        <ApplyIntro brand={brand} onGetQuote={() => setIntroOpen(false)} />
      </Modal>
    </div>
  )
}
