// The questions' pages as the build renders them for deep links (docs/decisions/1941): the shell,
// the cookie banner and the question with its fields empty, for every brand; never a style
// attribute, which the page's policy would refuse.

import { afterEach, expect, test } from 'vitest'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { stepList } from '@forecourt/domain/journey/step-list'
import { applicationStore } from '#lib/session-store'
import { DEEP_LINK_HOLD_SCRIPT } from '#lib/deep-link-hold'
import { EARLY_CLICK_SCRIPT } from '#lib/early-click'
import { DEEP_LINK_PAGES, renderPage } from './entry-server'
import { CONSENT_REMEMBERED_CSS, CONSENT_REMEMBERED_SCRIPT } from './remembered-consent'

const originalInitialState = applicationStore.getInitialState

afterEach(() => {
  applicationStore.getInitialState = originalInitialState
})

/** The markup as the browser's parser would read it inside #root. */
function parse(markup: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = markup
  return root
}

test('every question of the journey has a page, at its first entry; the sending page has none', () => {
  expect(DEEP_LINK_PAGES.map((page) => page.path)).toEqual(
    stepList.filter((step) => step.id !== 'submit').map((step) => step.path.replace('{n}', '1')),
  )
  expect(DEEP_LINK_PAGES.filter((page) => page.drawnFromAnswers).map((page) => page.path)).toEqual([
    '/employment-add/1',
    '/before-you-submit',
  ])
})

test.each(BRAND_IDS)(
  '%s: /date-of-birth has the shell, the banner and the empty question, Previous enabled',
  async (brandId) => {
    const brand = brands[brandId]
    const page = await renderPage(brandId, '/date-of-birth')
    expect(page.title).toBe(`What is your date of birth? – ${brand.tradingName}`)
    // A new visitor is moved on from it, so the page's script holds it back for them (decision 2156).
    expect(page.htmlAttributes).toEqual({ 'data-brand': brandId, 'data-new-visitor-moves-on': '' })
    expect(page.headScript).toBe(
      `${CONSENT_REMEMBERED_SCRIPT};${DEEP_LINK_HOLD_SCRIPT};${EARLY_CLICK_SCRIPT}`,
    )
    // The banner, hidden for a visitor who chose earlier: the app draws none for them.
    expect(page.headStyle).toBe(CONSENT_REMEMBERED_CSS)

    const root = parse(page.markup)
    expect(root.querySelector('h1')?.textContent).toBe('What is your date of birth?')
    expect(root.querySelector('.cookie-banner h2')?.textContent).toBe(
      `Cookies on ${brand.tradingName}`,
    )
    expect(root.querySelector('.site-logo img')?.getAttribute('alt')).toBe(
      `${brand.tradingName} home`,
    )
    expect(root.querySelector('.site-footer')?.textContent).toContain(brand.firm.legalName)
    const inputs = [...root.querySelectorAll('input')]
    expect(inputs.map((input) => [input.id, input.getAttribute('value')])).toEqual([
      ['dateOfBirth', ''],
      ['dateOfBirth-month', ''],
      ['dateOfBirth-year', ''],
    ])
    const buttons = [...root.querySelectorAll('.step-actions button')]
    expect(buttons.map((button) => [button.textContent, button.hasAttribute('disabled')])).toEqual([
      ['Continue', false],
      ['Previous', false],
      ['Save and come back later', false],
    ])
    // The progress bar's frame, with no width of its own: the answers are in the browser.
    expect(root.querySelector('.progress-fill')?.getAttribute('style')).toBeNull()
    expect(page.markup).not.toMatch(/<[a-z][^<>]*\sstyle=/i)
    expect(root.querySelector('.screen')?.className).toBe('screen')
  },
)

test('every question renders for a brand: its heading, and no style attribute', async () => {
  for (const { path, route, drawnFromAnswers } of DEEP_LINK_PAGES) {
    const page = await renderPage('scorepal', path)
    const root = parse(page.markup)
    expect(page.markup, path).not.toMatch(/<[a-z][^<>]*\sstyle=/i)
    expect(root.querySelector('main'), path).not.toBeNull()
    // A title that follows the answers is left to the browser: the page names the brand only.
    expect(page.title, path).toBe(
      route.titleFor
        ? brands.scorepal.tradingName
        : `${route.title} – ${brands.scorepal.tradingName}`,
    )
    if (drawnFromAnswers) {
      // Its words follow the answers: its place is kept, unseen.
      expect(root.querySelector('.screen')?.className, path).toBe('screen screen--unseen')
    } else {
      expect(root.querySelector('h1')?.textContent, path).toBe(route.title)
      expect(root.querySelector('.screen')?.className, path).toBe('screen')
    }
  }
}, 60_000)

test('only the questions a new visitor may open are not held back for a new visitor', async () => {
  const open: string[] = []
  for (const { path } of DEEP_LINK_PAGES) {
    const page = await renderPage('carfinance', path)
    if (!('data-new-visitor-moves-on' in page.htmlAttributes)) open.push(path)
  }
  expect(open).toEqual(['/looking-to-borrow'])
})

test('a path that is not a question has no page', async () => {
  await expect(renderPage('scorepal', '/submit')).rejects.toThrow(
    'No page to pre-render at /submit',
  )
  await expect(renderPage('scorepal', '/address/2')).rejects.toThrow(
    'No page to pre-render at /address/2',
  )
})
