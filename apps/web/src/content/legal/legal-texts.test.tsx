import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { ReactNode } from 'react'
import { CookiePolicy } from './cookie-policy'
import { PrivacyPolicy } from './privacy-policy'
import { TermsAndConditions } from './terms-and-conditions'

function renderText(ui: ReactNode) {
  return render(<Router hook={memoryLocation().hook}>{ui}</Router>)
}

const headings = (level: 2 | 3) =>
  screen.getAllByRole('heading', { level }).map((heading) => heading.textContent)

test('the terms have every section the requirements list (Legal texts), in order', () => {
  renderText(<TermsAndConditions brand={brands.carfinance} />)
  expect(headings(2)).toEqual([
    '1. Use of the website',
    '2. Use of your information',
    '3. Intellectual property',
    '4. Prohibited use',
    '5. Links',
    '6. Privacy and cookie policy',
    '7. Your application',
    '8. Affordability',
    '9. Disclaimers',
    '10. Limitation of liability',
    '11. General terms',
  ])
})

test('the terms cover searches, marketing, lenders, fraud, age, call recording and English law', () => {
  const { container } = renderText(<TermsAndConditions brand={brands.milebroker} />)
  const text = container.textContent ?? ''
  for (const phrase of [
    'Soft credit searches.',
    'Hard credit searches.',
    'Marketing contact.',
    'Sharing with third-party lenders.',
    'Fraud prevention.',
    'You must be 18 or over to apply',
    'Telephone calls with us are recorded',
    'These terms are governed by English law.',
    'Mile Broker Ltd',
    '3rd Floor, Milestone Court, 27 Hagley Road, Birmingham, B16 8TJ',
    'firm reference number 682915',
  ]) {
    expect(text).toContain(phrase)
  }
})

test('in a modal the sections are level-3 headings under the dialog title', () => {
  renderText(<TermsAndConditions brand={brands.carfinance} level={3} />)
  expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0)
  expect(headings(3)).toHaveLength(11)
})

test('the privacy policy has its subtitle once and every section the requirements list (Legal texts), in order', () => {
  const { container } = renderText(<PrivacyPolicy brand={brands.harbourlend} />)
  expect(screen.getByText('Privacy Statement')).toHaveClass('subtitle')
  expect(container.textContent?.match(/privacy statement/gi)).toHaveLength(1)
  expect(headings(2)).toEqual([
    'Personal data we collect',
    'How we use your data',
    'Marketing and opting in',
    'Disclosure of your data',
    'Data security',
    'Monitoring of communications',
    'Information about other individuals',
    'Analytics and advertising features',
    'Your rights',
    'How long we keep your data',
    'International transfers',
    'Complaints and spam',
    'Contact details',
    'Changes to this statement',
  ])
})

test('the privacy policy names the data, the per-channel opt-in, the rights and six years', () => {
  const { container } = renderText(<PrivacyPolicy brand={brands.harbourlend} />)
  const text = container.textContent ?? ''
  for (const phrase of [
    'your name',
    'your date of birth',
    'your contact details',
    'your interests',
    'payment details',
    'financial information',
    'your opinions',
    'each way of contacting you needs its own opt-in',
    'a subject access request',
    'have inaccurate data corrected',
    'stop direct marketing',
    'for up to six years',
    'Harbour Lending Ltd',
    'Anchor House, 14 Wapping Quay, Bristol, BS1 4RW',
  ]) {
    expect(text).toContain(phrase)
  }
})

test('the cookie policy lists exactly what the product stores, with names from the code', () => {
  const { container } = renderText(<CookiePolicy brand={brands.scorepal} />)
  const names = [...container.querySelectorAll('.storage-item dd:first-of-type')].map(
    (dd) => dd.textContent,
  )
  expect(names).toEqual([
    'forecourt.application',
    '__Host-forecourt-csrf (forecourt-csrf on a test site without HTTPS)',
    'forecourt.cookie-consent',
    '_ga, _ga_*',
    '_gcl_au',
    '_fbp, _fbc',
  ])
  const text = container.textContent ?? ''
  expect(text).toContain(
    'Until you close the tab, or choose “Start a new application” and confirm, which clears it at once.',
  )
  expect(text).toContain('Google Tag Manager container (GTM-SCPL2M6)')
  expect(text).toContain(
    'Also only after you accept, the form reads the gclid, _fbp and _fbc cookies',
  )
  expect(screen.getAllByText('forecourt.application')).toHaveLength(1)
})

test('the privacy policy gives the phone and email to reach us', () => {
  renderText(<PrivacyPolicy brand={brands.scorepal} />)
  expect(screen.getByRole('link', { name: '0131 496 0768' })).toHaveAttribute(
    'href',
    'tel:+441314960768',
  )
  expect(screen.getByRole('link', { name: 'hello@scorepal.example' })).toHaveAttribute(
    'href',
    'mailto:hello@scorepal.example',
  )
})

const withThankYouAddress = {
  ...brands.carfinance,
  thankYouUrl: 'https://www.carfinance.example/thank-you',
}

test.each([
  [
    'our own confirmation page',
    brands.carfinance,
    'When you send your application, we show you our confirmation page on this website. Your ' +
      'email address is not put in its address.',
  ],
  [
    'a thank-you address that carries the email (the default)',
    withThankYouAddress,
    'When you send your application, we take you to our thank-you page on ' +
      'www.carfinance.example, and its address carries your email address, encoded (base64, ' +
      'which anyone can decode: it is not encryption), so that page can recognise you. That ' +
      'website’s server logs, your browser’s history and any analytics on that page may record ' +
      'the address, and so your email address.',
  ],
  [
    'a thank-you address without the email',
    { ...withThankYouAddress, emailInThankYouUrl: false },
    'When you send your application, we take you to our thank-you page on ' +
      'www.carfinance.example. Your email address is not put in its address.',
  ],
])('the privacy policy says where the applicant goes after sending: %s', (_name, brand, text) => {
  const { container } = renderText(<PrivacyPolicy brand={brand} />)
  const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent)
  expect(paragraphs).toContain(text)
})
