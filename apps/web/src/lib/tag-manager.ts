// The brand's Google Tag Manager container, loaded only after the applicant accepts analytics
// cookies (docs/requirements.md#cookie-consent; docs/decisions/1307). It is added as a <script src> element: the content
// security policy allows www.googletagmanager.com and no inline script. Events reach it through
// window.dataLayer, which analytics.ts fills whether or not the container is loaded.

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'
const GTM_ID = /^GTM-[A-Z0-9]+$/

/** The container's address, or null for an id that is not a tag-manager id. */
export function tagManagerUrl(gtmId: string): string | null {
  return GTM_ID.test(gtmId) ? `${TAG_MANAGER_ORIGIN}/gtm.js?id=${gtmId}` : null
}

/**
 * Adds the container's script once per page. `onLoad` runs when it has loaded (its tags may then
 * have set advertising cookies). Returns whether a script is on the page.
 */
export function loadTagManager(gtmId: string, onLoad?: () => void): boolean {
  const src = tagManagerUrl(gtmId)
  if (!src || typeof document === 'undefined') return false
  if (document.querySelector(`script[src="${src}"]`)) return true
  // What GTM's own snippet does before loading: the container reads the start time from here.
  window.dataLayer ??= []
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = src
  if (onLoad) script.addEventListener('load', onLoad, { once: true })
  document.head.appendChild(script)
  return true
}
