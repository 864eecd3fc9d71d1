// POST /api/submission/{submissionKey}: the full application (docs/requirements.md#submission, docs/requirements.md#calls). It is
// checked with the domain's schema (the browser runs the same rules), stored with its outbox rows in one
// transaction, and answered only after the commit. Idempotent on the key. A body it refuses is still kept,
// as needing the broker's attention, under the reference the applicant is given. Decision records in
// docs/decisions: 0602-submission-idempotency, 0603-group-commit, 0606-submission-answers,
// 1461-sqlite-writer-thread, 1504-refused-submissions-kept.

import { loanKindOf } from '@forecourt/domain/messages/what-happens-next'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { brandIdForHost } from '@forecourt/domain/brands/host'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import type { ApplicantAnswer } from '@forecourt/domain/contract/applicant'
import { KEY_PATTERN } from '@forecourt/domain/contract/applicant-requests'
import { validateSubmission } from '@forecourt/domain/steps/submission-schema'
import type { SearchIndexer } from '../../back-office/search-index'
import type { DataKeyring } from '../../crypto/field-encryption'
import type { Tables } from '../../db/tables'
import { submissionEmails } from '../../email/enqueue'
import { submissionEvidence, supportFlagFor } from '../../evidence/submission-evidence'
import { nextServerSequence } from '../../repositories/application-repository'
import { bodyHash } from '../../repositories/body-hash'
import { recordNeedsAttention } from '../../repositories/needs-attention-repository'
import { findSubmission, type StoredAnswer } from '../../repositories/submission-repository'
import { refuse, refuseUnlessBound, secretForWrite } from './application-secret'
import { applicantBody, applicantResponses } from './applicant-contract'
import { submissionRules } from './submission-rules'

export interface SubmissionRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  /** Tests give a fixed clock; ages are judged on London's date at this instant. */
  clock?: () => Date
  /** The back office's search index rows of a payload; none are written without it. */
  searchIndexer?: SearchIndexer
  /**
   * Runs once a submission is stored for the first time (not on a replay), after the commit: the joint
   * applicant's own link (decision 1823). Its failure is logged, never the submission's.
   */
  afterStored?: (
    request: FastifyRequest,
    stored: { submissionKey: string; brand: string; payload: Record<string, unknown>; now: Date },
  ) => Promise<void>
}

export const SUBMISSION_MESSAGES = {
  keyNotUuid: 'The submission key in the address must be a UUID',
  invalid: 'Invalid submission',
  keyMismatch: 'must equal the submission key in the address',
  conflict: 'This submission key was already used with a different application',
  contentType: 'Content-Type must be application/json',
  otherBrand: "is the affiliate key of another brand than this site's",
} as const

/**
 * What the server knows better than the client, stamped on the stored payload (decision 1572): the address
 * the request came from and when it was received. The address the page sent, if any, is kept as the
 * client's own.
 */
export function stampReceived<T extends { remoteAddress?: unknown }>(
  payload: T,
  request: Pick<FastifyRequest, 'ip'>,
  now: Date,
): T & { remoteAddress: string; clientRemoteAddress?: unknown; dateReceived: string } {
  const { remoteAddress: clientRemoteAddress, ...rest } = payload
  return {
    ...(rest as T),
    ...(clientRemoteAddress === undefined ? {} : { clientRemoteAddress }),
    remoteAddress: request.ip,
    dateReceived: now.toISOString(),
  }
}

/** The brand of the site a request arrived on (decision 1572); by the usual host rule without the hook. */
export function siteBrand(request: FastifyRequest): string {
  const { server } = request
  return server.hasDecorator('brandOfRequest')
    ? server.brandOfRequest(request)
    : brandIdForHost(request.host ?? '')
}

const BRAND_BY_AFFILIATE_KEY: ReadonlyMap<string, string> = new Map(
  Object.values(brands).map((brand) => [brand.affiliateKey, brand.id]),
)

export function brandForAffiliateKey(affiliateKey: unknown): string | undefined {
  return typeof affiliateKey === 'string' ? BRAND_BY_AFFILIATE_KEY.get(affiliateKey) : undefined
}

/** The route in the applicant contract (decision 2166): its answers are typed and described from it. */
const SUBMISSION_ROUTE = 'POST /api/submission/:submissionKey'
type SubmissionReply<C extends 201 | 400 | 409> = ApplicantAnswer<typeof SUBMISSION_ROUTE, C>

/** The status of a refused submission that was kept for the broker (decision 1504). */
export const NEEDS_ATTENTION = 'needs-attention'

/** The path parameters of a route under a key (`submissionKey`, `applicationKey`): a UUID, required. */
export const keyParams = <Name extends string>(name: Name) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', pattern: KEY_PATTERN } },
    required: [name],
  }) as const

const schema = {
  summary: 'Submit a completed application',
  description:
    'The full submission payload. Stored with its lender deliveries in one transaction and answered after the commit. The same key and body again → the first answer again (Idempotent-Replayed: true); the same key with another body → 409 with the reference and status "needs-attention": the other body is kept beside the first for the broker. Every write sends the x-application-secret header of the browser that started the application (403 without it or with another). A JSON object the schema refuses is kept as needing attention and answered 400 with the errors, the reference and status "needs-attention".',
  params: keyParams('submissionKey'),
  // Only the shape Fastify checks; the body is read once, by the domain's schema of the day, whose shape
  // the OpenAPI document describes (the route's `openApiBody`).
  body: { type: 'object' },
  response: applicantResponses(SUBMISSION_ROUTE),
}

/**
 * Fastify parses text/plain too; every write here takes JSON only. Checked before the body is read, so a
 * large body of the wrong type is refused without reading it.
 */
export async function requireJson(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/json') return undefined
  return reply.code(415).send({ error: SUBMISSION_MESSAGES.contentType })
}

/** The schema's own 400 (a key that is not a UUID, a body that is not an object) in the route's words. */
export function sendShapeError(
  reply: FastifyReply,
  error: { validationContext?: string },
  keyMessage: string,
  invalidMessage: string,
): FastifyReply {
  if (error.validationContext === 'params') return reply.code(400).send({ error: keyMessage })
  return reply
    .code(400)
    .send({ error: invalidMessage, errors: [{ field: '', message: 'must be an object' }] })
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(answer.body)
}

export const submissionRoutes: FastifyPluginAsync<SubmissionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys } = options
  const clock = options.clock ?? (() => new Date())
  // Chosen once at start-up for the engine in use (decision 1861): the writer thread on SQLite, the
  // in-process group commit on PostgreSQL.
  const store = app.writeStore

  app.post<{ Params: { submissionKey: string }; Body: unknown }>(
    '/api/submission/:submissionKey',
    {
      schema,
      config: { openApiBody: applicantBody(SUBMISSION_ROUTE) },
      attachValidation: true,
      onRequest: requireJson,
    },
    async (request, reply) => {
      if (request.validationError) {
        return sendShapeError(
          reply,
          request.validationError,
          SUBMISSION_MESSAGES.keyNotUuid,
          SUBMISSION_MESSAGES.invalid,
        )
      }
      const now = clock()
      const serverSequence = nextServerSequence(now.getTime())
      const submissionKey = request.params.submissionKey.toLowerCase()
      // A key no write has named yet is bound by the submission's own transaction (decision 1981).
      const secret = await secretForWrite(request, reply, submissionKey)
      if (secret.refused) return reply

      const result = validateSubmission(request.body, submissionRules(now))
      const errors = !result.ok
        ? result.errors
        : result.value.submissionKey.toLowerCase() !== submissionKey
          ? [{ field: 'submissionKey', message: SUBMISSION_MESSAGES.keyMismatch }]
          : // No page files an application into another brand's lenders.
            brandForAffiliateKey(result.value.affiliateKey) !== siteBrand(request)
            ? [{ field: 'affiliateKey', message: SUBMISSION_MESSAGES.otherBrand }]
            : undefined
      if (errors !== undefined || !result.ok) {
        // A refused body is kept outside the store: the key is bound first, as every first write binds it.
        if (
          secret.bind !== undefined &&
          (await refuseUnlessBound(request, reply, submissionKey, secret.bind, now))
        ) {
          return reply
        }
        // A body stored earlier is answered as before, even if today's rules would refuse it (an
        // applicant who turned 80 since); the lookup is only needed here, as storing finds repeats.
        const earlier = await findSubmission(db, submissionKey)
        if (earlier !== undefined) {
          await answerRepeat(reply, earlier, bodyHash(request.body), conflict(request, now))
          return reply
        }
        // Kept before answering, so the reference the applicant is given always names a record; a
        // database that cannot keep it answers 503, which the browser retries.
        const body = request.body as Record<string, unknown>
        const reference = applicationReference(submissionKey)
        await recordNeedsAttention(
          db,
          {
            submissionKey,
            reference,
            reason: 'refused',
            statusCode: 400,
            // The site it reached, never the brand its unchecked affiliate key claims (decision 2123).
            brand: siteBrand(request),
            body,
            errors: errors ?? [],
            now,
          },
          dataKeys,
        )
        return reply.code(400).send({
          error: SUBMISSION_MESSAGES.invalid,
          errors: errors ?? [],
          submissionKey,
          reference,
          status: NEEDS_ATTENTION,
        } satisfies SubmissionReply<400>)
      }
      const payload = stampReceived(result.value, request, now)
      // The schema accepted the affiliate key, so it names a brand: the site's.
      const brand = brandForAffiliateKey(payload.affiliateKey) ?? ''

      const reference = applicationReference(submissionKey)
      const recorded = { submissionKey, brand: brand as BrandId, payload, now }
      const answer: StoredAnswer = {
        status: 201,
        body: JSON.stringify({
          submissionKey,
          reference,
          status: 'received',
        } satisfies SubmissionReply<201>),
      }
      const outcome = await store.submit({
        submissionKey,
        body: request.body,
        brand,
        payload,
        answer,
        reference,
        now,
        serverSequence,
        index: options.searchIndexer?.(submissionKey, payload),
        // A confirmation to each applicant and the broker's alert, queued with the submission.
        emails: submissionEmails({
          submissionKey,
          brand,
          reference,
          jointApplicant: payload.isJointApplication === true,
          loanKind: loanKindOf(payload.loanPurposeType),
          now,
        }),
        // What it proves was agreed, and the vulnerability flag (decisions 1654, 1659).
        evidence: submissionEvidence(recorded),
        supportFlag: supportFlagFor(recorded),
        bindSecret: secret.bind,
      })
      if ('secretMismatch' in outcome) {
        refuse(reply, 'mismatch')
        return reply
      }
      if (!outcome.stored) {
        await answerRepeat(reply, outcome.existing, outcome.bodyHash, conflict(request, now))
        return reply
      }
      if (options.afterStored !== undefined) {
        options.afterStored(request, { submissionKey, brand, payload, now }).catch((error) => {
          request.log.warn({ err: error }, 'after-submission step failed')
        })
      }
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body)
    },
  )

  /**
   * Keeps a body sent under a key that already holds another application, beside the first, for the
   * broker (decision 1802): a duplicated tab whose copy was changed and sent is never lost. Kept before
   * answering, so the reference the applicant is given names it.
   */
  function conflict(request: FastifyRequest<{ Params: { submissionKey: string } }>, now: Date) {
    return async (): Promise<{ submissionKey: string; reference: string }> => {
      const submissionKey = request.params.submissionKey.toLowerCase()
      const body = request.body as Record<string, unknown>
      const reference = applicationReference(submissionKey)
      await recordNeedsAttention(
        db,
        {
          submissionKey,
          reference,
          reason: 'conflict',
          statusCode: 409,
          brand: siteBrand(request),
          body,
          errors: [],
          now,
        },
        dataKeys,
      )
      return { submissionKey, reference }
    }
  }
}

/**
 * Answers a body sent again under a used key: the first answer again when it is the same body, else 409
 * once the other body is kept. Sends the reply and resolves to nothing: a reply is a thenable, which an
 * async function's promise would wait on rather than hand back.
 */
async function answerRepeat(
  reply: FastifyReply,
  earlier: { body_hash: string; response_status: number; response_body: string },
  hash: string,
  keepConflict: () => Promise<{ submissionKey: string; reference: string }>,
): Promise<void> {
  if (earlier.body_hash !== hash) {
    const kept = await keepConflict()
    void reply.code(409).send({
      error: SUBMISSION_MESSAGES.conflict,
      ...kept,
      status: NEEDS_ATTENTION,
    } satisfies SubmissionReply<409>)
    return
  }
  void replay(reply, { status: earlier.response_status, body: earlier.response_body })
}
