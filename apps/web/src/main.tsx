// Start-up (docs/requirements.md#start-up): restore the saved application, run start-up against the real
// browser, theme the page for the brand, render, then make the calls that wait on the network.
// `/` arrives with the brand's start screen already rendered (src/prerender/): a new visitor's
// page hydrates it; anyone else's renders afresh over it (docs/decisions/1411). A question a deep
// link opens arrives rendered too, and is always rendered afresh over (docs/decisions/1941).

import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
// The route patterns' parser wouter's router uses when given none: a path matches here as there.
import { parse as wouterParser } from 'regexparam'
import { isApplyHost } from '@forecourt/domain/brands/host'
import '#app/app.css'
import { preloadPath, routeScreens } from '#app/route-screens'
import { applyBrandTheme } from '#brand/apply-brand-theme'
import { brandById } from '#brand/use-brand'
import { browserStartUpEnv } from '#lib/browser-env'
import { readConsent, startConsentedServicesOnFirstInput } from '#lib/consent'
import { onFirstInput } from '#lib/first-input'
import { applicationStore, getApplication, readStoredState, update } from '#lib/session-store'
import { startUp } from '#lib/start-up'
import { chooseFirstRender, HYDRATED_PATH, readPrerenderedMark } from '#prerender/first-render'
import { PageRoot } from '#prerender/page-root'
import { renderFromState } from '#prerender/page-state'

// Its own task, after the modules' evaluation: two shorter tasks hold the main thread less than
// one long one.
setTimeout(start, 0)

function start(): void {
  // Every change of screen starts at its heading, at the top (use-route-announcement.ts), Back
  // included: the browser must not scroll a screen back to where it was left, past the notice
  // a submitted application's screens open with (docs/decisions/1530).
  history.scrollRestoration = 'manual'
  const env = browserStartUpEnv()
  const restored = readStoredState()
  const state = startUp(env, restored)
  renderFromState(applicationStore, state)
  const brand = brandById(state.affiliateConfig?.brandId)
  applyBrandTheme(brand)
  const consent = readConsent()
  // Accepted on an earlier visit: the tag manager loads at the first input. A new choice is the
  // banner's to act on.
  if (consent === 'accepted') startConsentedServicesOnFirstInput(brand, update)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  const firstRender = chooseFirstRender({
    mark: readPrerenderedMark(root),
    path: window.location.pathname,
    brandId: brand.id,
    applyHost: isApplyHost(state.host),
    restored: restored !== null,
    vehicleId: state.vehicleId,
    vehicleType: state.form.vehicleType,
    consentRemembered: consent !== null,
  })
  if (firstRender === 'hydrate') {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread in one long task (total blocking time); the markup is on screen meanwhile.
    startTransition(() => {
      hydrateRoot(root, <PageRoot />)
    })
  } else if (firstRender === 'render-over-prerendered') {
    // The pre-rendered screen stays until the fresh one replaces it in one commit: with its code
    // already here the screen renders at once, instead of React swapping the page for the
    // "Loading…" line and back (a flash and a layout shift). A failed load is the error
    // boundary's to show. A question's page also waits for where the deep-link guard sends the
    // applicant (decision 1941), with code the start page does not carry.
    const path = window.location.pathname
    const arrival =
      path === HYDRATED_PATH
        ? routeScreens.find(({ route }) => route.path === path)?.preload()
        : import('#journey/question-screen').then(({ preloadArrival }) =>
            preloadArrival(path, state, brand, (at) => preloadPath(wouterParser, at)),
          )
    // As a transition, like hydration: the page is on screen, and rendering it afresh in one
    // task would hold the main thread long enough to count as blocking (decision 1941). What the
    // applicant typed, chose or ticked on it meanwhile, and where focus was, is carried across
    // that commit (decision 2128), by code a new visitor's start page never loads.
    void Promise.all([arrival, import('#prerender/keep-typed')]).then(([, { watchTyped }]) => {
      const carryTyped = watchTyped(root)
      startTransition(() => {
        createRoot(root).render(<PageRoot afterFirstRender={carryTyped} />)
      })
    })
  } else {
    createRoot(root).render(<PageRoot />)
  }

  // The IP lookup and the vehicle load wait on the network: their code is fetched after the render.
  void import('#lib/start-up-follow-ups').then(({ runStartUpFollowUps }) =>
    runStartUpFollowUps(env, state, update),
  )

  // The partial save watches the answers from its start (and saves what the page starts with, when
  // that is ready): a restored application starts it at once; a new visitor has nothing to save
  // before their first input, so its code (the payload mapper, the API client) waits for it.
  if (restored !== null) startPartialSaving()
  else onFirstInput(startPartialSaving)
}

function startPartialSaving(): void {
  void Promise.all([import('#lib/partial-save'), import('#lib/api')]).then(
    ([{ startPartialSave, whenPageHidden }, { postJson }]) =>
      startPartialSave({
        getState: getApplication,
        subscribe: (listener) => applicationStore.subscribe(listener),
        brandFor: (current) => brandById(current.affiliateConfig?.brandId),
        post: (url, body, { keepalive, headers }) =>
          postJson<'POST /api/application/:applicationKey'>(url, body, { keepalive, headers }),
        now: () => new Date(),
        onPageHidden: whenPageHidden,
      }),
  )
  // A tab whose answers were saved for later also keeps them up to date (decision 1822); the check
  // loads with the partial save, not with the page.
  void import('#lib/saved-for-later-mark').then(({ refreshIfSavedForLater }) =>
    refreshIfSavedForLater({
      getState: getApplication,
      subscribe: (listener) => applicationStore.subscribe(listener),
    }),
  )
}
