// Save and come back later (docs/requirements.md#save-and-come-back-later; decisions 1821, 1822):
//   POST /api/save-and-return/{applicationKey}  the page's answers saved, and a link emailed
//   POST /api/continue/open                     which check a link asks for (or that it no longer works)
//   POST /api/continue/check                    the date of birth or the code; the answers when right
//   POST /api/continue/new-link                 a new link to the address the old one went to (new-link.ts)
// A token travels in the body, never in an address the server logs.
// It stays whole: the routes of one link share its token checks, the answers' sealing and the link sender,
// and the new-link route is already apart.

import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { isBrandId } from '@forecourt/domain/brands/brand-data'
import { validateEmail } from '@forecourt/domain/fields/email'
import {
  datePartsToKey,
  isReturnScreen,
  maskEmail,
} from '@forecourt/domain/save-return/save-return'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { SAVE_RETURN_MESSAGES } from '@forecourt/domain/save-return/messages'
import { restoreState } from '@forecourt/domain/state/restore-state'
import type { SearchIndexer } from '../../back-office/search-index'
import { openPayload, sealPayload, type DataKeyring } from '../../crypto/field-encryption'
import type { Tables } from '../../db/tables'
import { enqueueEmails } from '../../email/outbox'
import type { SealKey } from '../../email/sealed-params'
import { findApplication, nextServerSequence } from '../../repositories/application-repository'
import { linkEmailRow } from '../../save-return/link-email'
import {
  emailSubject,
  equalHex,
  findLink,
  hashCode,
  isUsable,
  issueLink,
  keyedHash,
  recordFailedCheck,
  useLink,
} from '../../save-return/links'
import { checkPartialPayload } from './application'
import { refuseWithoutSecret } from './application-secret'
import { applicantBody, applicantResponses } from './applicant-contract'
import { linkRequestLimited, registerNewLinkRoute } from './new-link'
import { keyParams, requireJson, siteBrand, stampReceived } from './submission'

export interface SaveAndReturnRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  /** Keys the hashes of addresses and client addresses (the back office's index key). */
  hashKey: Buffer
  /** Seals the link's token and address in its outbox row (decision 1951). */
  sealKey: SealKey
  /** Told when a link's email was queued, so a sender in this process sends it at once. */
  onEmailQueued?: () => void
  searchIndexer?: SearchIndexer
  /** Tests: their own clock. */
  clock?: () => Date
}

const INVALID = 'Invalid request'
/** The state the browser keeps is a few kilobytes; anything near the body limit is not one. */
const MAX_STATE_CHARACTERS = 48 * 1024

export function savedAnswersAad(applicationKey: string): string {
  return `forecourt/saved-answers/${applicationKey}`
}

const expired = { error: SAVE_RETURN_MESSAGES.expiredHeading }

/**
 * A link of an application that has since been sent: the person is told it is with the broker (and its
 * reference, to quote), not that the link expired and a new one could be sent, which it never would.
 */
async function submittedAnswer(
  db: Kysely<Tables>,
  applicationKey: string,
): Promise<{ error: string; status: 'submitted'; reference: string } | undefined> {
  const row = await db
    .selectFrom('applications')
    .select('status')
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row?.status !== 'submitted') return undefined
  return {
    error: SAVE_RETURN_MESSAGES.submittedHeading,
    status: 'submitted',
    reference: applicationReference(applicationKey),
  }
}

/**
 * The body of a save for later, as it is read: field by field, so a refusal names every field at fault
 * (the contract's schema describes it; the route does not parse it whole).
 */
type SaveAndReturnFields = Partial<
  Record<keyof ApplicantBody<'POST /api/save-and-return/:applicationKey'>, unknown>
>

function stringField<B extends object>(body: B, name: keyof B & string): string | undefined {
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

function personName(person: unknown): string | undefined {
  if (typeof person !== 'object' || person === null) return undefined
  const { firstName, lastName } = person as Record<string, unknown>
  const name = [firstName, lastName].filter((part) => typeof part === 'string' && part !== '')
  return name.length === 0 ? undefined : name.join(' ')
}

export function storedDateOfBirth(person: unknown): string | undefined {
  if (typeof person !== 'object' || person === null) return undefined
  const value = (person as Record<string, unknown>).dateOfBirth
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
    ? value.slice(0, 10)
    : undefined
}

/** The page's own origin: the link opens on the brand's site the applicant was on. */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export const saveAndReturnRoutes: FastifyPluginAsync<SaveAndReturnRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys, hashKey, sealKey } = options
  const clock = options.clock ?? (() => new Date())

  /**
   * Issues a link for the application and queues its email in the same transaction (decision 1951): the
   * answer neither waits for the send nor depends on it, and the email is retried until it goes.
   */
  async function sendResumeLink(
    request: FastifyRequest,
    args: {
      applicationKey: string
      brand: string
      email: string
      screen: string
      payload: Record<string, unknown>
    },
    now: Date,
  ) {
    const issued = await db.transaction().execute(async (trx) => {
      const link = await issueLink(trx, {
        purpose: 'resume',
        applicationKey: args.applicationKey,
        brand: args.brand,
        hasDateOfBirth: storedDateOfBirth(args.payload) !== undefined,
        emailHash: keyedHash(hashKey, 'email', emailSubject(args.email)),
        screen: args.screen,
        now,
      })
      if (isBrandId(args.brand)) {
        await enqueueEmails(trx, [
          linkEmailRow({
            template: 'continue-link',
            link,
            brand: args.brand,
            origin: siteOrigin(request),
            to: { name: personName(args.payload) ?? '', address: args.email },
            key: sealKey,
            now,
          }),
        ])
      }
      return link
    })
    options.onEmailQueued?.()
    return issued
  }

  app.post<{
    Params: { applicationKey: string }
    Body: unknown
    Reply: ApplicantReply<'POST /api/save-and-return/:applicationKey'>
  }>(
    '/api/save-and-return/:applicationKey',
    {
      schema: {
        summary: 'Save the answers and email a link to continue',
        description:
          'The page state, the partial payload, the screen left and an email address. The partial payload is saved as the background save does; the state is kept (sealed) for the link; the link is emailed. The answer is the same whoever the address belongs to.',
        params: keyParams('applicationKey'),
        body: { type: 'object' },
        response: applicantResponses('POST /api/save-and-return/:applicationKey'),
      },
      config: { openApiBody: applicantBody('POST /api/save-and-return/:applicationKey') },
      attachValidation: true,
      onRequest: requireJson,
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({ error: INVALID })
      }
      const now = clock()
      const serverSequence = nextServerSequence(now.getTime())
      const applicationKey = request.params.applicationKey.toLowerCase()
      // The same rule as every write under a key (decision 1801): only the browser that started the
      // application may save it and be sent its link (decision 2114).
      if (await refuseWithoutSecret(request, reply, applicationKey, now)) return reply
      const body = request.body as SaveAndReturnFields
      const errors: { field: string; message: string }[] = []

      const email = (stringField(body, 'email') ?? '').trim()
      const emailError = validateEmail(email)
      if (emailError !== null) errors.push({ field: 'email', message: emailError.text })
      const screen = stringField(body, 'screen') ?? ''
      if (!isReturnScreen(screen)) {
        errors.push({ field: 'screen', message: 'is not a screen of the journey' })
      }
      const state = body.state
      const restored =
        typeof state === 'object' && state !== null ? restoreState(JSON.stringify(state)) : null
      if (
        restored === null ||
        restored.GUID.toLowerCase() !== applicationKey ||
        JSON.stringify(state).length > MAX_STATE_CHARACTERS
      ) {
        errors.push({ field: 'state', message: 'is not this application’s saved state' })
      }
      const check = checkPartialPayload(body.payload, applicationKey)
      if (!check.ok) {
        errors.push(
          ...check.errors.map((error) => ({
            field: error.field === '' ? 'payload' : `payload.${error.field}`,
            message: error.message,
          })),
        )
      } else if (check.brand !== siteBrand(request)) {
        errors.push({ field: 'payload.affiliateKey', message: 'is not this site’s brand' })
      }
      if (errors.length > 0 || !check.ok || restored === null) {
        return reply.code(400).send({ error: INVALID, errors })
      }

      if (await linkRequestLimited(db, hashKey, request, email, now)) {
        return reply.code(429).send({ error: SAVE_RETURN_MESSAGES.tooManyRequests })
      }

      const save = {
        applicationKey,
        brand: check.brand,
        payload: stampReceived(check.payload, request, now),
        now,
        serverSequence,
        index: options.searchIndexer?.(applicationKey, check.payload),
      }
      const outcome = await app.writeStore.savePartial(save)
      if (outcome === 'already-submitted') {
        return reply.code(409).send({ error: SAVE_RETURN_MESSAGES.alreadySubmitted })
      }
      const sealed = JSON.stringify(
        sealPayload({ state: restored }, dataKeys, savedAnswersAad(applicationKey)),
      )
      await db
        .insertInto('saved_answers')
        .values({
          application_key: applicationKey,
          brand: check.brand,
          state: sealed,
          updated_at: now.toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('application_key').doUpdateSet({
            brand: check.brand,
            state: sealed,
            updated_at: now.toISOString(),
          }),
        )
        .execute()
      const issued = await sendResumeLink(
        request,
        { applicationKey, brand: check.brand, email, screen, payload: check.payload },
        now,
      )
      return reply.code(202).send({ maskedEmail: maskEmail(email), expiresAt: issued.expiresAt })
    },
  )

  app.post<{
    Params: { applicationKey: string }
    Body: ApplicantBody<'POST /api/saved-answers/:applicationKey'>
    Reply: ApplicantReply<'POST /api/saved-answers/:applicationKey'>
  }>(
    '/api/saved-answers/:applicationKey',
    {
      schema: {
        summary: 'Keep the saved answers up to date',
        description:
          'After a link was sent, the page sends its state as the applicant goes on, so the link restores the latest answers. Only answers already saved for a link are replaced, and never those of a submitted application.',
        params: keyParams('applicationKey'),
        body: applicantBody('POST /api/saved-answers/:applicationKey'),
        response: applicantResponses('POST /api/saved-answers/:applicationKey'),
      },
      attachValidation: true,
      onRequest: requireJson,
    },
    async (request, reply) => {
      if (request.validationError) return reply.code(400).send({ error: INVALID })
      const now = clock()
      const applicationKey = request.params.applicationKey.toLowerCase()
      if (await refuseWithoutSecret(request, reply, applicationKey, now)) return reply
      const state = request.body.state
      const restored = restoreState(JSON.stringify(state))
      if (
        restored === null ||
        restored.GUID.toLowerCase() !== applicationKey ||
        JSON.stringify(state).length > MAX_STATE_CHARACTERS
      ) {
        return reply.code(400).send({
          error: INVALID,
          errors: [{ field: 'state', message: 'is not this application’s saved state' }],
        })
      }
      const application = await db
        .selectFrom('applications')
        .select('status')
        .where('application_key', '=', applicationKey)
        .executeTakeFirst()
      const result =
        application?.status !== 'partial'
          ? undefined
          : await db
              .updateTable('saved_answers')
              .set({
                state: JSON.stringify(
                  sealPayload({ state: restored }, dataKeys, savedAnswersAad(applicationKey)),
                ),
                updated_at: now.toISOString(),
              })
              .where('application_key', '=', applicationKey)
              .where('brand', '=', siteBrand(request))
              .executeTakeFirst()
      const saved = result !== undefined && result.numUpdatedRows > 0n
      return reply.code(202).send({ status: saved ? 'saved' : 'not-saved-for-later' })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/continue/open'>
    Reply: ApplicantReply<'POST /api/continue/open'>
  }>(
    '/api/continue/open',
    {
      schema: {
        summary: 'What a link to continue asks before anything is shown',
        body: applicantBody('POST /api/continue/open'),
        response: applicantResponses('POST /api/continue/open'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const link = await findLink(db, request.body.token)
      if (link === undefined || link.purpose !== 'resume' || link.brand !== siteBrand(request)) {
        return reply.code(410).send(expired)
      }
      // Sent since: said so, whether the link is still usable or not.
      const sent = await submittedAnswer(db, link.application_key)
      if (sent !== undefined) return reply.code(409).send(sent)
      if (!isUsable(link, clock())) return reply.code(410).send(expired)
      return reply.code(200).send({ check: link.check_kind })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/continue/check'>
    Reply: ApplicantReply<'POST /api/continue/check'>
  }>(
    '/api/continue/check',
    {
      schema: {
        summary: 'Check the date of birth (or the code) and answer the saved answers',
        body: applicantBody('POST /api/continue/check'),
        response: applicantResponses('POST /api/continue/check'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const now = clock()
      const { token } = request.body
      const link = await findLink(db, token)
      if (
        link === undefined ||
        link.purpose !== 'resume' ||
        link.brand !== siteBrand(request) ||
        !isUsable(link, now)
      ) {
        return reply.code(410).send(expired)
      }
      const application = await findApplication(db, link.application_key, dataKeys)
      if (application?.status === 'submitted') {
        // Read again: gone meanwhile (erased), it is answered as an expired link below, not an empty 409.
        const sent = await submittedAnswer(db, link.application_key)
        if (sent !== undefined) return reply.code(409).send(sent)
      }
      if (application === undefined || application.status !== 'partial') {
        return reply.code(410).send(expired)
      }

      let right: boolean
      const field = link.check_kind === 'code' ? 'code' : 'dateOfBirth'
      if (link.check_kind === 'code') {
        const code = (stringField(request.body, 'code') ?? '').trim()
        if (code === '') return refuse(SAVE_RETURN_MESSAGES.codeRequired)
        if (!/^\d{6}$/.test(code)) return refuse(SAVE_RETURN_MESSAGES.codeFormat)
        right = link.code_hash !== null && equalHex(hashCode(token, code), link.code_hash)
      } else {
        const parts = request.body.dateOfBirth
        const given = parts === undefined ? undefined : datePartsToKey(parts)
        if (given === undefined) return refuse(SAVE_RETURN_MESSAGES.dateOfBirthRequired)
        const stored = storedDateOfBirth(application.payload)
        right =
          stored !== undefined &&
          equalHex(Buffer.from(given).toString('hex'), Buffer.from(stored).toString('hex'))
      }

      if (!right) {
        const left = await recordFailedCheck(db, link, now)
        if (left === 0) return reply.code(410).send(expired)
        const message =
          link.check_kind === 'code'
            ? SAVE_RETURN_MESSAGES.codeWrong(left)
            : SAVE_RETURN_MESSAGES.dateOfBirthWrong(left)
        return reply
          .code(400)
          .send({ error: message, errors: [{ field, message }], attemptsLeft: left })
      }

      const saved = await db
        .selectFrom('saved_answers')
        .select('state')
        .where('application_key', '=', link.application_key)
        .executeTakeFirst()
      if (saved === undefined || !(await useLink(db, link, now))) {
        return reply.code(410).send(expired)
      }
      const opened = openPayload(
        JSON.parse(saved.state) as Record<string, unknown>,
        dataKeys,
        savedAnswersAad(link.application_key),
      )
      return reply.code(200).send({
        applicationKey: link.application_key,
        screen: link.screen ?? '/',
        state: opened.state as Record<string, unknown>,
      })

      function refuse(message: string) {
        return reply.code(400).send({ error: message, errors: [{ field, message }] })
      }
    },
  )

  registerNewLinkRoute(app, {
    url: '/api/continue/new-link',
    purpose: 'resume',
    summary: 'Ask for a new link to continue',
    description:
      'Sent to the address given when it is the one the old link went to and the answers are still kept. The answer is the same either way.',
    db,
    hashKey,
    clock,
    renew: async (request, link, email, now) => {
      const application = await findApplication(db, link.application_key, dataKeys)
      const saved = await db
        .selectFrom('saved_answers')
        .select('application_key')
        .where('application_key', '=', link.application_key)
        .executeTakeFirst()
      if (application?.status !== 'partial' || saved === undefined) return
      await sendResumeLink(
        request,
        {
          applicationKey: link.application_key,
          brand: link.brand,
          email,
          screen: link.screen ?? '/',
          payload: application.payload,
        },
        now,
      )
    },
  })
}

/**
 * The pages a link opens (`/continue/{token}`, `/joint-confirm/{token}`) send no Referer anywhere, so the
 * token never leaves in one (decision 1821).
 */
export function registerLinkPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url
    if (
      path.startsWith('/continue/') ||
      path.startsWith('/joint-confirm/') ||
      path.startsWith('/application-status/')
    ) {
      reply.header('referrer-policy', 'no-referrer')
    }
    return payload
  })
}
