// The `application.erased` notice a lender gets when an application it was sent is erased. It goes
// through the delivery outbox like the application itself (same signing, retries and dead letters), in
// a row whose submission key is `erasure:<submission key>`: that is also its Idempotency-Key, so a
// lender that keeps the application's key as "seen" still takes the notice. Decision record:
// docs/decisions/1609-*.

import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

export const ERASURE_KEY_PREFIX = 'erasure:'
export const ERASURE_EVENT = 'application.erased'

/** The notice's body for an outbox key `erasure:<key>`; undefined when there is no such erasure. */
export async function erasureNoticeBody(
  db: Kysely<Tables>,
  outboxKey: string,
): Promise<string | undefined> {
  const applicationKey = outboxKey.slice(ERASURE_KEY_PREFIX.length)
  const erasure = await db
    .selectFrom('erasures')
    .select(['reference', 'erased_at'])
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (erasure === undefined) return undefined
  return JSON.stringify({
    type: ERASURE_EVENT,
    timestamp: erasure.erased_at,
    data: {
      submissionKey: applicationKey,
      reference: erasure.reference,
      erasedAt: erasure.erased_at,
    },
  })
}
