// What every back-office route shares: the operator signed in, the clock, the database and keys, and
// small helpers for reading bodies and answering in the API's one error shape.

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { brands } from '@forecourt/domain/brands/brand-data'
import type { BrandId } from '@forecourt/domain/brands/brand'
import type { BackOfficeConfig } from '../../../back-office/back-office-config'
import {
  idleExpiry,
  permissionsOf,
  visibleBrands,
  type Permission,
  type Session,
} from '../../../back-office/operators'
import { BROKER_STATUS_LABELS } from '../../../back-office/broker-status-labels'
import { LENDER_DECISION_LABELS } from '../../../back-office/application-timeline'
import type { Dialect } from '../../../db/database'
import type { DataKeyring } from '../../../crypto/field-encryption'
import type { Destinations } from '../../../delivery/destinations'
import {
  BROKER_STATUSES,
  LENDER_DECISIONS,
  type OperatorRow,
  type Tables,
} from '../../../db/tables'

/** Who may call a route: anyone (sign-in, enrolment), any operator signed in, or one with a permission. */
export type Access = 'public' | 'signed-in' | Permission

declare module 'fastify' {
  interface FastifyContextConfig {
    backOfficeAccess?: Access
  }
  interface FastifyRequest {
    backOfficeSession?: Session
  }
}

export interface BackOfficeContext {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  config: BackOfficeConfig
  /** NODE_ENV=production: the session cookie is Secure whatever the request's scheme (decision 2122). */
  production: boolean
  /** The lender destinations configured (LENDER_DESTINATIONS): who was sent, or would be told. */
  lenders: Destinations
  now: () => Date
  searchIndexKey: Buffer
  /** Where an erasure's traces are: the engine (SQLite checkpoints) and the file transport's folder. */
  erasure: { dialect: Dialect; mailFolder: string | undefined }
}

export const NOT_FOUND = { error: 'Not found' } as const
export const NOT_SIGNED_IN = { error: 'Not signed in' } as const
export const FORBIDDEN = { error: 'Forbidden' } as const

export { BROKER_STATUS_LABELS }

export function brandName(id: string): string {
  return brands[id as BrandId]?.tradingName ?? id
}

/** The session of a route whose access is not 'public' (the hook has checked it). */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.backOfficeSession
  if (session === undefined) throw new Error('back-office route without a session')
  return session
}

export function operatorOf(request: FastifyRequest): OperatorRow {
  return sessionOf(request).operator
}

export function operatorSummary(operator: OperatorRow) {
  const scope = operator.brands === 'all' ? ('all' as const) : operator.brands.split(',')
  return { id: operator.id, email: operator.email, role: operator.role, brands: scope }
}

export function sessionBody(session: Session, csrfToken: string) {
  const { operator } = session
  return {
    operator: operatorSummary(operator),
    permissions: [...permissionsOf(operator.role)],
    brands: visibleBrands(operator).map((id) => ({ id, name: brandName(id) })),
    brokerStatuses: BROKER_STATUSES.map((id) => ({ id, label: BROKER_STATUS_LABELS[id] })),
    lenderDecisions: LENDER_DECISIONS.map((id) => ({ id, label: LENDER_DECISION_LABELS[id] })),
    csrfToken,
    idleExpiresAt: idleExpiry(session),
    expiresAt: session.expiresAt,
  }
}

export interface FieldError {
  field: string
  message: string
}

export function invalid(reply: FastifyReply, error: string, errors: FieldError[]): FastifyReply {
  return reply.code(400).send({ error, errors })
}

/** A body's field as trimmed text, or undefined when it is absent or not text. */
export function textField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
