// The applicant contract's type-level test on the web app's side, checked by `npm run typecheck` (so by
// `npm test`): each `@ts-expect-error` marks a read the compiler must refuse because the contract the
// server's routes declare has no such field or type; a directive that stops being needed fails the check.
// Imported by nothing, so never in the bundle.

import type {
  JointView,
  SavedForLater,
  StatusView,
  StockAnswer,
  SubmissionAnswer,
  WriteRefusal,
} from './api-types'

export function contractReads(
  status: StatusView,
  joint: JointView,
  saved: SavedForLater,
  stock: StockAnswer,
  submission: SubmissionAnswer,
  refusal: WriteRefusal,
): unknown[] {
  return [
    status.lenders[0]?.offer?.monthlyPayment,
    joint.loan.warning,
    saved.maskedEmail,
    stock.vehicleType,
    submission.reference,
    refusal.reason,
    // @ts-expect-error the page's offers have no `rate`: its APR is `apr`
    status.lenders[0]?.offer?.rate,
    // @ts-expect-error a lender's state is a closed set: 'approved' is none of its values
    status.lenders[0]?.state === 'approved',
    // @ts-expect-error a lender's message may be null: it must be checked before use
    status.lenders[0]?.message.trim(),
    // @ts-expect-error the joint applicant's soft-search text is null when the brand asks for none
    joint.softSearch.text,
    // @ts-expect-error the stock answer's price is a whole number of pounds, not text
    stock.price.trim(),
    // @ts-expect-error the save's answer names the masked address `maskedEmail`, not `email`
    saved.email,
    // @ts-expect-error a refusal's reason is the application secret's only
    refusal.reason === 'csrf',
  ]
}
