// The introductory modal's content on the apply host (docs/requirements.md#introductory-modal). Its example is computed
// from APPLY_MODAL_EXAMPLE like every other; nothing here is a typed figure. The page behind the
// modal states the same example (docs/decisions/1526), and the trust-rating badge shows only
// when the brand has a rating with its source (decision 1527).

import { APPLY_MODAL_EXAMPLE } from '@forecourt/domain/brands/brand-data'
import type { Brand } from '@forecourt/domain/brands/brand'
import { RatingBadge } from './rating-badge'
import { exampleSentence } from './representative-example'

export const APPLY_INTRO_TITLE = 'Find the right finance for your next vehicle'

export function ApplyIntro({ brand, onGetQuote }: { brand: Brand; onGetQuote: () => void }) {
  return (
    <>
      <ul className="benefits">
        <li>No broker fees</li>
        <li>No deposit options</li>
        <li>Choose any vehicle</li>
        <li>Buy from any dealer</li>
      </ul>
      <button type="button" className="button" onClick={onGetQuote}>
        Get a quote
      </button>
      <p>
        <strong>No impact on your credit score</strong>
      </p>
      <p className="small-print">{exampleSentence(APPLY_MODAL_EXAMPLE)}</p>
      <RatingBadge rating={brand.rating} />
      <p className="small-print">{brand.firm.regulatoryStatement}</p>
    </>
  )
}
