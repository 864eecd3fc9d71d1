// The timings and limits of docs/requirements.md#constants-and-limits that are not owned by a single field.

/** Start-new clears session storage, goes to the start screen, then reloads after this delay. */
export const START_NEW_RELOAD_MS = 500
/** Error messages shake for this long after a failed Continue (only without reduced motion). */
export const ERROR_SHAKE_MS = 500
/** 'Validation Error' analytics events are debounced by this much. */
export const VALIDATION_EVENT_DEBOUNCE_MS = 1000
/** The email value is committed this long after the input loses focus. */
export const EMAIL_DEBOUNCE_MS = 1000
/** A years or months edit recomputes the decimal-year history after this delay. */
export const YEARS_MONTHS_RECOMPUTE_MS = 100
/** After a full submission the page goes to the brand's thank-you address after this delay. */
export const THANK_YOU_REDIRECT_MS = 5000
/** A lazily loaded screen that has not arrived after this long is a load error. */
export const PAGE_PART_LOAD_TIMEOUT_MS = 120_000
/** Applicants must be at least this old… */
export const MIN_AGE = 18
/** …and younger than this. */
export const MAX_AGE_EXCLUSIVE = 80
