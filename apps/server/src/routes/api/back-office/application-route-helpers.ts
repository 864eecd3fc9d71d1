// What the back office's application routes share: their messages, the operator's scope, and finding
// the application a route names, answering 404 (never 403) for a brand the operator does not see.

import type { FastifyReply, FastifyRequest } from 'fastify'
import { findVisible, type VisibleApplication } from '../../../back-office/find-application'
import { REQUEST_MESSAGES } from '@forecourt/domain/contract/back-office-requests'
import { visibleBrands } from '../../../back-office/operators'
import { MAX_QUERY_TERMS } from '../../../back-office/search-terms'
import type { Tables } from '../../../db/tables'
import { NOT_FOUND, operatorOf, UUID } from './back-office-context'
import type { Kysely } from 'kysely'

export const APPLICATION_MESSAGES = {
  invalidFilter: 'Invalid filter',
  brand: 'is not one of your brands',
  status: REQUEST_MESSAGES.status,
  kind: REQUEST_MESSAGES.kind,
  decision: REQUEST_MESSAGES.decision,
  needsAttention: REQUEST_MESSAGES.needsAttention,
  date: 'must be a date written YYYY-MM-DD',
  cursor: 'is not a cursor from an earlier page',
  limit: REQUEST_MESSAGES.limit,
  invalidSearch: 'Invalid search',
  query: 'Enter a reference, email, phone number, postcode or name',
  queryReference: 'Enter FC and at least the first 4 characters of the reference',
  queryWords: `Enter at most ${MAX_QUERY_TERMS} words`,
  invalidNote: 'Invalid note',
  noteText: REQUEST_MESSAGES.noteText,
  invalidStatus: 'Invalid status',
  invalidReason: 'Invalid reason',
  reason: REQUEST_MESSAGES.reason,
  invalidExport: 'Invalid export',
  include: REQUEST_MESSAGES.include,
} as const

export type Params = { applicationKey: string }

/** The operator signed in and the brands they may see. */
export function applicationScope(request: FastifyRequest) {
  const operator = operatorOf(request)
  return {
    operator,
    visible: visibleBrands(operator),
    all: operator.brands === 'all',
  }
}

/** The application (or tombstone) when visible, else the 404 already sent. */
export function visibleApplicationIn(db: Kysely<Tables>) {
  return async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
  ): Promise<VisibleApplication | undefined> => {
    const key = request.params.applicationKey.toLowerCase()
    if (!UUID.test(key)) {
      await reply.code(404).send(NOT_FOUND)
      return undefined
    }
    const { all, visible } = applicationScope(request)
    const found = await findVisible(db, key, all ? 'all' : visible)
    if (found === undefined) await reply.code(404).send(NOT_FOUND)
    return found
  }
}

export const ERASED = 'This application has already been erased'
