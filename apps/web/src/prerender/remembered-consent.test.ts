// A pre-rendered page shows its cookie banner only to a visitor the app will show it to: for one who
// chose on an earlier visit, the app draws none, and the page's banner vanishing at the takeover moved
// the question up under a tap aimed at its field (docs/decisions/2128).

import { afterEach, expect, test } from 'vitest'
import { COOKIE_CONSENT_KEY } from '#lib/browser-env'
import { applicationStore } from '#lib/session-store'
import { renderPage } from './entry-server'
import { buildPrerenderedPage } from './page-template'
import { CONSENT_KEY, CONSENT_REMEMBERED_ATTRIBUTE } from './remembered-consent'

const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Apply for vehicle finance</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const originalInitialState = applicationStore.getInitialState

afterEach(() => {
  applicationStore.getInitialState = originalInitialState
  localStorage.clear()
  document.documentElement.removeAttribute(CONSENT_REMEMBERED_ATTRIBUTE)
  document.head.replaceChildren()
  document.body.replaceChildren()
})

/**
 * The page as the build writes it (where nobody has chosen), opened as the browser does before its
 * first paint by a visitor who chose `remembered` earlier: its styles, its head script run, its
 * markup. Returns the page's cookie banner.
 */
async function openPage(path: string, remembered?: string): Promise<HTMLElement> {
  const page = await renderPage('carfinance', path)
  const html = buildPrerenderedPage(TEMPLATE, {
    ...page,
    path,
    inlineStylesheets: [],
    modulePreloads: [],
  })
  const built = new DOMParser().parseFromString(html, 'text/html')
  if (remembered !== undefined) localStorage.setItem(COOKIE_CONSENT_KEY, remembered)
  for (const style of built.querySelectorAll('head style')) {
    document.head.append(document.importNode(style, true))
  }
  for (const script of built.querySelectorAll('head script:not([src])')) {
    new Function(script.textContent ?? '')()
  }
  document.body.append(document.importNode(built.getElementById('root')!, true))
  return document.querySelector<HTMLElement>('#root .cookie-banner')!
}

test('the choice is read where the app remembers it', () => {
  expect(CONSENT_KEY).toBe(COOKIE_CONSENT_KEY)
})

test.each(['/looking-to-borrow', '/'])(
  '%s: a visitor who chose on an earlier visit is not shown the banner the app will not draw',
  async (path) => {
    const banner = await openPage(path, 'accepted')
    expect(banner).not.toBeNull()
    expect(getComputedStyle(banner).display).toBe('none')
  },
)

test('a rejection is a choice too', async () => {
  expect(getComputedStyle(await openPage('/looking-to-borrow', 'rejected')).display).toBe('none')
})

test('a visitor yet to choose, or whose choice cannot be read, is shown the banner', async () => {
  expect(getComputedStyle(await openPage('/looking-to-borrow')).display).not.toBe('none')
  document.head.replaceChildren()
  document.body.replaceChildren()
  localStorage.clear()
  expect(getComputedStyle(await openPage('/looking-to-borrow', 'maybe')).display).not.toBe('none')
})
