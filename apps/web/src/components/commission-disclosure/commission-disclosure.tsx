// The commission disclosure and the panel statement, shown prominently on the start screen and again
// before submitting (docs/requirements.md#evidence-and-consent-records; FCA CONC 4.5.3R asks for both
// "prominently" and "in good time"). The texts come from the brand's disclosure data, and the same
// strings are what the evidence record hashes, so what is hashed is what is on the screen (decision
// 1651). Only the two definitions the screen shows are imported: the start page's code carries no
// other text.

import { useId, type ReactNode } from 'react'
import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  COMMISSION_DISCLOSURE,
  PANEL_STATEMENT,
  currentRequiredDisclosure,
  type RenderedDisclosure,
} from '@forecourt/domain/brands/disclosures'

/** The commission disclosure and the panel statement, as shown, in that order. */
export function commissionTexts(brandId: BrandId): [RenderedDisclosure, RenderedDisclosure] {
  return [
    currentRequiredDisclosure(brandId, COMMISSION_DISCLOSURE),
    currentRequiredDisclosure(brandId, PANEL_STATEMENT),
  ]
}

export function CommissionDisclosure({
  brandId,
  children,
}: {
  brandId: BrandId
  /** What follows the statements inside the box (the question about the amount, before submitting). */
  children?: ReactNode
}) {
  const headingId = useId()
  const texts = commissionTexts(brandId)
  return (
    <section className="commission-disclosure" aria-labelledby={headingId}>
      <h2 id={headingId}>How we are paid</h2>
      {texts.map((text) => (
        <p key={text.id} data-disclosure={text.id}>
          {text.text}
        </p>
      ))}
      {children}
    </section>
  )
}
