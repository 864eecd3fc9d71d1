// "By continuing, you agree to our terms and conditions and privacy policy." (docs/requirements.md#shell). A brand
// with its own addresses links to them; otherwise each opens its text in an in-page modal, whose
// text is loaded only when asked for.

import { Suspense, useState } from 'react'
import { useBrand } from '#brand/use-brand'
import { useApplication } from '#lib/session-store'
import { LegalLink, type LegalModal } from '#components/legal-link/legal-link'
import { LoadErrorBoundary } from '#components/load-error-boundary/load-error-boundary'
import { Modal } from '#components/modal/modal'
import { lazyScreen } from '#components/load-error-boundary/lazy-screen'

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

export function PrivacyBanner() {
  const brand = useBrand()
  const isLocked = useApplication((state) => state.isLocked)
  const [open, setOpen] = useState<LegalModal | null>(null)
  const modal = open ? MODALS[open] : null

  return (
    <>
      <p className="privacy-banner">
        By continuing, you agree to our{' '}
        <LegalLink brand={brand} which="terms" disabled={isLocked} onOpen={setOpen}>
          terms and conditions
        </LegalLink>{' '}
        and{' '}
        <LegalLink brand={brand} which="privacy" disabled={isLocked} onOpen={setOpen}>
          privacy policy
        </LegalLink>
        .
      </p>
      {modal && (
        <Modal title={modal.title} open onClose={() => setOpen(null)}>
          <LoadErrorBoundary part={`modal:${open}`}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <modal.Text />
            </Suspense>
          </LoadErrorBoundary>
        </Modal>
      )}
    </>
  )
}
