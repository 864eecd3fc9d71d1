// A customer-rating badge, only from brand data that names where the figures come from, how many
// reviews they rest on and when they were read; a brand without a rating shows no badge at all
// (docs/decisions/1527).

import type { BrandRating } from '@forecourt/domain/brands/brand'
import { formatLongDateUtc, formatNumber } from '@forecourt/domain/format/en-gb'

// Without Intl: the start page would pay for its locale data (format/en-gb.ts).
const wholeNumber = (value: number) => formatNumber(value, { maximumFractionDigits: 0 })
const score = (value: number) => formatNumber(value, { maximumFractionDigits: 1 })

/** 'Rated 4.8 out of 5 on Trustpilot, from 1,234 reviews (1 November 2026)'. */
export function ratingText(rating: BrandRating): string {
  const reviews = `${wholeNumber(rating.reviewCount)} ${rating.reviewCount === 1 ? 'review' : 'reviews'}`
  return (
    `Rated ${score(rating.score)} out of ${score(rating.outOf)} on ${rating.source}, ` +
    `from ${reviews} (${formatLongDateUtc(new Date(`${rating.date}T00:00:00Z`))})`
  )
}

export function RatingBadge({ rating }: { rating: BrandRating | undefined }) {
  if (!rating) return null
  return (
    <p className="trust-badge">
      <a href={rating.sourceUrl}>{ratingText(rating)}</a>
    </p>
  )
}
