// Analytics events go to the tag manager's data layer and to the telemetry sink (docs/requirements.md#analytics-events). They carry
// event names, step ids and message keys only: never a value the applicant typed.

import { CSRF_BODY_FIELD, readCsrfToken } from './csrf'

export interface AnalyticsEvent {
  event: string
  category?: string
  label?: string
  step?: string
  messageKey?: string
  /** The visit's utm_source and utm_campaign: given with 'Started', kept for every later event. */
  source?: string
  campaign?: string
  /** Whether this is the person's first of its kind and step, when the caller knows. */
  first?: boolean
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export const TELEMETRY_URL = import.meta.env.VITE_TELEMETRY_URL || '/api/events'

const EVENT_KEYS = ['event', 'category', 'label', 'step', 'messageKey'] as const

// The funnel counts people (decision 2112): a person's first 'Started', 'Step Viewed' and 'Submit' of each
// step carries `first: true`, so a revisit is not counted as another person. Nothing is stored for it: the
// caller says when it knows (a new application, a step not yet answered), else this page's memory decides.
const COUNTED_ONCE = new Set(['Started', 'Step Viewed', 'Submit'])
const seenOnThisPage = new Set<string>()
let attribution: { source?: string; campaign?: string } = {}

function isFirst(event: AnalyticsEvent): boolean | undefined {
  if (!COUNTED_ONCE.has(event.event)) return undefined
  const id = `${event.event}|${event.step ?? ''}`
  const first = event.first ?? !seenOnThisPage.has(id)
  seenOnThisPage.add(id)
  return first
}

export function track(event: AnalyticsEvent): void {
  // Copy only the known keys, so an object that happens to carry more never leaks it.
  const clean: AnalyticsEvent = { event: event.event }
  for (const key of EVENT_KEYS) {
    const value = event[key]
    if (value !== undefined) clean[key] = value
  }
  window.dataLayer ??= []
  window.dataLayer.push(clean)
  if (event.source !== undefined || event.campaign !== undefined) {
    attribution = { source: event.source, campaign: event.campaign }
  }
  try {
    if (typeof navigator.sendBeacon !== 'function') return
    // A beacon cannot set headers: the anti-forgery token travels in the body (decision 0805).
    // A string body goes as text/plain, which needs no CORS preflight; the sink parses it as JSON.
    const token = readCsrfToken()
    const first = isFirst(event)
    const sent = {
      ...clean,
      ...(attribution.source === undefined ? {} : { source: attribution.source }),
      ...(attribution.campaign === undefined ? {} : { campaign: attribution.campaign }),
      ...(first === undefined ? {} : { first }),
    }
    const body = JSON.stringify(token ? { ...sent, [CSRF_BODY_FIELD]: token } : sent)
    navigator.sendBeacon(TELEMETRY_URL, body)
  } catch {
    // Telemetry must never break the form.
  }
}
