// The start screen (route /): the brand's headline, its representative example, the vehicle
// banner, the privacy banner and the way in to the first question. On the apply host the
// introductory modal opens over it (specification §1).

import { useRef, useState } from 'react'
import { Link } from 'wouter'
import { isApplyHost } from '@forecourt/domain/brands/host'
import { firstQuestionPath } from '@forecourt/domain/journey/navigation'
import { Modal } from '../../app/Modal'
import { PrivacyBanner } from '../../app/PrivacyBanner'
import { ScreenHeading } from '../../app/ScreenHeading'
import { VehicleBanner } from '../../app/VehicleBanner'
import { useBrand } from '../../brand/use-brand'
import { useApplication } from '../../lib/session-store'
import { APPLY_INTRO_TITLE, ApplyIntro } from './ApplyIntro'
import { RepresentativeExample } from './RepresentativeExample'

export default function StartScreen() {
  const brand = useBrand()
  const host = useApplication((state) => state.host)
  const isLocked = useApplication((state) => state.isLocked)
  const firstPath = useApplication((state) => firstQuestionPath(state, brand))
  const [introOpen, setIntroOpen] = useState(() => isApplyHost(host))
  const screen = useRef<HTMLDivElement>(null)

  return (
    <div ref={screen}>
      <ScreenHeading>{brand.headline}</ScreenHeading>
      <p className="lead">
        Apply online in a few minutes. {brand.tradingName} is a credit broker, not a lender: we look
        for a lender on our panel who can offer you finance, and there is no fee to pay us.
      </p>
      <VehicleBanner />
      <RepresentativeExample terms={brand.representativeExample} />
      <PrivacyBanner />
      {isLocked ? (
        <button type="button" className="button button--start" disabled>
          Start your application
        </button>
      ) : (
        <Link href={firstPath} className="button button--start">
          Start your application
        </Link>
      )}
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
