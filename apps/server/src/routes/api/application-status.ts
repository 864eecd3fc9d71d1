// The applicant's own page of their application (decision 2113):
//   POST /api/application-status/open      which check a status link asks for (or that it no longer works)
//   POST /api/application-status/check     the date of birth; when right, a session for this application
//   GET  /api/application-status           each lender's answer and offer, and the choice made (the session)
//   POST /api/application-status/choice    { decisionId } to go ahead with that offer, or { call: true }
//   POST /api/application-status/new-link  a new link to the address the application gave (new-link.ts)
// The link is a save-and-return link of its own purpose; once the date of birth is right it is used up and a
// session cookie (HttpOnly, SameSite=Strict, host-only) opens the page on this device until the offers lapse.

import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { datePartsToKey } from '@forecourt/domain/save-return/save-return'
import { SAVE_RETURN_MESSAGES } from '@forecourt/domain/save-return/messages'
import type { DataKeyring } from '../../crypto/field-encryption'
import type { Tables } from '../../db/tables'
import type { SealKey } from '../../email/sealed-params'
import { applicantView } from '../../offers/applicant-view'
import { ChoiceRefused, recordChoice, type Choice } from '../../offers/offer-choice'
import { issueStatusLink } from '../../offers/status-link'
import { findApplication } from '../../repositories/application-repository'
import { equalHex, findLink, isUsable, recordFailedCheck, useLink } from '../../save-return/links'
import { registerNewLinkRoute } from './new-link'
import { siteOrigin, storedDateOfBirth } from './save-and-return'
import { requireJson, siteBrand } from './submission'
import { applicantBody, applicantResponses } from './applicant-contract'

export interface ApplicationStatusRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  hashKey: Buffer
  sealKey: SealKey
  onEmailQueued?: () => void
  clock?: () => Date
}

export const STATUS_MESSAGES = {
  signedOut: 'Open the link in your email to see your application.',
  invalid: 'Choose an offer, or ask us to call you.',
} as const

const COOKIE = 'forecourt-status'
const SECURE_COOKIE = '__Host-forecourt-status'
const DAY_MS = 24 * 60 * 60 * 1000
/** A session lasts at least this long, and longer while an offer is still open. */
const SESSION_DAYS = 30

const expired = { error: SAVE_RETURN_MESSAGES.expiredHeading }

const cookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? SECURE_COOKIE : COOKIE
const hashSession = (token: string) =>
  createHash('sha256').update(`forecourt/status-session/${token}`).digest('hex')

export const applicationStatusRoutes: FastifyPluginAsync<ApplicationStatusRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys } = options
  const clock = options.clock ?? (() => new Date())

  /** The application this request's session opens on this site, or undefined. */
  async function sessionOf(
    request: FastifyRequest,
  ): Promise<{ applicationKey: string; brand: string } | undefined> {
    const token = request.cookies[cookieName(request)]
    if (token === undefined || token === '') return undefined
    const row = await db
      .selectFrom('status_sessions')
      .select(['application_key', 'brand', 'expires_at'])
      .where('token_hash', '=', hashSession(token))
      .executeTakeFirst()
    if (
      row === undefined ||
      row.expires_at <= clock().toISOString() ||
      row.brand !== siteBrand(request)
    ) {
      return undefined
    }
    return { applicationKey: row.application_key, brand: row.brand }
  }

  async function openSession(
    reply: FastifyReply,
    request: FastifyRequest,
    applicationKey: string,
    brand: string,
  ) {
    const now = clock()
    const view = await applicantView(db, applicationKey, now)
    const lastExpiry = Math.max(
      now.getTime() + SESSION_DAYS * DAY_MS,
      ...view.lenders.map((lender) => Date.parse(lender.offer?.expiresAt ?? '') || 0),
    )
    const token = randomBytes(32).toString('base64url')
    await db
      .insertInto('status_sessions')
      .values({
        id: `sts_${randomBytes(16).toString('hex')}`,
        token_hash: hashSession(token),
        application_key: applicationKey,
        brand,
        created_at: now.toISOString(),
        expires_at: new Date(lastExpiry).toISOString(),
      })
      .execute()
    reply.setCookie(cookieName(request), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      expires: new Date(lastExpiry),
    })
    return view
  }

  const usableLink = async (request: FastifyRequest, token: string) => {
    const link = await findLink(db, token)
    if (
      link === undefined ||
      link.purpose !== 'status' ||
      link.brand !== siteBrand(request) ||
      !isUsable(link, clock())
    ) {
      return undefined
    }
    return link
  }

  app.post<{
    Body: ApplicantBody<'POST /api/application-status/open'>
    Reply: ApplicantReply<'POST /api/application-status/open'>
  }>(
    '/api/application-status/open',
    {
      schema: {
        summary: 'What a link to the applicant’s own page asks before anything is shown',
        body: applicantBody('POST /api/application-status/open'),
        response: applicantResponses('POST /api/application-status/open'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const link = await usableLink(request, request.body.token)
      return link === undefined
        ? reply.code(410).send(expired)
        : reply.code(200).send({ check: 'date-of-birth' })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/application-status/check'>
    Reply: ApplicantReply<'POST /api/application-status/check'>
  }>(
    '/api/application-status/check',
    {
      schema: {
        summary: 'Check the date of birth; answer the applicant’s page and open it on this device',
        body: applicantBody('POST /api/application-status/check'),
        response: applicantResponses('POST /api/application-status/check'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const now = clock()
      const link = await usableLink(request, request.body.token)
      if (link === undefined) return reply.code(410).send(expired)
      const application = await findApplication(db, link.application_key, dataKeys)
      if (application === undefined || application.status !== 'submitted') {
        return reply.code(410).send(expired)
      }
      const parts = request.body.dateOfBirth
      const given = parts === undefined ? undefined : datePartsToKey(parts)
      if (given === undefined) {
        const message = SAVE_RETURN_MESSAGES.dateOfBirthRequired
        return reply.code(400).send({ error: message, errors: [{ field: 'dateOfBirth', message }] })
      }
      const stored = storedDateOfBirth(application.payload)
      const right =
        stored !== undefined &&
        equalHex(Buffer.from(given).toString('hex'), Buffer.from(stored).toString('hex'))
      if (!right) {
        const left = await recordFailedCheck(db, link, now)
        if (left === 0) return reply.code(410).send(expired)
        const message = SAVE_RETURN_MESSAGES.dateOfBirthWrong(left)
        return reply
          .code(400)
          .send({ error: message, errors: [{ field: 'dateOfBirth', message }], attemptsLeft: left })
      }
      if (!(await useLink(db, link, now))) return reply.code(410).send(expired)
      const view = await openSession(reply, request, link.application_key, link.brand)
      return reply.code(200).send(view)
    },
  )

  app.get<{ Reply: ApplicantReply<'GET /api/application-status'> }>(
    '/api/application-status',
    {
      schema: {
        summary: 'The applicant’s own page: each lender’s answer and offer',
        response: applicantResponses('GET /api/application-status'),
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request)
      if (session === undefined) return reply.code(401).send({ error: STATUS_MESSAGES.signedOut })
      return reply.code(200).send(await applicantView(db, session.applicationKey, clock()))
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/application-status/choice'>
    Reply: ApplicantReply<'POST /api/application-status/choice'>
  }>(
    '/api/application-status/choice',
    {
      schema: {
        summary: 'Go ahead with one lender’s offer, or ask to be called first',
        body: applicantBody('POST /api/application-status/choice'),
        response: applicantResponses('POST /api/application-status/choice'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const session = await sessionOf(request)
      if (session === undefined) return reply.code(401).send({ error: STATUS_MESSAGES.signedOut })
      const { decisionId, call } = request.body
      let choice: Choice
      if (call === true && decisionId === undefined) choice = { kind: 'call' }
      else if (typeof decisionId === 'string' && call !== true)
        choice = { kind: 'offer', decisionId }
      else return reply.code(400).send({ error: STATUS_MESSAGES.invalid })
      try {
        const view = await recordChoice(db, { ...session, choice, now: clock() })
        return reply.code(200).send(view)
      } catch (error) {
        if (!(error instanceof ChoiceRefused)) throw error
        return reply.code(error.why === 'unknown-offer' ? 404 : 409).send({ error: error.message })
      }
    },
  )

  registerNewLinkRoute(app, {
    url: '/api/application-status/new-link',
    purpose: 'status',
    summary: 'Ask for a new link to the applicant’s own page',
    description:
      'Sent to the address given when it is the one the application gave. The answer is the same either way.',
    db,
    hashKey: options.hashKey,
    clock,
    renew: async (request, link, _email, now) => {
      const application = await findApplication(db, link.application_key, dataKeys)
      if (application?.status !== 'submitted') return
      await issueStatusLink(
        {
          db,
          sealKey: options.sealKey,
          hashKey: options.hashKey,
          onEmailQueued: options.onEmailQueued,
        },
        siteOrigin(request),
        {
          submissionKey: link.application_key,
          brand: link.brand,
          payload: application.payload,
          now,
        },
      )
    },
  })
}
