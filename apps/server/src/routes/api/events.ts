// The application-telemetry sink (docs/requirements.md#analytics-events: 'Started', 'Submit', 'Submit Error', 'Validation
// Error', 'Submission Error' …) that the web app beacons to. Events are counted in memory by name and
// logged as one line of names and keys. Nothing the applicant typed belongs in an event, but the body
// comes from the internet: only values from known lists are ever logged or counted, anything else
// becomes '(other)', and unknown fields are dropped. Decision record: docs/decisions/0805-*.
//
// navigator.sendBeacon cannot set headers and sends `text/plain;charset=UTF-8` for a string body, so
// the body may be JSON under text/plain, and the anti-forgery token may come in the body's `csrf` field
// instead of the header (it must still equal the cookie).

import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { steps } from '@forecourt/domain/journey/steps'
import { isMessageKey } from '@forecourt/domain/messages/messages'
import type { FunnelCounters } from '../../funnel/funnel-counters'
import { funnelKeyOf } from '../../funnel/funnel-events'
import type { FunnelVocabulary } from '../../funnel/vocabulary'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import { applicantBody, applicantResponses } from './applicant-contract'

/** Every event name the web app sends; a new one must be added here to be counted by name. */
export const KNOWN_EVENTS = [
  'Started',
  'Step Viewed',
  'Page View',
  'Submit',
  'Submit Error',
  'Validation Error',
  'Submission Error',
  'Load Error',
] as const

export const OTHER = '(other)'
/** Events logged at info level: failures, not analytics. */
const LOGGED_EVENTS: ReadonlySet<string> = new Set(['Submission Error', 'Load Error'])
export const EVENTS_BODY_LIMIT_BYTES = 4 * 1024

const knownEvents = new Set<string>(KNOWN_EVENTS)
// Step ids and route paths from the journey table (`{n}` is an entry number), and the modals' names.
const knownSteps = new Set<string>(steps.map((step) => step.id))
const stepPaths = steps.map(
  (step) => new RegExp(`^${step.path.replace('{n}', '[1-9][0-9]?').replaceAll('/', '\\/')}$`),
)
const MODAL_PART = /^modal:[a-z][a-z-]{0,30}$/
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface TelemetryEvent {
  event: string
  category?: string
  label?: string
  step?: string
  messageKey?: string
  /** The page's utm_source and utm_campaign, folded into the funnel's vocabulary before they are counted. */
  source?: string
  campaign?: string
  /** A person's first event of its kind and step in their tab (decision 2112). */
  first?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    eventCounter: EventCounter
  }
}

/** Counts per event name since the process started. Bounded: unknown names share one count. */
export class EventCounter {
  private readonly counts = new Map<string, number>()

  add(event: string): void {
    const name = loggableEvent(event)
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1)
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts)
  }
}

export function loggableEvent(event: string): string {
  return knownEvents.has(event) ? event : OTHER
}

export function loggableStep(step: string | undefined): string | undefined {
  if (step === undefined) return undefined
  const known =
    knownSteps.has(step) || MODAL_PART.test(step) || stepPaths.some((path) => path.test(step))
  return known ? step : OTHER
}

export function loggableMessageKey(messageKey: string | undefined): string | undefined {
  if (messageKey === undefined) return undefined
  return isMessageKey(messageKey) ? messageKey : OTHER
}

/** The log line of an event: names and keys from known lists, and the application GUID of a failure. */
export function telemetryLogFields(body: TelemetryEvent): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    event: loggableEvent(body.event),
    step: loggableStep(body.step),
    messageKey: loggableMessageKey(body.messageKey),
    // The label of 'Submission Error' is the application's GUID, which the broker needs to follow up.
    applicationId: body.label !== undefined && GUID.test(body.label) ? body.label : undefined,
  }
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

const schema = {
  summary: 'Count an analytics event (the telemetry beacon)',
  description:
    'JSON under application/json or text/plain (navigator.sendBeacon). The anti-forgery token may be sent in the `csrf` field instead of the x-csrf-token header. Unknown fields are dropped.',
  consumes: ['application/json', 'text/plain'],
  body: applicantBody('POST /api/events'),
  response: {
    ...applicantResponses('POST /api/events'),
    204: { type: 'null', description: 'Counted' },
  },
}

export interface EventsRoutesOptions {
  counter: EventCounter
  /** The funnel's counters (decision 2112): what is counted, by brand of the request's host. */
  funnel?: {
    counters: FunnelCounters
    vocabulary: FunnelVocabulary
    brandOf: (request: FastifyRequest) => string
  }
}

export const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (app, options) => {
  // Only inside this plugin: everywhere else text/plain stays plain text.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })

  app.post<{ Body: ApplicantBody<'POST /api/events'>; Reply: ApplicantReply<'POST /api/events'> }>(
    '/api/events',
    { schema, bodyLimit: EVENTS_BODY_LIMIT_BYTES, config: { antiForgery: 'header-or-body' } },
    async (request, reply) => {
      options.counter.add(request.body.event)
      const funnel = options.funnel
      const key =
        funnel === undefined
          ? undefined
          : funnelKeyOf(request.body, funnel.brandOf(request), new Date(), funnel.vocabulary)
      if (funnel !== undefined && key !== undefined) {
        // Answered once the count is on disk; a failed write loses a count, never the page's work.
        await funnel.counters.add(key).catch((error: unknown) => {
          request.log.warn({ err: error }, 'funnel count not written')
        })
      }
      // Analytics are kept as counters, not logged (decision 2112); a failure the broker may need to follow
      // up (an application not received, a part of the page that did not load) is still a log line.
      const level = LOGGED_EVENTS.has(request.body.event) ? 'info' : 'debug'
      request.log[level](telemetryLogFields(request.body), 'telemetry event')
      return reply.code(204).send()
    },
  )
}
