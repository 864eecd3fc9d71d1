// Every write to an application (partial save, submission, evidence) sends the secret of the browser that
// started it; the first write binds the key to it, and a write without it or with another is refused with
// 403 before its body is looked at (decision 1801).

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  APPLICATION_SECRET_HEADER,
  APPLICATION_SECRET_MESSAGES,
  APPLICATION_SECRET_REFUSED,
} from '@forecourt/domain/application-secret/application-secret'
import type { Tables } from '../../db/tables'
import { checkApplicationSecret } from '../../repositories/application-secret-repository'

/**
 * A write route's 403: the anti-forgery check's ({ error }) or the missing secret's, with a reason the page
 * can tell apart.
 */
export const secretRefusedBody = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    reason: { type: 'string', const: APPLICATION_SECRET_REFUSED },
  },
  required: ['error'],
} as const

/**
 * Whether the write was refused (and answered). A boolean, not the reply: a reply is a thenable, which an
 * async function's promise would wait on rather than hand back.
 */
export async function refuseWithoutSecret(
  db: Kysely<Tables>,
  request: FastifyRequest,
  reply: FastifyReply,
  applicationKey: string,
  now: Date,
): Promise<boolean> {
  const header = request.headers[APPLICATION_SECRET_HEADER]
  // Two copies of the header are not one secret.
  const secret = Array.isArray(header) ? '' : header
  const outcome = await checkApplicationSecret(
    db,
    applicationKey,
    secret,
    now,
    request.server.writeStore.bindSecret,
  )
  if (outcome === 'bound' || outcome === 'matches') return false
  void reply
    .code(403)
    .send({ error: APPLICATION_SECRET_MESSAGES[outcome], reason: APPLICATION_SECRET_REFUSED })
  return true
}
