// The applicant's cookie choice (docs/requirements.md#cookie-consent): remembered in localStorage, asked for by the cookie
// banner, and the only way the tag manager is loaded or the gclid, _fbp and _fbc cookies are read
// (start-up reads them itself when consent was given on an earlier visit; docs/decisions/1307).

import type { Brand } from '@forecourt/domain/brands/brand'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { COOKIE_CONSENT_KEY } from './browser-env'
import { readCookie } from './cookies'
import { onFirstInput } from './first-input'

export type ConsentChoice = 'accepted' | 'rejected'

type Apply = (mutator: (draft: ApplicationState) => void) => void

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** The remembered choice, or null when the applicant has not chosen (or storage is blocked). */
export function readConsent(storage: Storage | undefined = localStore()): ConsentChoice | null {
  try {
    const value = storage?.getItem(COOKIE_CONSENT_KEY)
    return value === 'accepted' || value === 'rejected' ? value : null
  } catch {
    return null
  }
}

export function saveConsent(choice: ConsentChoice, storage: Storage | undefined = localStore()) {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, choice)
  } catch {
    // Storage blocked: the choice holds for this page, and the banner asks again next time.
  }
}

/**
 * The click ids the advertising cookies hold, copied into the application as start-up would have
 * done with consent: the gclid of the address, if any, wins over the cookie's. Not once the
 * application is locked for sending.
 */
export function readAdvertisingCookies(cookies: string, apply: Apply): void {
  const value = (name: string) => readCookie(cookies, name)?.trim() || undefined
  const gclid = value('gclid')
  const fbp = value('_fbp')
  const fbc = value('_fbc')
  if (!gclid && !fbp && !fbc) return
  apply((draft) => {
    if (draft.isLocked) return
    const { form } = draft
    if (gclid && !form.gclid) {
      form.gclid = gclid
      form.utmParameters.gclid = gclid
    }
    if (fbp) form.fbpId = fbp
    if (fbc) form.fbcId = fbc
  })
}

/**
 * What acceptance allows, now or at the start of a later visit: the brand's container, and the
 * advertising cookies read again once it has loaded (its tags may set them).
 */
export function startConsentedServices(brand: Brand, apply: Apply): Promise<void> {
  // Its own chunk: only a page with consent needs it, and never before the first input.
  return import('./tag-manager').then(({ loadTagManager }) => {
    loadTagManager(brand.gtmId, () => readAdvertisingCookies(document.cookie, apply))
  })
}

/** The applicant's choice on the banner: remembered, and acted on at once when it is acceptance. */
export function chooseConsent(choice: ConsentChoice, brand: Brand, apply: Apply): void {
  saveConsent(choice)
  if (choice !== 'accepted') return
  readAdvertisingCookies(document.cookie, apply)
  void startConsentedServices(brand, apply)
}

/**
 * At the start of a later visit with consent: the container loads on the applicant's first input,
 * so the page makes no third-party request before it (docs/requirements.md#performance).
 */
export function startConsentedServicesOnFirstInput(brand: Brand, apply: Apply): void {
  onFirstInput(() => void startConsentedServices(brand, apply))
}
