// A customer-rating badge, only from brand data that names where the figures come from, how many
// reviews they rest on and when they were read; a brand without a rating shows no badge at all
// (docs/decisions/1527).

import type { BrandRating } from '@forecourt/domain/brands/brand'

const wholeNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 })
const score = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'Rated 4.8 out of 5 on Trustpilot, from 1,234 reviews (1 November 2026)'. */
export function ratingText(rating: BrandRating): string {
  const reviews = `${wholeNumber.format(rating.reviewCount)} ${rating.reviewCount === 1 ? 'review' : 'reviews'}`
  return (
    `Rated ${score.format(rating.score)} out of ${score.format(rating.outOf)} on ${rating.source}, ` +
    `from ${reviews} (${day.format(new Date(`${rating.date}T00:00:00Z`))})`
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
