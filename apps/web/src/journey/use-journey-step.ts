// The behaviour every question screen shares (docs/requirements.md#step-submit): Continue checks the
// step's rules from the domain, shows the errors (summary, beside each field, shake, focus on the
// first, "Error: " in the title) or records the step and goes to the next route of the journey
// table. Screens only draw their fields.
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { ERROR_SHAKE_MS, VALIDATION_EVENT_DEBOUNCE_MS } from '@forecourt/domain/fields/timing'
import { nextPath, previousPath } from '@forecourt/domain/journey/navigation'
import type { StepId } from '@forecourt/domain/journey/step-list'
import type { Person } from '@forecourt/domain/messages/messages'
import { stepRules, validateStep, type StepFieldError } from '@forecourt/domain/steps/step-rules'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useParams, useSearch } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { afterNextPaint } from '#lib/after-next-paint'
import { track, type AnalyticsEvent } from '#lib/analytics'
import { getApplication, update, useApplication } from '#lib/session-store'
import { isReturningToCheck, pathAfterChange } from './return-to-check'
import { useNavigateWhenReady } from './screen-ready'

const ERROR_TITLE_PREFIX = 'Error: '

export interface FieldBinding {
  id: string
  error: string | undefined
  shake: boolean
  onBlur: () => void
  /** While the application is locked (isLocked) every control is disabled. */
  disabled: boolean
}

/** One message showing on the screen, as the error summary lists it. */
export interface ShownError {
  /** The field's id: the summary links to it. */
  field: string
  text: string
}

export interface JourneyStep {
  stepId: StepId
  /** The entry index of a repeated step ({number} in the route), 1 otherwise. */
  n: number
  person: Person
  /**
   * The application has been submitted (isLocked): every control of the step is disabled.
   * `field()` carries it to the controls; other inputs and buttons take it from here.
   */
  locked: boolean
  /** The step rules' errors showing now, in the order of the error summary. */
  errors: StepFieldError[]
  /**
   * Every message showing now: the step rules' errors (a screen's own message for the same field
   * replacing the rules' one, as beside the field), then the screen's other messages
   * (`setScreenError`). The error summary lists them all and the page title says "Error: ".
   */
  shownErrors: ShownError[]
  /**
   * Shows a message of the screen's own beside field `id` in the summary too (a postcode that
   * "Find address" refused); undefined takes it away.
   */
  setScreenError: (id: string, message: string | undefined) => void
  /**
   * Props that wire a control to its error and to the lock: `<TextInput {...step.field('firstName')}
   * … />`.
   */
  field: (id: string) => FieldBinding
  /** Set by each failed Continue, so the summary and focus react to every attempt. */
  attempt: number
  continueStep: () => void
  previousStep: () => void
  /**
   * Registers a function that writes a field's pending draft to the state (a debounced email, a
   * years/months pair): Continue and Previous run them first. Returns the unregister function.
   */
  registerFlush: (flush: () => void) => () => void
}

export function useJourneyStep(stepId: StepId): JourneyStep {
  const params = useParams<{ n?: string }>()
  const n = Math.max(1, Number(params.n ?? 1) || 1)
  const [location, navigateNow] = useLocation()
  // A screen whose code is still on its way is waited for briefly, not shown as "Loading…".
  const navigate = useNavigateWhenReady(navigateNow)
  const returning = isReturningToCheck(useSearch())
  const brand = useBrand()
  const state = useApplication((current) => current)
  const person: Person = stepId.startsWith('joint-') ? 'joint' : 'main'

  const [submitted, setSubmitted] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempt, setAttempt] = useState(0)
  const [shaking, setShaking] = useState(false)
  const [screenErrors, setScreenErrors] = useState<readonly ShownError[]>([])
  const setScreenError = useCallback((id: string, message: string | undefined) => {
    setScreenErrors((current) => {
      const others = current.filter((shown) => shown.field !== id)
      if (message === undefined) return others.length === current.length ? current : others
      const existing = current.find((shown) => shown.field === id)
      return existing?.text === message ? current : [...others, { field: id, text: message }]
    })
  }, [])
  const flushes = useRef(new Set<() => void>())
  const registerFlush = useCallback((flush: () => void) => {
    flushes.current.add(flush)
    return () => void flushes.current.delete(flush)
  }, [])
  const flushAll = () => flushes.current.forEach((flush) => flush())

  const allErrors = useMemo(
    () => validateStep(stepId, { state, brand, n, today: londonToday(new Date()) }),
    [stepId, state, brand, n],
  )
  const errors = useMemo(
    () => (submitted ? allErrors : allErrors.filter((e) => touched.has(e.field))),
    [allErrors, submitted, touched],
  )

  // A screen's own message is the one its field shows, in place of the rules' message.
  const shownErrors = useMemo(
    () => [
      ...errors.map(({ field, error }) => ({
        field,
        text: screenErrors.find((shown) => shown.field === field)?.text ?? error.text,
      })),
      ...screenErrors.filter(({ field }) => !errors.some((error) => error.field === field)),
    ],
    [errors, screenErrors],
  )

  useErrorTitle(shownErrors.length > 0)
  useValidationEvents(stepId, errors)
  useFocusFirstError(attempt, errors)

  useEffect(() => {
    if (!shaking) return
    const timer = setTimeout(() => setShaking(false), ERROR_SHAKE_MS)
    return () => clearTimeout(timer)
  }, [shaking, attempt])

  // Question screens can always go back (to the start from the first one).
  useEffect(() => {
    if (!getApplication().isEnabledGoBack) update((draft) => void (draft.isEnabledGoBack = true))
  }, [])

  const field = useCallback(
    (id: string): FieldBinding => {
      const error = errors.find((e) => e.field === id)?.error.text
      return {
        id,
        error,
        shake: shaking && error !== undefined,
        onBlur: () =>
          setTouched((current) => (current.has(id) ? current : new Set(current).add(id))),
        disabled: state.isLocked,
      }
    },
    [errors, shaking, state.isLocked],
  )

  // The funnel's "saw this question" (decision 2112); analytics.ts marks a person's first in the tab.
  useEffect(() => {
    trackAfterPaint({ event: 'Step Viewed', step: stepId })
  }, [stepId])

  const continueStep = useCallback(() => {
    flushAll()
    setSubmitted(true)
    const ctx = { state: getApplication(), brand, n, today: londonToday(new Date()) }
    if (validateStep(stepId, ctx).length > 0) {
      setAttempt((value) => value + 1)
      setShaking(true)
      trackAfterPaint({ event: 'Page View', step: stepId }, { event: 'Submit Error', step: stepId })
      return
    }
    const answeredBefore = getApplication().completedSteps.includes(stepId)
    update((draft) => {
      stepRules[stepId].complete?.(draft, { ...ctx, state: draft })
      if (!draft.completedSteps.includes(stepId)) draft.completedSteps.push(stepId)
    })
    trackAfterPaint(
      { event: 'Page View', step: stepId },
      { event: 'Submit', step: stepId, first: !answeredBefore },
    )
    const next = returning
      ? pathAfterChange(getApplication(), brand, location)
      : nextPath(getApplication(), brand, location)
    navigate(next ?? '/before-you-submit')
  }, [stepId, brand, n, location, navigate, returning])

  const previousStep = useCallback(() => {
    flushAll()
    navigate(previousPath(getApplication(), brand, location) ?? '/')
  }, [brand, location, navigate])

  return {
    stepId,
    n,
    person,
    locked: state.isLocked,
    errors,
    shownErrors,
    setScreenError,
    field,
    attempt,
    continueStep,
    previousStep,
    registerFlush,
  }
}

/**
 * A press's analytics events go once the next frame is painted, in the order given: each sends a
 * beacon, synchronously, a few milliseconds of a slow phone's main thread, and the next screen (or
 * the errors) must show first (docs/decisions/2183-a-press-tracks-after-the-paint.md).
 */
function trackAfterPaint(...events: AnalyticsEvent[]): void {
  afterNextPaint(() => events.forEach(track))
}

/** The page title starts with "Error: " while errors show (docs/requirements.md#accessibility). */
function useErrorTitle(hasErrors: boolean): void {
  useEffect(() => {
    const title = document.title
    if (hasErrors && !title.startsWith(ERROR_TITLE_PREFIX)) {
      document.title = ERROR_TITLE_PREFIX + title
    } else if (!hasErrors && title.startsWith(ERROR_TITLE_PREFIX)) {
      document.title = title.slice(ERROR_TITLE_PREFIX.length)
    }
  }, [hasErrors])
  useEffect(
    () => () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX)) {
        document.title = document.title.slice(ERROR_TITLE_PREFIX.length)
      }
    },
    [],
  )
}

/**
 * Each message that comes into view is reported once as a 'Validation Error' (docs/requirements.md#analytics-events), after it has
 * stayed for 1 s, so typing through a field does not send an event per keystroke.
 */
function useValidationEvents(stepId: StepId, errors: StepFieldError[]): void {
  const reported = useRef(new Set<string>())
  const signature = errors.map((e) => `${e.field}|${e.error.key}|${e.error.text}`).join('\n')
  useEffect(() => {
    const current = new Set(signature ? signature.split('\n') : [])
    for (const key of reported.current) if (!current.has(key)) reported.current.delete(key)
    if (current.size === 0) return
    const timer = setTimeout(() => {
      for (const entry of current) {
        if (reported.current.has(entry)) continue
        reported.current.add(entry)
        const [, messageKey, text] = entry.split('|')
        track({ event: 'Validation Error', step: stepId, messageKey, label: text })
      }
    }, VALIDATION_EVENT_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [stepId, signature])
}

/**
 * After a failed Continue the first error's question is scrolled into view and its field takes
 * focus (docs/architecture.md#house-rules), so the applicant hears the label and the message together.
 */
function useFocusFirstError(attempt: number, errors: StepFieldError[]): void {
  const first = errors[0]?.field
  useEffect(() => {
    if (attempt === 0 || !first) return
    const field =
      document.getElementById(first) ??
      document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)
    if (!field) return
    const question = field.closest('fieldset')?.querySelector('legend') ?? field
    if (typeof question.scrollIntoView === 'function') question.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
    // Only on a new attempt: fixing one error must not pull focus to the next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])
}
