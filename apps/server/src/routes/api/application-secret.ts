// Every write to an application (partial save, submission, evidence) sends the secret of the browser that
// started it; the first write binds the key to it, and a write without it or with another is refused with
// 403 before its body is looked at (decision 1801).

import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  APPLICATION_SECRET_HEADER,
  APPLICATION_SECRET_MESSAGES,
  APPLICATION_SECRET_REFUSED,
} from '@forecourt/domain/application-secret/application-secret'
import {
  bindOrMismatch,
  checkApplicationSecret,
  readApplicationSecret,
  type SecretCheck,
} from '../../repositories/application-secret-repository'

/**
 * Whether the write was refused (and answered). A boolean, not the reply: a reply is a thenable, which an
 * async function's promise would wait on rather than hand back.
 */
export async function refuseWithoutSecret(
  request: FastifyRequest,
  reply: FastifyReply,
  applicationKey: string,
  now: Date,
): Promise<boolean> {
  const outcome = await checkApplicationSecret(
    request.server.writeStore.boundSecret,
    applicationKey,
    sentSecret(request),
    now,
    request.server.writeStore.bindSecret,
  )
  if (outcome === 'bound' || outcome === 'matches') return false
  refuse(reply, outcome)
  return true
}

/**
 * The check of a write that binds the key itself, in its own transaction (the submission, decision
 * 1981): refused (and answered) as refuseWithoutSecret refuses, before the body is looked at; otherwise
 * the hash the write must bind, or undefined when the key is bound to this secret already.
 */
export async function secretForWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  applicationKey: string,
): Promise<{ refused: true } | { refused: false; bind: string | undefined }> {
  const outcome = await readApplicationSecret(
    request.server.writeStore.boundSecret,
    applicationKey,
    sentSecret(request),
  )
  if (outcome === 'matches') return { refused: false, bind: undefined }
  if (typeof outcome !== 'string') return { refused: false, bind: outcome.unbound }
  refuse(reply, outcome)
  return { refused: true }
}

/**
 * Binds the key now, for a write that does not write it in its own transaction (a refused submission
 * kept for the broker); answers whether the write was refused because another secret won.
 */
export async function refuseUnlessBound(
  request: FastifyRequest,
  reply: FastifyReply,
  applicationKey: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const outcome = await bindOrMismatch(
    applicationKey,
    hash,
    now,
    request.server.writeStore.bindSecret,
  )
  if (outcome === 'bound') return false
  refuse(reply, outcome)
  return true
}

/** The 403 of a write whose secret is missing, malformed or another browser's. */
export function refuse(reply: FastifyReply, outcome: Exclude<SecretCheck, 'bound' | 'matches'>) {
  void reply
    .code(403)
    .send({ error: APPLICATION_SECRET_MESSAGES[outcome], reason: APPLICATION_SECRET_REFUSED })
}

function sentSecret(request: FastifyRequest): string | undefined {
  const header = request.headers[APPLICATION_SECRET_HEADER]
  // Two copies of the header are not one secret.
  return Array.isArray(header) ? '' : header
}
