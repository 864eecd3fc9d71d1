// The cookie banner (docs/requirements.md#cookie-consent): asked on the first visit, before any non-essential cookie or the
// tag manager; accepting and rejecting are two buttons of the same weight; the choice is
// remembered, then confirmed until the applicant hides the message (docs/decisions/1307).
import './cookie-banner.css'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { chooseConsent, readConsent, type ConsentChoice } from '#lib/consent'
// data-early-click: a press before the app took over is acted on (early-click.ts).
import { takeEarlyClick } from '#lib/early-click'
import { update } from '#lib/session-store'

export function CookieBanner({ onHidden }: { onHidden?: () => void }) {
  const brand = useBrand()
  const headingId = useId()
  const [remembered] = useState(() => readConsent())
  const [choice, setChoice] = useState<ConsentChoice | null>(null)
  const [hidden, setHidden] = useState(false)
  const confirmation = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // The confirmation replaces the buttons: it takes focus so it is read out.
    if (choice) confirmation.current?.focus()
  }, [choice])

  const choose = (made: ConsentChoice) => {
    chooseConsent(made, brand, update)
    setChoice(made)
  }

  // A choice pressed on the pre-rendered page, before the app took over, is made now
  // (early-click.ts).
  useEffect(() => {
    if (remembered) return
    const pressed = takeEarlyClick('accepted', 'rejected') as ConsentChoice | undefined
    // In an effect, not the first state: hydration must first match the pre-rendered banner.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pressed) choose(pressed)
    // Once, as the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (hidden || (remembered && !choice)) return null

  return (
    <section className="cookie-banner" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="cookie-banner__heading">
          Cookies on {brand.tradingName}
        </h2>
        {choice ? (
          <>
            <div ref={confirmation} tabIndex={-1}>
              <p>
                You have {choice} analytics cookies. You can change your mind at any time: our{' '}
                <Link href="/cookie-policy">cookie policy</Link> says how.
              </p>
            </div>
            <div className="cookie-banner__actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setHidden(true)
                  onHidden?.()
                }}
              >
                Hide this message
              </button>
            </div>
          </>
        ) : (
          <>
            <p>We use some essential cookies to make this form work.</p>
            <p>
              We would also like to use analytics and advertising cookies, set through Google Tag
              Manager, to understand how people use the form and which adverts brought them here. We
              will not set them unless you accept.
            </p>
            <div className="cookie-banner__actions">
              <button
                type="button"
                className="button"
                data-early-click="accepted"
                onClick={() => choose('accepted')}
              >
                Accept analytics cookies
              </button>
              <button
                type="button"
                className="button"
                data-early-click="rejected"
                onClick={() => choose('rejected')}
              >
                Reject analytics cookies
              </button>
              <Link href="/cookie-policy">View cookies</Link>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
