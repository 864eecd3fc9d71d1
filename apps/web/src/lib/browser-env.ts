// The real browser behind start-up's injected environment.

import { v4 as uuidv4 } from 'uuid'
import { track } from './analytics'
import type { GetAnyJson } from './api'
import type { StartUpEnv } from './start-up'

/** Where the cookie banner keeps the applicant's choice: 'accepted' or 'rejected'. */
export const COOKIE_CONSENT_KEY = 'forecourt.cookie-consent'

export function hasAnalyticsConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted'
  } catch {
    return false
  }
}

export function browserStartUpEnv(): StartUpEnv {
  return {
    location: { host: window.location.host, search: window.location.search },
    referrer: document.referrer,
    cookies: document.cookie,
    now: new Date(),
    newGuid: () => uuidv4(),
    // Two random UUIDs' hex: 244 random bits from Web Crypto, with code the first screen loads anyway.
    newSecret: () => (uuidv4() + uuidv4()).replaceAll('-', ''),
    // The API client is loaded with the follow-ups, after the first render.
    fetchJson: (url) => import('./api').then((api) => (api.getJson as GetAnyJson)(url)),
    analyticsConsent: hasAnalyticsConsent(),
    ipLookupUrl: import.meta.env.VITE_IP_LOOKUP_URL || '/api/ip',
    vehiclesHost: (import.meta.env.VITE_VEHICLES_HOST || '').replace(/\/+$/, ''),
    userAgent: navigator.userAgent,
    track,
  }
}
