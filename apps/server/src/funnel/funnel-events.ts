// Which telemetry events the funnel counts, and as what (decision 2112). Only events whose every part is
// known are counted: an unknown event name, a step that is not the journey's or a message key that is not
// ours is dropped whole, so a flood of junk adds no row. The page marks a person's first 'Started', 'Step
// Viewed' and 'Submit' of a step in its tab (`first: true`): those are the funnel's people; a revisit or a
// reload is not counted again.

import { londonClock } from '@forecourt/domain/format/london-time'
import { steps } from '@forecourt/domain/journey/steps'
import { isMessageKey } from '@forecourt/domain/messages/messages'
import type { FunnelKey, FunnelKind } from './funnel-counters'
import { foldLabel, type FunnelVocabulary } from './vocabulary'

export const NO_STEP = '(none)'

const journeySteps = new Set<string>(steps.map((step) => step.id))

export interface FunnelEvent {
  event: string
  step?: string
  messageKey?: string
  source?: string
  campaign?: string
  first?: boolean
}

/** Events counted only as a person's first in their tab, and events counted every time. */
const FIRST_ONLY: Readonly<Record<string, FunnelKind>> = {
  Started: 'started',
  'Step Viewed': 'viewed',
  Submit: 'completed',
}
const EVERY_TIME: Readonly<Record<string, FunnelKind>> = {
  'Page View': 'continued',
  'Submit Error': 'step-error',
  'Validation Error': 'validation-error',
  'Submission Error': 'submission-error',
}

/** YYYY-MM-DD on a London clock. */
export function londonDay(now: Date): string {
  const { year, month, day } = londonClock(now)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The counter an event adds to, or undefined when it is not counted. */
export function funnelKeyOf(
  event: FunnelEvent,
  brand: string,
  now: Date,
  vocabulary: FunnelVocabulary,
): FunnelKey | undefined {
  const firstOnly = FIRST_ONLY[event.event]
  const kind = firstOnly ?? EVERY_TIME[event.event]
  if (kind === undefined) return undefined
  if (firstOnly !== undefined && event.first !== true) return undefined
  let step = NO_STEP
  if (kind !== 'started' && kind !== 'submission-error') {
    if (event.step === undefined || !journeySteps.has(event.step)) return undefined
    step = event.step
  }
  let messageKey = ''
  if (kind === 'validation-error') {
    if (event.messageKey === undefined || !isMessageKey(event.messageKey)) return undefined
    messageKey = event.messageKey
  }
  return {
    day: londonDay(now),
    brand,
    source: foldLabel(event.source, vocabulary.sources),
    campaign: foldLabel(event.campaign, vocabulary.campaigns),
    step,
    kind,
    messageKey,
  }
}

/** The counter of an application's outcome: its submission, its first offer, its payout. */
export function outcomeKey(
  kind: 'submitted' | 'offer' | 'paid-out',
  application: { brand: string; submittedAt: Date; attribution: unknown },
  vocabulary: FunnelVocabulary,
): FunnelKey {
  const attribution =
    typeof application.attribution === 'object' && application.attribution !== null
      ? (application.attribution as Record<string, unknown>)
      : {}
  return {
    day: londonDay(application.submittedAt),
    brand: application.brand,
    source: foldLabel(attribution.evsrc ?? attribution.source, vocabulary.sources),
    campaign: foldLabel(attribution.evcmp ?? attribution.campaign, vocabulary.campaigns),
    step: NO_STEP,
    kind,
    messageKey: '',
  }
}
