// A pre-rendered page is drawn for a new visitor, cookie banner included (docs/decisions/1411, 1941).
// Someone who chose about cookies on an earlier visit never gets the app's banner: the app's first
// render removed the page's one, and everything under it moved up by its height (330–410 px) at the
// moment the app took over, so a tap aimed at a field landed on the page's main element instead,
// and what was typed next went nowhere (docs/decisions/2128). A few lines in the page's head hide the
// page's banner for them before the first paint, so the page is laid out as the app's render will be.
// Imports nothing: the script's text goes into the page as it is, and its hash into the page's policy.

/** Where the cookie choice is remembered: lib/browser-env.ts's COOKIE_CONSENT_KEY (tested). */
export const CONSENT_KEY = 'forecourt.cookie-consent'
/** On <html> of a pre-rendered page whose visitor chose about cookies on an earlier visit. */
export const CONSENT_REMEMBERED_ATTRIBUTE = 'data-consent-remembered'

/**
 * The script, as it goes into the page. The choices lib/consent.ts's readConsent counts as made:
 * anything else (none, storage blocked) leaves the banner, as the app will show it.
 */
export const CONSENT_REMEMBERED_SCRIPT =
  '(function(){try{var c=localStorage.getItem("' +
  CONSENT_KEY +
  '");if(c==="accepted"||c==="rejected")document.documentElement.setAttribute("' +
  CONSENT_REMEMBERED_ATTRIBUTE +
  '","")}catch(e){}})()'

/**
 * The rule that hides the banner for them: the app draws no banner once a choice is remembered
 * (app/cookie-banner.tsx), so only the page's own is ever hidden.
 */
export const CONSENT_REMEMBERED_CSS = `[${CONSENT_REMEMBERED_ATTRIBUTE}] .cookie-banner{display:none}`
