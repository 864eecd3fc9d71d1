// The back-office contract's type-level test, checked by `npm run typecheck` (so by `npm test`): each
// `@ts-expect-error` marks a mismatch the compiler must refuse, and one it stops refusing (the contract or
// Fastify's typing loosened) fails the check as an unused directive. Never run, only compiled.

import Fastify from 'fastify'
import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  ListFilterSchema,
  NoteBodySchema,
  SignInBodySchema,
} from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'

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

/** The requests' side (decision 2173): a route reads its body only through the contract's schema. */
export function requestMismatches(body: unknown): unknown[] {
  const note = readFields(NoteBodySchema, body)
  const signIn = readFields(SignInBodySchema, body)
  const filter = readFields(ListFilterSchema, body)
  return [
    note.values.text,
    signIn.values.code,
    filter.values.limit,
    // @ts-expect-error a note's body is `{ text }`: a route reading `note` reads nothing the client sends
    note.values.note,
    // @ts-expect-error the sign-in's email is read as the contract names it, not `username`
    signIn.values.username,
    // @ts-expect-error a list's `limit` is read as a number: it cannot be used as text
    filter.values.limit?.padStart(3),
  ]
}
