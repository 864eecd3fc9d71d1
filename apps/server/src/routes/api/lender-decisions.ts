// POST /api/lender-decisions/{lenderId}: a lender tells us its decision about a submission we delivered
// to it. Server to server: no anti-forgery pair, but every request is signed with Standard Webhooks
// headers and the secret of that lender's destination (the scheme of our deliveries, decision 0704), and
// refused when unsigned, wrongly signed or more than five minutes from our clock. The same webhook-id
// again gets the first answer. Decision 1656; the body is in docs/lenders.md ("Lenders' decisions").

import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { followLenderDecisions } from '../../back-office/decision-status'
import type { DataKeyring } from '../../crypto/field-encryption'
import {
  storeDecision,
  findByWebhookId,
  type IncomingDecision,
} from '../../decisions/decision-repository'
import { destinationsFor, type Destinations } from '../../delivery/destinations'
import { verifySignature } from '../../delivery/signing'
import type { LenderDecision, LenderDecisionRow, Tables } from '../../db/tables'
import { decisionUpdateEmails } from '../../email/enqueue'
import { RELAYED_DECISIONS, type RelayedDecision } from '../../email/templates'
import { findApplication } from '../../repositories/application-repository'
import { requireJson } from './submission'
import { invalidBody, jsonSchemaOf } from './applicant-contract'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { checkLenderDecision, LENDER_REQUESTS } from '@forecourt/domain/contract/lender'

export interface LenderDecisionRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  destinations: () => Destinations
  clock?: () => Date
  /**
   * After a decision is stored as current, with the application it is about (opened): the funnel counts an
   * application's first offer and payout (decision 2112). Its failure never changes the lender's answer.
   */
  afterStored?: (
    application: {
      submissionKey: string
      brand: string
      submittedAt: string | null
      attribution: unknown
    },
    decision: { id: string; decision: LenderDecision },
  ) => Promise<void>
}

export const DECISION_MESSAGES = {
  unknownLender: 'Unknown lender',
  signature: 'Missing, invalid or stale signature',
  unknownSubmission: 'Unknown submission',
  invalid: 'Invalid decision',
  history:
    'A later decision from this lender is already stored: this one is kept as history and does not change the status',
} as const

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const

const storedBody = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    error: { type: 'string' },
  },
  required: ['id', 'status'],
} as const

/** The body a lender posts, as its JSON schema: what the OpenAPI document says the route takes. */
export const decisionBody = jsonSchemaOf(
  LENDER_REQUESTS['POST /api/lender-decisions/:lenderId'].body,
  'input',
)

const schema = {
  summary: "Record a lender's decision about a submission",
  description:
    "Signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) and the secret of the lender's destination. 202 stored; 200 the first answer again for a repeated webhook-id; 409 a decision dated before a later one from the same lender (kept as history); 401 signature; 404 unknown lender or submission; 400 invalid body.",
  params: {
    type: 'object',
    properties: { lenderId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' } },
    required: ['lenderId'],
  },
  // No `body` for Fastify to check: the body is read as it came (the signature covers its bytes) and
  // checked with the contract's schema once it verifies; the OpenAPI document describes it from that schema.
  response: {
    200: storedBody,
    202: storedBody,
    400: invalidBody,
    401: errorBody,
    404: errorBody,
    409: storedBody,
    413: errorBody,
    415: errorBody,
  },
} as const

function answerFrom(reply: FastifyReply, row: LenderDecisionRow, replayed: boolean): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true')
  return reply
    .code(replayed ? 200 : row.response_status)
    .type('application/json; charset=utf-8')
    .send(row.response_body)
}

export const lenderDecisionRoutes: FastifyPluginAsync<LenderDecisionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys } = options
  const clock = options.clock ?? (() => new Date())

  // The signature is over the exact bytes sent: this route reads its body as text, and parses it only
  // once the signature holds (this parser is scoped to this plugin).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })

  app.post<{ Params: { lenderId: string }; Body: string }>(
    '/api/lender-decisions/:lenderId',
    {
      schema,
      config: { antiForgery: 'signed', openApiBody: decisionBody },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const { lenderId } = request.params
      const now = clock()
      // Every brand whose destinations include this lender, with the secret it signs with there.
      const candidates = Object.entries(options.destinations()).flatMap(([brand]) =>
        destinationsFor(options.destinations(), brand)
          .filter((destination) => destination.id === lenderId)
          .map((destination) => ({ brand, secret: destination.secret })),
      )
      if (candidates.length === 0) {
        return reply.code(404).send({ error: DECISION_MESSAGES.unknownLender })
      }
      const raw = typeof request.body === 'string' ? request.body : ''
      const signedFor = candidates.filter(
        (candidate) => verifySignature(request.headers, raw, candidate.secret, { now }).ok,
      )
      if (signedFor.length === 0) {
        return reply.code(401).send({ error: DECISION_MESSAGES.signature })
      }
      const webhookId = String(request.headers['webhook-id'])
      const earlier = await findByWebhookId(db, lenderId, webhookId)
      if (earlier !== undefined) return answerFrom(reply, earlier, true)

      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return reply.code(400).send({
          error: DECISION_MESSAGES.invalid,
          errors: [{ field: '', message: 'must be JSON' }],
        })
      }
      const checked = checkLenderDecision(parsed)
      if (!checked.ok) {
        return reply.code(400).send({ error: DECISION_MESSAGES.invalid, errors: checked.errors })
      }
      const body = checked.value
      const application = await findApplication(db, body.submissionKey, dataKeys)
      // Only a submission of a brand this lender serves, under the secret of that brand's destination.
      if (
        application === undefined ||
        application.status !== 'submitted' ||
        !signedFor.some((candidate) => candidate.brand === application.brand)
      ) {
        return reply.code(404).send({ error: DECISION_MESSAGES.unknownSubmission })
      }
      const incoming: IncomingDecision = {
        webhookId,
        lenderId,
        brand: application.brand,
        submissionKey: body.submissionKey,
        decision: body.decision,
        lenderReference: body.lenderReference,
        decidedAt: body.decidedAt,
        offer: body.offer,
        message: body.message,
        receivedAt: now,
      }
      const outcome = await storeDecision(
        db,
        incoming,
        (id, current) =>
          current
            ? { status: 202, body: JSON.stringify({ id, status: 'stored' }) }
            : {
                status: 409,
                body: JSON.stringify({ id, status: 'history', error: DECISION_MESSAGES.history }),
              },
        (id) =>
          (RELAYED_DECISIONS as readonly string[]).includes(body.decision)
            ? decisionUpdateEmails({
                decisionId: id,
                submissionKey: body.submissionKey,
                brand: application.brand,
                reference: applicationReference(body.submissionKey),
                decision: body.decision as RelayedDecision,
                jointApplicant: application.payload.isJointApplication === true,
                now,
              })
            : [],
        // The broker's status follows the lenders' latest words (decision 1751).
        (trx, id) =>
          followLenderDecisions(trx, {
            applicationKey: body.submissionKey,
            lenderId,
            decisionId: id,
            now,
          }),
      )
      if (outcome.kind === 'stored' && outcome.row.current === 1 && options.afterStored) {
        await options
          .afterStored(
            {
              submissionKey: body.submissionKey,
              brand: application.brand,
              submittedAt: application.submittedAt,
              attribution: application.payload.Attribution,
            },
            { id: outcome.row.id, decision: body.decision },
          )
          .catch((error: unknown) => request.log.warn({ err: error }, 'after-decision step failed'))
      }
      return answerFrom(reply, outcome.row, outcome.kind === 'repeat')
    },
  )
}
