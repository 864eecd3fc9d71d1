// The page around every screen (docs/requirements.md#shell): skip link, header with the brand's logo, progress bar on
// question screens, the screen itself, and a footer with the legal pages, the broker's phone and
// email, and the firm's details (its FCA number once, in the regulatory statement).

import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { ContactDetails } from '#components/contact-details/contact-details'
import { CookieBanner } from './cookie-banner'
import { StartNewButton } from './start-new-button'

export const MAIN_CONTENT_ID = 'main-content'

export function Shell({ children }: { children: ReactNode }) {
  const brand = useBrand()

  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      {/* Right after the skip link (still the first thing to tab to), above everything else. */}
      <CookieBanner onHidden={() => document.getElementById(MAIN_CONTENT_ID)?.focus()} />
      <header className="site-header">
        <div className="container">
          <Link href="/" className="site-logo">
            <img src={brand.logo} alt={`${brand.tradingName} home`} height="40" />
          </Link>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="site-main container" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <nav aria-label="Legal information">
            <ul className="footer-links">
              <li>
                <Link href="/terms-and-conditions">Terms &amp; Conditions</Link>
              </li>
              <li>
                <Link href="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link href="/cookie-policy">Cookie Policy</Link>
              </li>
            </ul>
          </nav>
          <div className="footer-start-new">
            <StartNewButton />
          </div>
          <h2 className="footer-heading">Contact {brand.tradingName}</h2>
          <ContactDetails brand={brand} />
          <p>{brand.firm.regulatoryStatement}</p>
          <p>
            {brand.firm.legalName}, {brand.firm.postalAddress}.
          </p>
        </div>
      </footer>
    </div>
  )
}
