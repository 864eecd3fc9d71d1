// The build-time renderer (Vite SSR build, run by prerender/prerender.mjs): the app shell and the
// start screen of each brand, as the browser renders `/` for a new visitor on that brand's host,
// so the first HTML carries the content and Lighthouse's largest paint needs no script
// (docs/decisions/1411). The same for every question of the journey, which a deep link opens
// (docs/decisions/1941): the shell and the screen with its fields empty.

import { prerender } from 'react-dom/static'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import { stepList, type StepId } from '@forecourt/domain/journey/step-list'
import { pageTitle } from '#app/use-route-announcement'
import { routes, type AppRoute } from '#app/routes'
import { applyBrandTheme } from '#brand/apply-brand-theme'
import { brandById } from '#brand/use-brand'
import { DEEP_LINK_HOLD_SCRIPT, NEW_VISITOR_MOVES_ON_ATTRIBUTE } from '#lib/deep-link-hold'
import { EARLY_CLICK_SCRIPT } from '#lib/early-click'
import { applicationStore } from '#lib/session-store'
import { startUp, type StartUpEnv } from '#lib/start-up'
import { PageRoot } from './page-root'
import { renderFromState } from './page-state'
import { CONSENT_REMEMBERED_CSS, CONSENT_REMEMBERED_SCRIPT } from './remembered-consent'

export const PRERENDERED_PATH = '/'

// The build script runs this bundle only: it gets everything it needs from here.
export { BRAND_IDS }
export { buildPrerenderedPage, stylesheetHrefs } from './page-template'

export interface RenderedPage {
  brandId: BrandId
  /** What goes inside #root. */
  markup: string
  /** The document title the browser would set for the page. */
  title: string
  /** The custom properties apply-brand-theme.ts sets on :root, as one CSS rule. */
  themeCss: string
  /** The attributes apply-brand-theme.ts sets on <html> (data-brand). */
  htmlAttributes: Record<string, string>
  /**
   * The script run before the first paint: on every page, first the mark of a cookie choice made on
   * an earlier visit (remembered-consent.ts), then the note of a button pressed before the app took
   * over (docs/decisions/2172); on a question's, between them, the hold of a page the guard will
   * move on from (docs/decisions/2156).
   */
  headScript: string
  /** The rule that hides the page's cookie banner once that mark is there (remembered-consent.ts). */
  headStyle: string
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
function brandTheme(brandId: BrandId): Pick<RenderedPage, 'themeCss' | 'htmlAttributes'> {
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

export interface DeepLinkPage {
  path: string
  route: AppRoute
  /**
   * The screen is made of the answers beyond its fields' values: the employer screen's heading and
   * labels follow the status (the step's titleFor), the check page's rows are the answers. Drawn for
   * a new visitor it would read another status's words or "Not answered" until the browser's render
   * replaced it: it keeps its place, unseen.
   */
  drawnFromAnswers: boolean
}

const MADE_OF_ANSWERS: readonly StepId[] = ['before-you-submit']

/**
 * The questions of the journey a deep link opens, each at its first entry ('/address/{n}' →
 * '/address/1'), with the route that draws it. The sending page (`/submit`) is not a question:
 * what it shows depends wholly on the application in the browser.
 */
export const DEEP_LINK_PAGES: readonly DeepLinkPage[] = stepList.flatMap((step) => {
  const route = routes.find((candidate) => candidate.path === step.path.replace('{n}', ':n'))
  if (route === undefined) throw new Error(`No route for the step ${step.id}`)
  if (route.kind !== 'question') return []
  const drawnFromAnswers = route.titleFor !== undefined || MADE_OF_ANSWERS.includes(step.id)
  return [{ path: step.path.replace('{n}', '1'), route, drawnFromAnswers }]
})

/** The class the route's screen frame (app-router.tsx) draws, and the one that hides it. */
const SCREEN_FRAME = '<div class="screen">'
const UNSEEN_SCREEN_FRAME = '<div class="screen screen--unseen">'
/**
 * The pre-rendered frame, marked so that the page's script can hold it back (decision 2156): the
 * app's own render draws a frame without the mark, shown and focusable the moment it lands.
 */
const HOLDABLE_SCREEN_FRAME = '<div class="screen" data-prerendered-screen="">'

export async function renderStartPage(brandId: BrandId): Promise<RenderedPage> {
  return renderPage(brandId, PRERENDERED_PATH)
}

/**
 * The page at `path` as a new visitor on the brand's host would see it: `/` as the browser renders
 * it, a question with its fields empty and without the deep-link guard's judgement, which needs the
 * answers the browser holds (docs/decisions/1941).
 */
export async function renderPage(brandId: BrandId, path: string): Promise<RenderedPage> {
  const state = startUp(newVisitorEnv(brandId), null)
  // A question screen enables Previous once it is shown (use-journey-step.ts), in an effect the
  // build does not run: drawn as it is a moment later, not with a disabled button.
  if (path !== PRERENDERED_PATH) state.isEnabledGoBack = true
  renderFromState(applicationStore, state)
  const brand = brandById(state.affiliateConfig?.brandId)
  if (brand.id !== brandId) throw new Error(`Host ${state.host} chose ${brand.id}, not ${brandId}`)
  const deepLink = DEEP_LINK_PAGES.find((page) => page.path === path)
  const route =
    path === PRERENDERED_PATH
      ? routes.find((candidate) => candidate.path === PRERENDERED_PATH)
      : deepLink?.route
  if (route === undefined) throw new Error(`No page to pre-render at ${path}`)
  // prerender (unlike renderToString) waits for the lazily loaded screen.
  const errors: unknown[] = []
  const { prelude } = await prerender(<PageRoot ssrPath={path} />, {
    onError: (error) => {
      errors.push(error)
    },
  })
  const rendered = await new Response(prelude).text()
  // React would have left the failed part for the browser to render: a build must not ship that.
  if (errors.length > 0) throw errors[0]
  const markup =
    path === PRERENDERED_PATH
      ? rendered
      : replaceScreenFrame(
          rendered,
          path,
          deepLink?.drawnFromAnswers ? UNSEEN_SCREEN_FRAME : HOLDABLE_SCREEN_FRAME,
        )
  // A title that follows the answers is left to the browser, as the screen is.
  const screenTitle = route.titleFor ? undefined : route.title
  const theme = brandTheme(brandId)
  if (path === PRERENDERED_PATH) {
    return {
      brandId,
      markup,
      title: pageTitle(screenTitle, brand.tradingName),
      ...theme,
      headScript: `${CONSENT_REMEMBERED_SCRIPT};${EARLY_CLICK_SCRIPT}`,
      headStyle: CONSENT_REMEMBERED_CSS,
    }
  }
  // Whether the deep-link guard moves a new visitor on from this question: the page's script
  // holds it back for them (docs/decisions/2156).
  const movesOn = redirectForDeepLink(state, brand, path) !== undefined
  return {
    brandId,
    markup,
    title: pageTitle(screenTitle, brand.tradingName),
    themeCss: theme.themeCss,
    htmlAttributes: {
      ...theme.htmlAttributes,
      ...(movesOn ? { [NEW_VISITOR_MOVES_ON_ATTRIBUTE]: '' } : {}),
    },
    headScript: `${CONSENT_REMEMBERED_SCRIPT};${DEEP_LINK_HOLD_SCRIPT};${EARLY_CLICK_SCRIPT}`,
    headStyle: CONSENT_REMEMBERED_CSS,
  }
}

/** The markup with its one screen frame replaced by `frame`; a changed frame fails the build. */
function replaceScreenFrame(markup: string, path: string, frame: string): string {
  const parts = markup.split(SCREEN_FRAME)
  if (parts.length !== 2) {
    throw new Error(`${path}: expected one ${SCREEN_FRAME}, found ${parts.length - 1}`)
  }
  return parts.join(frame)
}
