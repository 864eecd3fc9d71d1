// Analytics events go to the tag manager's data layer and to the telemetry sink (docs/requirements.md#analytics-events). They carry
// event names, step ids and message keys only: never a value the applicant typed.

import { CSRF_BODY_FIELD, readCsrfToken } from './csrf'

export interface AnalyticsEvent {
  event: string
  category?: string
  label?: string
  step?: string
  messageKey?: string
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export const TELEMETRY_URL = import.meta.env.VITE_TELEMETRY_URL || '/api/events'

const EVENT_KEYS = ['event', 'category', 'label', 'step', 'messageKey'] as const

export function track(event: AnalyticsEvent): void {
  // Copy only the known keys, so an object that happens to carry more never leaks it.
  const clean: AnalyticsEvent = { event: event.event }
  for (const key of EVENT_KEYS) {
    const value = event[key]
    if (value !== undefined) clean[key] = value
  }
  window.dataLayer ??= []
  window.dataLayer.push(clean)
  try {
    if (typeof navigator.sendBeacon !== 'function') return
    // A beacon cannot set headers: the anti-forgery token travels in the body (decision 0805).
    // A string body goes as text/plain, which needs no CORS preflight; the sink parses it as JSON.
    const token = readCsrfToken()
    const body = JSON.stringify(token ? { ...clean, [CSRF_BODY_FIELD]: token } : clean)
    navigator.sendBeacon(TELEMETRY_URL, body)
  } catch {
    // Telemetry must never break the form.
  }
}
