// Build-time settings read through import.meta.env; each has a same-origin default.
interface ImportMetaEnv {
  /** IP-lookup service (GET ?format=json, answer field `ip`); default '/api/ip'. */
  readonly VITE_IP_LOOKUP_URL?: string
  /** Application-telemetry sink for analytics events; default '/api/events'. */
  readonly VITE_TELEMETRY_URL?: string
  /** Origin of the vehicle stock API; default: the page's own origin. */
  readonly VITE_VEHICLES_HOST?: string
}
