// The back-office contract's type-level test on the client's side, checked by `npm run typecheck` (so by
// `npm test`): each `@ts-expect-error` marks a read the compiler must refuse because the contract the
// server's routes declare has no such field; a directive that stops being needed fails the check.
// Imported by nothing, so never in the bundle.

import type { BackOfficeAnswer } from '@forecourt/domain/contract/back-office'
import type { ApplicationDetail, Session } from './types'

export function contractReads(detail: ApplicationDetail, session: Session): unknown[] {
  const pipeline = {} as BackOfficeAnswer<'GET /api/back-office/pipeline'>
  return [
    detail.application.reference,
    session.operator.email,
    pipeline.overdue,
    // @ts-expect-error the detail's application has no `score`: a screen cannot read what is not answered
    detail.application.score,
    // @ts-expect-error the operator's role is a closed set: 'owner' is none of its values
    session.operator.role === 'owner',
    // @ts-expect-error a note's author may be null (the account is gone): it must be checked before use
    detail.notes[0]?.by.toUpperCase(),
    // @ts-expect-error the pipeline answers counts, not a total
    pipeline.total,
  ]
}
