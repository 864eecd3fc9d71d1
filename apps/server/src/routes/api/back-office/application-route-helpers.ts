// What the back office's application routes share: their messages, the operator's scope, and finding
// the application a route names, answering 404 (never 403) for a brand the operator does not see.

import type { FastifyReply, FastifyRequest } from 'fastify'
import { findVisible, type VisibleApplication } from '../../../back-office/find-application'
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH } from '../../../back-office/case-records'
import { visibleBrands } from '../../../back-office/operators'
import { MAX_QUERY_TERMS } from '../../../back-office/search-terms'
import { BROKER_STATUSES, LENDER_DECISIONS, type Tables } from '../../../db/tables'
import { NOT_FOUND, operatorOf, UUID } from './back-office-context'
import type { Kysely } from 'kysely'

export const APPLICATION_MESSAGES = {
  invalidFilter: 'Invalid filter',
  brand: 'is not one of your brands',
  status: `must be one of ${BROKER_STATUSES.join(', ')}`,
  kind: 'must be submitted, partial or refused',
  decision: `must be one of ${LENDER_DECISIONS.join(', ')}, or none`,
  needsAttention: 'must be yes or left out',
  date: 'must be a date written YYYY-MM-DD',
  cursor: 'is not a cursor from an earlier page',
  limit: 'must be a whole number from 1 to 100',
  invalidSearch: 'Invalid search',
  query: 'Enter a reference, email, phone number, postcode or name',
  queryReference: 'Enter FC and at least the first 4 characters of the reference',
  queryWords: `Enter at most ${MAX_QUERY_TERMS} words`,
  invalidNote: 'Invalid note',
  noteText: `Enter a note of up to ${NOTE_MAX_LENGTH} characters`,
  invalidStatus: 'Invalid status',
  invalidReason: 'Invalid reason',
  reason: `Enter a reason of up to ${REASON_MAX_LENGTH} characters`,
  invalidExport: 'Invalid export',
  include: 'must list only the candidate applications offered for this applicant',
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
