// The back-office contract's type-level test on the client's side, checked by `npm run typecheck` (so by
// `npm test`): each `@ts-expect-error` marks a read the compiler must refuse because the contract the
// server's routes declare has no such field; a directive that stops being needed fails the check.
// Imported by nothing, so never in the bundle.

import type { BackOfficeAnswer } from '@forecourt/domain/contract/back-office'
import { get, post } from './api'
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

/**
 * The requests' side (decision 2173): a call sends the body, query and path parameters its route's
 * schema names, and reads the answer its route declares. Never called, only compiled.
 */
export async function contractRequests(applicationKey: string): Promise<unknown[]> {
  const route = 'POST /api/back-office/applications/:applicationKey/notes'
  const note = await post(route, { params: { applicationKey }, body: { text: 'Called back' } })
  return [
    note.note.by,
    // @ts-expect-error a note's body is `{ text }`: a field the server's schema does not name is refused
    await post(route, { params: { applicationKey }, body: { note: 'Called back' } }),
    // @ts-expect-error the route names its application: a call without the path parameter is refused
    await post(route, { body: { text: 'Called back' } }),
    await post('POST /api/back-office/applications/:applicationKey/status', {
      params: { applicationKey },
      // @ts-expect-error a status is sent as the contract names its field, not `brokerStatus`
      body: { brokerStatus: 'contacted' },
    }),
    await post('POST /api/back-office/operators', {
      // @ts-expect-error the role is one of the contract's roles: 'owner' is none of them
      body: { email: 'a@example.com', role: 'owner', brands: 'all' },
    }),
    // @ts-expect-error the list's query has no `page`: its pages go by `cursor`
    await get('GET /api/back-office/applications', { query: { page: 2 } }),
    // @ts-expect-error the answer is the note: it has no `status`
    note.status,
  ]
}
