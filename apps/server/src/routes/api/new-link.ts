// A new link in place of a used, expired or void one, for "continue your application" and for the joint
// applicant's confirmation alike (decisions 1821, 1921). One route shape for both, so they cannot drift
// apart: the same validation, the same limits per address and per client (counted together in
// `link_requests`), and the same 202 answer whatever happens, so the answer never tells whether the
// address, the link or the application was the right one. Only what a link's purpose needs before a new
// one is sent is left to the caller.

import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { validateEmail } from '@forecourt/domain/fields/email'
import { LINK_REQUESTS_PER_HOUR } from '@forecourt/domain/save-return/save-return'
import { SAVE_RETURN_MESSAGES } from '@forecourt/domain/save-return/messages'
import type { LinkPurpose, ResumeLinkRow, Tables } from '../../db/tables'
import {
  emailSubject,
  equalHex,
  findLink,
  keyedHash,
  overRequestLimit,
} from '../../save-return/links'
import { requireJson, siteBrand } from './submission'
import { applicantBody, applicantResponses } from './applicant-contract'

/**
 * Counts a request for a link against the address and the client, and answers whether either has asked
 * too often in the last hour (5 per address, 20 per client: decision 1821).
 */
export function linkRequestLimited(
  db: Kysely<Tables>,
  hashKey: Buffer,
  request: FastifyRequest,
  email: string,
  now: Date,
): Promise<boolean> {
  return overRequestLimit(
    db,
    [
      {
        hash: keyedHash(hashKey, 'email', emailSubject(email)),
        perHour: LINK_REQUESTS_PER_HOUR.perAddress,
      },
      {
        hash: keyedHash(hashKey, 'client', request.ip),
        perHour: LINK_REQUESTS_PER_HOUR.perClient,
      },
    ],
    now,
  )
}

export interface NewLinkRoute {
  url:
    | '/api/continue/new-link'
    | '/api/application-status/new-link'
    | '/api/joint-confirmation/new-link'
  purpose: LinkPurpose
  summary: string
  description: string
  db: Kysely<Tables>
  hashKey: Buffer
  clock: () => Date
  /**
   * Called only for a link of this purpose and of this site's brand whose address is the one given. Sends
   * a new link when the application still wants one, and otherwise does nothing: the answer is the same.
   */
  renew: (request: FastifyRequest, link: ResumeLinkRow, email: string, now: Date) => Promise<void>
}

export function registerNewLinkRoute(app: FastifyInstance, route: NewLinkRoute): void {
  const { db, hashKey, clock } = route
  app.post<{
    Body: ApplicantBody<'POST /api/continue/new-link'>
    Reply: ApplicantReply<'POST /api/continue/new-link'>
  }>(
    route.url,
    {
      schema: {
        summary: route.summary,
        description: route.description,
        body: applicantBody(`POST ${route.url}`),
        response: applicantResponses(`POST ${route.url}`),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const now = clock()
      const email = request.body.email.trim()
      const emailError = validateEmail(email)
      if (emailError !== null) {
        return reply.code(400).send({
          error: 'Invalid request',
          errors: [{ field: 'email', message: emailError.text }],
        })
      }
      if (await linkRequestLimited(db, hashKey, request, email, now)) {
        return reply.code(429).send({ error: SAVE_RETURN_MESSAGES.tooManyRequests })
      }
      const link = await findLink(db, request.body.token)
      if (
        link !== undefined &&
        link.purpose === route.purpose &&
        link.brand === siteBrand(request) &&
        link.email_hash !== null &&
        equalHex(link.email_hash, keyedHash(hashKey, 'email', emailSubject(email)))
      ) {
        await route.renew(request, link, email, now)
      }
      return reply.code(202).send({ message: SAVE_RETURN_MESSAGES.requestAnswer })
    },
  )
}
