// The build-time renderer (Vite SSR build, run by prerender/prerender.mjs): the app shell and the
// start screen of each brand, as the browser renders `/` for a new visitor on that brand's host,
// so the first HTML carries the content and Lighthouse's largest paint needs no script.

import { prerender } from 'react-dom/static'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { pageTitle } from '#app/use-route-announcement'
import { routes } from '#app/routes'
import { applyBrandTheme } from '#brand/apply-brand-theme'
import { brandById } from '#brand/use-brand'
import { applicationStore } from '#lib/session-store'
import { startUp, type StartUpEnv } from '#lib/start-up'
import { PageRoot } from './page-root'
import { renderFromState } from './page-state'

export const PRERENDERED_PATH = '/'

// The build script runs this bundle only: it gets everything it needs from here.
export { BRAND_IDS }
export { buildPrerenderedPage, stylesheetHrefs } from './page-template'

export interface StartPage {
  brandId: BrandId
  /** What goes inside #root. */
  markup: string
  /** The document title the browser would set for `/`. */
  title: string
  /** The custom properties apply-brand-theme.ts sets on :root, as one CSS rule. */
  themeCss: string
  /** The attributes apply-brand-theme.ts sets on <html> (data-brand). */
  htmlAttributes: Record<string, string>
}

/** A new visitor's start-up on the brand's own host: nothing restored, no query, no cookies. */
function newVisitorEnv(brandId: BrandId): StartUpEnv {
  return {
    location: { host: `${brandId}.example`, search: '' },
    referrer: '',
    cookies: '',
    now: new Date(0),
    newGuid: () => 'pre-rendered',
    newSecret: () => 'pre-rendered',
    fetchJson: () => Promise.reject(new Error('No network while pre-rendering')),
    analyticsConsent: false,
    ipLookupUrl: '',
    vehiclesHost: '',
    userAgent: '',
    track: () => undefined,
  }
}

/** apply-brand-theme.ts run against a stand-in for <html>, so the pre-render cannot drift from it. */
function brandTheme(brandId: BrandId): Pick<StartPage, 'themeCss' | 'htmlAttributes'> {
  const properties: [string, string][] = []
  const dataset: Record<string, string> = {}
  const root = {
    style: { setProperty: (name: string, value: string) => properties.push([name, value]) },
    dataset,
  } as unknown as HTMLElement
  applyBrandTheme(brandById(brandId), root)
  const htmlAttributes = Object.fromEntries(
    Object.entries(dataset).map(([key, value]) => [
      `data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
      value,
    ]),
  )
  const declarations = properties.map(([name, value]) => `${name}:${value}`).join(';')
  return { themeCss: `:root{${declarations}}`, htmlAttributes }
}

export async function renderStartPage(brandId: BrandId): Promise<StartPage> {
  const state = startUp(newVisitorEnv(brandId), null)
  renderFromState(applicationStore, state)
  const brand = brandById(state.affiliateConfig?.brandId)
  if (brand.id !== brandId) throw new Error(`Host ${state.host} chose ${brand.id}, not ${brandId}`)
  // prerender (unlike renderToString) waits for the lazily loaded start screen.
  const errors: unknown[] = []
  const { prelude } = await prerender(<PageRoot ssrPath={PRERENDERED_PATH} />, {
    onError: (error) => {
      errors.push(error)
    },
  })
  const markup = await new Response(prelude).text()
  // React would have left the failed part for the browser to render: a build must not ship that.
  if (errors.length > 0) throw errors[0]
  const startRoute = routes.find((route) => route.path === PRERENDERED_PATH)
  return {
    brandId,
    markup,
    title: pageTitle(startRoute?.title, brand.tradingName),
    ...brandTheme(brandId),
  }
}
