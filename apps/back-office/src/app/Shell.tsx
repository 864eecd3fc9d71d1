// The page around every screen: skip link, the service's header with the navigation the signed-in
// operator's role allows, their own account, sign out and sign out everywhere, then the screen.

import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useSession } from './session'

export const MAIN_CONTENT_ID = 'main-content'

export function Shell({ children }: { children: ReactNode }) {
  const { session, can, signOut } = useSession()
  const [location] = useLocation()
  const current = (path: string) =>
    location === path || location.startsWith(`${path}/`) ? 'page' : undefined

  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link href={session ? '/applications' : '/sign-in'} className="site-header__name">
            Forecourt back office
          </Link>
          {session ? (
            <div className="site-header__account">
              <span className="site-header__who">
                <span className="visually-hidden">Signed in as</span> {session.operator.email} (
                {session.operator.role})
              </span>
              <Link
                href="/account"
                className="site-header__link"
                aria-current={current('/account')}
              >
                Your account
              </Link>
              <button type="button" className="link-button" onClick={() => void signOut()}>
                Sign out
              </button>
              <button type="button" className="link-button" onClick={() => void signOut(true)}>
                Sign out everywhere
              </button>
            </div>
          ) : null}
        </div>
        {session ? (
          <nav className="primary-nav" aria-label="Back office">
            <ul className="container primary-nav__list">
              {can('read') ? (
                <>
                  <li>
                    <Link href="/applications" aria-current={current('/applications')}>
                      Applications
                    </Link>
                  </li>
                  <li>
                    <Link href="/pipeline" aria-current={current('/pipeline')}>
                      Pipeline
                    </Link>
                  </li>
                  <li>
                    <Link
                      href="/commission-requests"
                      aria-current={current('/commission-requests')}
                    >
                      Commission requests
                    </Link>
                  </li>
                </>
              ) : null}
              {can('figures') ? (
                <li>
                  <Link href="/figures" aria-current={current('/figures')}>
                    Figures
                  </Link>
                </li>
              ) : null}
              {can('funnel') ? (
                <li>
                  <Link href="/funnel" aria-current={current('/funnel')}>
                    Funnel
                  </Link>
                </li>
              ) : null}
              {can('operators') ? (
                <li>
                  <Link href="/operators" aria-current={current('/operators')}>
                    Operators
                  </Link>
                </li>
              ) : null}
              {can('audit') ? (
                <li>
                  <Link href="/audit" aria-current={current('/audit')}>
                    Audit log
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id={MAIN_CONTENT_ID} className="site-main container" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
