// The broker's status follows what the lenders decide (decision 1751): when a lender's decision becomes
// current, the lenders' latest words are added up (applicationOutcome) and the broker's status moves to
// match, written to the status tables with the lender as the actor and audited in the decision's own
// transaction. A status a person gave that ends the case (closed, withdrawn) or a payout stays as it is.

import type { Transaction } from 'kysely'
import type { BrokerStatus, Tables } from '../db/tables'
import {
  applicationOutcome,
  decisionsForApplication,
  latestPerLender,
  type ApplicationOutcome,
} from '../decisions/decision-repository'
import { appendAudit } from './audit-log'
import { BROKER_STATUS_LABELS } from './broker-status-labels'
import { newId } from './operators'

/** How a lender is named where an operator's id would be: `lender:<destination id>`. */
export const LENDER_ACTOR_PREFIX = 'lender:'

/** "acme-lending (lender)" for a lender's actor id; undefined for an operator's. */
export function lenderActor(id: string): string | undefined {
  return id.startsWith(LENDER_ACTOR_PREFIX)
    ? `${id.slice(LENDER_ACTOR_PREFIX.length)} (lender)`
    : undefined
}

/** The broker's status an outcome means; undefined while every lender is still to decide. */
export const OUTCOME_STATUS: Readonly<Record<ApplicationOutcome, BrokerStatus | undefined>> = {
  'awaiting-decision': undefined,
  'paid-out': 'paid_out',
  approved: 'approved',
  // The lender still has it: asking for more, or deciding after a referral.
  'more-information-needed': 'with_lender',
  referred: 'with_lender',
  declined: 'declined',
  withdrawn: 'withdrawn',
}

/**
 * Statuses a decision does not overwrite: a case a person closed or marked withdrawn (the applicant
 * stepped back), and a payout, which is final. A status the lenders set themselves moves on.
 */
export function statusFollows(
  current: BrokerStatus,
  setByLender: boolean,
  to?: BrokerStatus,
): boolean {
  if (current === 'paid_out') return false
  // A signed agreement moves on only to its payout (decision 2115).
  if (current === 'signed') return to === 'paid_out'
  if (current === 'closed' || current === 'withdrawn') return setByLender
  return true
}

export interface FollowResult {
  from: BrokerStatus
  to: BrokerStatus
}

/**
 * Moves the broker's status to what the lenders' latest decisions add up to, inside the transaction
 * that stored the decision. Returns what changed, or undefined when nothing did.
 */
export async function followLenderDecisions(
  trx: Transaction<Tables>,
  input: { applicationKey: string; lenderId: string; decisionId: string; now: Date },
): Promise<FollowResult | undefined> {
  const latest = latestPerLender(await decisionsForApplication(trx, input.applicationKey))
  const to = OUTCOME_STATUS[applicationOutcome(latest)]
  if (to === undefined) return undefined
  const kase = await trx
    .selectFrom('application_cases')
    .selectAll()
    .where('application_key', '=', input.applicationKey)
    .executeTakeFirst()
  const from = kase?.broker_status ?? 'new'
  if (from === to) return undefined
  if (!statusFollows(from, kase?.status_changed_by.startsWith(LENDER_ACTOR_PREFIX) ?? false, to)) {
    return undefined
  }
  const at = input.now.toISOString()
  const actor = `${LENDER_ACTOR_PREFIX}${input.lenderId}`
  await appendAudit(trx, {
    operatorId: null,
    action: 'status.changed',
    applicationKey: input.applicationKey,
    detail: {
      from,
      to,
      label: BROKER_STATUS_LABELS[to],
      actor: 'lender',
      lenderId: input.lenderId,
      decisionId: input.decisionId,
    },
    at: input.now,
  })
  await trx
    .insertInto('status_changes')
    .values({
      id: newId('st'),
      application_key: input.applicationKey,
      broker_status: to,
      operator_id: actor,
      created_at: at,
    })
    .execute()
  const row = { broker_status: to, status_changed_at: at, status_changed_by: actor }
  await trx
    .insertInto('application_cases')
    .values({ application_key: input.applicationKey, ...row })
    .onConflict((conflict) => conflict.column('application_key').doUpdateSet(row))
    .execute()
  return { from, to }
}
