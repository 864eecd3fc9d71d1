// The back-office contract's type-level test, checked by `npm run typecheck` (so by `npm test`): each
// `@ts-expect-error` marks a mismatch the compiler must refuse, and one it stops refusing (the contract or
// Fastify's typing loosened) fails the check as an unused directive. Never run, only compiled.

import Fastify from 'fastify'
import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'

export function contractMismatches(): void {
  const app = Fastify()

  // The shape the contract declares is accepted.
  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/pipeline'> }>(
    '/api/back-office/pipeline',
    async () => ({ today: '2026-11-29', stages: [], dueToday: 0, overdue: 0 }),
  )

  // @ts-expect-error a handler that leaves out a field the contract declares (overdue) is refused
  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/pipeline'> }>(
    '/api/back-office/pipeline',
    async () => ({ today: '2026-11-29', stages: [], dueToday: 0 }),
  )

  // @ts-expect-error a field of the wrong type (a number where the token is text) is refused
  app.get<{ Reply: BackOfficeReply<'GET /api/back-office/csrf'> }>(
    '/api/back-office/csrf',
    async () => ({ token: 42 }),
  )

  app.post<{ Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/notes'> }>(
    '/api/back-office/applications/:applicationKey/notes',
    async (_request, reply) =>
      // @ts-expect-error the note's answer is a 201: a 200 the contract does not declare is refused
      reply.code(200).send({ note: { id: 'n', text: 't', by: null, at: '2026-11-29' } }),
  )

  app.post<{ Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/notes'> }>(
    '/api/back-office/applications/:applicationKey/notes',
    async (_request, reply) =>
      // @ts-expect-error a refusal is `{ error }`: any other shape is refused
      reply.code(409).send({ message: 'Erased' }),
  )
}
