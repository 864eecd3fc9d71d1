// What the submission schema judges a payload against besides the payload itself: today's date in London
// (the applicant's age) and the brands' affiliate keys. Shared by the submission route and the lean write
// of `bench/lean-write.ts`, so the benchmark's reference checks a body exactly as the product does.

import { brands } from '@forecourt/domain/brands/brand-data'
import { type CalendarDate, londonToday } from '@forecourt/domain/fields/date-of-birth'
import type { SubmissionSchemaOptions } from '@forecourt/domain/steps/submission-schema'

/** Every brand's affiliate key: a submission naming another is refused. */
export const AFFILIATE_KEYS: readonly string[] = Object.values(brands).map(
  (brand) => brand.affiliateKey,
)

let today: { minute: number; date: CalendarDate } | undefined

/** londonToday, worked out once a minute: London's date only changes on the hour. */
export function todayInLondon(now: Date): CalendarDate {
  const minute = Math.floor(now.getTime() / 60_000)
  if (today?.minute !== minute) today = { minute, date: londonToday(now) }
  return today.date
}

/** The schema's options for a submission received at `now`. */
export function submissionRules(now: Date): SubmissionSchemaOptions {
  return { today: todayInLondon(now), knownAffiliateKeys: AFFILIATE_KEYS }
}
