// The Cookie Policy: exactly what this product stores in the browser or reads from it. The names
// come from the code that uses them, so the policy cannot drift from the product.

import type { Brand } from '@forecourt/domain/brands/brand'
import type { ReactNode } from 'react'
import { CSRF_COOKIE, SECURE_CSRF_COOKIE } from '#lib/csrf'
import { COOKIE_CONSENT_KEY } from '#lib/browser-env'
import { STORAGE_KEY } from '#lib/session-store'
import { SectionHeading, type SectionLevel } from './legal-heading'

interface StoredItem {
  name: ReactNode
  kind: string
  purpose: ReactNode
  duration: string
}

export function CookiePolicy({ brand, level = 2 }: { brand: Brand; level?: SectionLevel }) {
  const necessary: StoredItem[] = [
    {
      name: <code>{STORAGE_KEY}</code>,
      kind: 'Session storage',
      purpose:
        'Keeps the answers you give, step by step, so a page reload or the Previous button does ' +
        'not lose them. It is never sent anywhere by itself; your answers reach us only when the ' +
        'form sends them.',
      duration:
        'Until you close the tab, or choose “Start a new application” and confirm, which clears ' +
        'it at once.',
    },
    {
      name: (
        <>
          <code>{SECURE_CSRF_COOKIE}</code> (<code>{CSRF_COOKIE}</code> on a test site without
          HTTPS)
        </>
      ),
      kind: 'Cookie (strictly necessary)',
      purpose:
        'An anti-forgery token: it proves that an application sent to us came from this website, ' +
        'so another site cannot send one in your name.',
      duration: 'Until you close your browser.',
    },
    {
      name: <code>{COOKIE_CONSENT_KEY}</code>,
      kind: 'Local storage',
      purpose: 'Remembers whether you accepted or rejected analytics and advertising cookies.',
      duration: 'Until you clear this website’s data in your browser.',
    },
  ]

  const optional: StoredItem[] = [
    {
      name: (
        <>
          <code>_ga</code>, <code>_ga_*</code>
        </>
      ),
      kind: 'Cookies (analytics, Google Analytics)',
      purpose: 'Count visits and show which pages are used, without your answers.',
      duration: 'Up to 2 years.',
    },
    {
      name: <code>_gcl_au</code>,
      kind: 'Cookie (advertising, Google Ads)',
      purpose: 'Tells which Google advert brought you here.',
      duration: '90 days.',
    },
    {
      name: (
        <>
          <code>_fbp</code>, <code>_fbc</code>
        </>
      ),
      kind: 'Cookies (advertising, Meta)',
      purpose: 'Tell which Facebook or Instagram advert brought you here.',
      duration: '90 days.',
    },
  ]

  return (
    <div className="legal-text">
      <p>
        This policy lists everything the {brand.tradingName} application form stores in your
        browser, or reads from it, and why. Cookies are small files a website stores in your
        browser; session storage and local storage are similar stores kept by your browser for one
        website.
      </p>

      <SectionHeading level={level}>Strictly necessary</SectionHeading>
      <p>
        The form cannot work without these, so they do not need your consent. None of them is used
        for advertising.
      </p>
      <StoredItems items={necessary} />

      <SectionHeading level={level}>Counting visits without cookies</SectionHeading>
      <p>
        As you go, the form tells our server which questions were shown and answered, which messages
        appeared and, from the link you followed, the campaign’s source: never an answer you give.
        We add these to daily totals per website, so {brand.tradingName} can see where people stop
        and which questions need to be clearer. Nothing is stored in your browser for this and
        nothing in the totals can be linked to you, so it needs no cookie and no consent.
      </p>

      <SectionHeading level={level}>Analytics and advertising: only if you accept</SectionHeading>
      <p>
        Nothing in this section is stored or read unless you accept analytics and advertising
        cookies. If you do, we load {brand.tradingName}’s Google Tag Manager container (
        {brand.gtmId}), whose tags may set these cookies:
      </p>
      <StoredItems items={optional} />
      <p>
        Also only after you accept, the form reads the <code>gclid</code>, <code>_fbp</code> and{' '}
        <code>_fbc</code> cookies and sends their values with your application, so we know which
        advert brought it. Click identifiers in the link you followed (<code>gclid</code>,{' '}
        <code>fbclid</code>) and campaign details (<code>utm_*</code> parameters, or{' '}
        <code>utm_*</code> cookies set by our own marketing pages) are recorded with your
        application in every case, because they describe how you reached us rather than track you.
      </p>

      <SectionHeading level={level}>Changing your choice</SectionHeading>
      <p>
        You can withdraw your consent at any time by clearing this website’s cookies and site data
        in your browser’s settings; you will then be asked again. Blocking strictly necessary
        cookies and storage stops the form from working.
      </p>
    </div>
  )
}

function StoredItems({ items }: { items: StoredItem[] }) {
  return (
    <ul className="storage-items">
      {items.map((item, index) => (
        <li key={index} className="storage-item">
          <dl className="figures">
            <dt>Name</dt>
            <dd>{item.name}</dd>
            <dt>Type</dt>
            <dd>{item.kind}</dd>
            <dt>Purpose</dt>
            <dd>{item.purpose}</dd>
            <dt>How long</dt>
            <dd>{item.duration}</dd>
          </dl>
        </li>
      ))}
    </ul>
  )
}
