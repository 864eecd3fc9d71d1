// How the browser's first render starts: hydrate the pre-rendered start screen when its own first
// render will produce exactly that markup, otherwise render afresh (docs/decisions/1411). A question's
// pre-rendered page is always rendered afresh (docs/decisions/1941).

import { PRERENDERED_VEHICLE_TYPE } from '@forecourt/domain/brands/host'

/** What the server pre-rendered into #root: for which brand and which path. */
export interface PrerenderedMark {
  brandId: string
  path: string
}

export const PRERENDERED_BRAND_ATTRIBUTE = 'data-prerendered-brand'
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path'

/** The mark the pre-render left on #root, or null when #root arrived empty (index.html). */
export function readPrerenderedMark(root: Element): PrerenderedMark | null {
  const brandId = root.getAttribute(PRERENDERED_BRAND_ATTRIBUTE)
  const path = root.getAttribute(PRERENDERED_PATH_ATTRIBUTE)
  if (!brandId || !path || root.childElementCount === 0) return null
  return { brandId, path }
}

export interface FirstRenderFacts {
  mark: PrerenderedMark | null
  /** `location.pathname`. */
  path: string
  /** The brand start-up chose from the host. */
  brandId: string
  /** The host opens the introductory modal over the start screen (not pre-rendered). */
  applyHost: boolean
  /** A saved application was restored from session storage. */
  restored: boolean
  /** The address names a vehicle to load. */
  vehicleId: string
  /** The vehicle type of the host, which the headline names (docs/decisions/1531). */
  vehicleType: string
  /** The applicant chose about cookies on an earlier visit, so the cookie banner stays hidden. */
  consentRemembered: boolean
}

export type FirstRender = 'hydrate' | 'render' | 'render-over-prerendered'

/**
 * The one pre-rendered page a browser hydrates. A question's page is rendered for a new visitor
 * without the deep-link guard, which only lets an applicant with saved answers see the question:
 * the browser's first render there never matches it (docs/decisions/1941).
 */
export const HYDRATED_PATH = '/'

/**
 * 'hydrate' only for the visitor the start page was pre-rendered for: a new visitor, on the same
 * brand and path, with no modal, no vehicle, a car host and the cookie banner showing. 'render-over-prerendered'
 * when pre-rendered markup is there but will not match: it stays on screen until the fresh render
 * replaces it. 'render' when #root arrived empty.
 */
export function chooseFirstRender(facts: FirstRenderFacts): FirstRender {
  const { mark } = facts
  if (!mark) return 'render'
  const matches =
    mark.path === HYDRATED_PATH &&
    mark.path === facts.path &&
    mark.brandId === facts.brandId &&
    !facts.applyHost &&
    !facts.restored &&
    !facts.vehicleId &&
    facts.vehicleType === PRERENDERED_VEHICLE_TYPE &&
    !facts.consentRemembered
  return matches ? 'hydrate' : 'render-over-prerendered'
}
