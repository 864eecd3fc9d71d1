// The applicant contract's type-level test on the server's side, checked by `npm run typecheck` (so by
// `npm test`): each `@ts-expect-error` marks a handler the compiler must refuse because it answers, or reads,
// what the contract does not declare; a directive that stops being needed fails the check. Never run.

import Fastify from 'fastify'
import type { ApplicantAnswer, ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'

export function applicantContractMismatches(): unknown[] {
  const app = Fastify()

  // The shape the contract declares is accepted.
  app.post<{ Reply: ApplicantReply<'POST /api/application/:applicationKey'> }>(
    '/api/application/:applicationKey',
    async (_request, reply) => reply.code(202).send({ status: 'saved' }),
  )

  app.post<{ Reply: ApplicantReply<'POST /api/application/:applicationKey'> }>(
    '/api/application/:applicationKey',
    // @ts-expect-error a partial save is 'saved' on a 202: any other word is refused
    async (_request, reply) => reply.code(202).send({ status: 'stored' }),
  )

  app.post<{ Reply: ApplicantReply<'POST /api/application/:applicationKey'> }>(
    '/api/application/:applicationKey',
    async (_request, reply) =>
      // @ts-expect-error a 201 the contract does not declare for the partial save is refused
      reply.code(201).send({ status: 'saved' }),
  )

  // @ts-expect-error the applicant's page without its lenders is refused
  app.get<{ Reply: ApplicantReply<'GET /api/application-status'> }>(
    '/api/application-status',
    async () => ({ reference: 'FC-1', choice: null }),
  )

  app.post<{ Reply: ApplicantReply<'POST /api/joint-confirmation/check'> }>(
    '/api/joint-confirmation/check',
    async (_request, reply) =>
      // @ts-expect-error a refused check's tries left are a number, not text
      reply.code(400).send({ error: 'Wrong date of birth', attemptsLeft: 'two' }),
  )

  // A handler reads its body by the contract's field names and types (decision 2180).
  app.post<{ Body: ApplicantBody<'POST /api/joint-confirmation/dispute'> }>(
    '/api/joint-confirmation/dispute',
    async (request) => request.body.dispute?.trim(),
  )
  app.post<{ Body: ApplicantBody<'POST /api/joint-confirmation/dispute'> }>(
    '/api/joint-confirmation/dispute',
    // @ts-expect-error a field the contract does not declare is not read
    async (request) => request.body.reason,
  )
  app.post<{ Body: ApplicantBody<'POST /api/application-status/choice'> }>(
    '/api/application-status/choice',
    // @ts-expect-error asking to be called is a boolean, not text
    async (request) => request.body.call?.trim(),
  )

  // The submission sends a pre-serialised body: its answer is checked where it is built (satisfies).
  const received = {
    submissionKey: 'k',
    reference: 'FC-1',
    status: 'received',
  } satisfies ApplicantAnswer<'POST /api/submission/:submissionKey', 201>
  const withoutReference = {
    submissionKey: 'k',
    status: 'received',
    // @ts-expect-error a received submission names its reference
  } satisfies ApplicantAnswer<'POST /api/submission/:submissionKey', 201>
  return [received, withoutReference]
}
