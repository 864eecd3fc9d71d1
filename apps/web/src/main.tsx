// Start-up (specification §4): restore the saved application, run start-up against the real
// browser, theme the page for the brand, render, then make the calls that wait on the network.

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './app/app.css'
import { App } from './app/App'
import { applyBrandTheme } from './brand/apply-brand-theme'
import { brandById } from './brand/use-brand'
import { browserStartUpEnv } from './lib/browser-env'
import { readConsent, startConsentedServicesOnFirstInput } from './lib/consent'
import {
  applicationStore,
  getApplication,
  readStoredState,
  setApplication,
  update,
} from './lib/session-store'
import { startUp } from './lib/start-up'

const env = browserStartUpEnv()
const state = startUp(env, readStoredState())
setApplication(state)
const brand = brandById(state.affiliateConfig?.brandId)
applyBrandTheme(brand)
// Accepted on an earlier visit: the tag manager loads at the first input. A new choice is the
// banner's to act on.
if (readConsent() === 'accepted') startConsentedServicesOnFirstInput(brand, update)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// The IP lookup and the vehicle load wait on the network: their code is fetched after the render.
void import('./lib/start-up-follow-ups').then(({ runStartUpFollowUps }) =>
  runStartUpFollowUps(env, state, update),
)

// The partial save watches the answers from now on; its code and the API client load after the render.
void Promise.all([import('./lib/partial-save'), import('./lib/api')]).then(
  ([{ startPartialSave }, { postJson }]) =>
    startPartialSave({
      getState: getApplication,
      subscribe: (listener) => applicationStore.subscribe(listener),
      brandFor: (current) => brandById(current.affiliateConfig?.brandId),
      post: (url, body) => postJson(url, body),
      now: () => new Date(),
    }),
)
