// Every template on every brand: axe finds nothing wrong in the HTML part (in jsdom, so colour contrast is
// checked here by the WCAG formula instead), there is one h1 with h2 under it, every link names where it
// goes, there are no images, and the plain-text part says the same things. Decisions 1653, 1951 (the
// link emails are templates like the others).

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { contrastRatio } from '@forecourt/domain/brands/brand-check'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { brandMail } from '@forecourt/domain/brands/brand-mail'
import { TEMPLATES, type TemplateName } from '../src/email/templates'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
// jsdom ships no types and the server has no DOM types: only what this test uses.
interface Element {
  textContent: string | null
  getAttribute(name: string): string | null
}
interface TestWindow {
  eval(code: string): unknown
  close(): void
  axe: {
    run(
      context: unknown,
      options: object,
    ): Promise<{ violations: { id: string; help: string }[]; passes: { id: string }[] }>
  }
  document: {
    documentElement: { lang: string }
    title: string
    querySelectorAll(selector: string): ArrayLike<Element> & Iterable<Element>
  }
}
const { JSDOM } = require('jsdom') as {
  JSDOM: new (html: string, options: { runScripts: 'outside-only' }) => { window: TestWindow }
}

const PARAMS: Record<TemplateName, Record<string, string>> = {
  'applicant-confirmation': { reference: 'FC-NN07-T1T4' },
  'joint-applicant-confirmation': { reference: 'FC-NN07-T1T4' },
  'broker-alert': {
    reference: 'FC-NN07-T1T4',
    event: 'new-submission',
    at: '2026-11-24T10:15:00Z',
    link: 'https://backoffice.example.com/applications/3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b',
  },
  'decision-update': { reference: 'FC-NN07-T1T4', decision: 'declined' },
  // A link's email, as the sender gives it the sealed parameters and the link's expiry (decision 1951).
  'continue-link': {
    linkId: 'rsl_0123456789abcdef0123456789abcdef',
    origin: 'https://carfinance.example',
    token: 'q9mJ3x0f2Yc6rT8uW1eZ5vB7nK4sL0pA9dG2hJ6kL3m',
    code: '042917',
    expiresAt: '2026-12-03T14:05:00.000Z',
  },
  'joint-confirm-link': {
    linkId: 'rsl_0123456789abcdef0123456789abcdef',
    origin: 'https://carfinance.example',
    token: 'q9mJ3x0f2Yc6rT8uW1eZ5vB7nK4sL0pA9dG2hJ6kL3m',
    expiresAt: '2026-12-03T14:05:00.000Z',
  },
  'status-link': {
    linkId: 'rsl_0123456789abcdef0123456789abcdef',
    origin: 'https://carfinance.example',
    token: 'q9mJ3x0f2Yc6rT8uW1eZ5vB7nK4sL0pA9dG2hJ6kL3m',
    expiresAt: '2026-12-03T14:05:00.000Z',
  },
}

const cases = BRAND_IDS.flatMap((brand) =>
  (Object.keys(TEMPLATES) as TemplateName[]).map((template) => [brand, template] as const),
)

test.each(cases)(
  '%s %s: accessible HTML and the same text in both parts',
  async (brandId, name) => {
    const rendered = TEMPLATES[name].render({
      brand: brands[brandId],
      mail: brandMail[brandId],
      recipientName: name === 'broker-alert' ? undefined : 'Ada Lovelace',
      applicationKey: '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b',
      // Harbour Lending's confirmations are of a homeowner loan, with its steps and warning.
      params:
        brandId === 'harbourlend' && name.endsWith('confirmation')
          ? { ...PARAMS[name], loanKind: 'property', joint: 'yes' }
          : PARAMS[name],
      backOfficeUrl: 'https://backoffice.example.com',
    })
    const dom = new JSDOM(rendered.html, { runScripts: 'outside-only' })
    const { window } = dom
    window.eval(axeSource)
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const results = await axe.run(window.document, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
    // The rules did run (these among others).
    expect(results.passes.map((rule) => rule.id)).toEqual(
      expect.arrayContaining([
        'html-lang-valid',
        'heading-order',
        'empty-heading',
        'landmark-unique',
      ]),
    )

    const document = window.document
    expect(document.documentElement.lang).toBe('en-GB')
    expect(document.title).toBe(rendered.subject)
    expect(document.querySelectorAll('h1')).toHaveLength(1)
    expect(document.querySelectorAll('img, picture, svg, iframe, script')).toHaveLength(0)
    for (const link of document.querySelectorAll('a')) {
      expect(link.textContent?.trim().length).toBeGreaterThan(10)
      expect(link.getAttribute('href')).toMatch(/^https:\/\//)
      // The plain-text part carries the same link.
      expect(rendered.text).toContain(link.getAttribute('href'))
    }
    // Every heading, paragraph and step of the HTML is in the text part too.
    for (const element of document.querySelectorAll('h1, h2, main p, main li')) {
      expect(rendered.text).toContain(element.textContent?.trim())
    }
    window.close()
  },
)

test.each(BRAND_IDS)('%s: every colour pair the emails use reads at 4.5:1 or more', (brandId) => {
  const brand = brands[brandId]
  expect(contrastRatio(brand.textOnColour, brand.colour)).toBeGreaterThanOrEqual(4.5)
  // Links and the footer rule in the brand colour on white; body and muted text on white.
  expect(contrastRatio(brand.colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
  expect(contrastRatio('#0B0C0C', '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
  expect(contrastRatio('#505A5F', '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
})
