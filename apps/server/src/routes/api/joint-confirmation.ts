// The joint applicant's own confirmation (docs/requirements.md#the-joint-applicant-confirms-their-own-part;
// decision 1823):
//   POST /api/joint-confirmation/open     whether the link still works
//   POST /api/joint-confirmation/check    their date of birth; then what was said about them and the texts
//   POST /api/joint-confirmation/confirm  the date of birth again, corrections, their soft-search agreement
//                                         (required), marketing choices: recorded
//   POST /api/joint-confirmation/dispute  the date of birth again and what is not right: recorded for the
//                                         broker, confirming nothing (decision 2127)
//   POST /api/joint-confirmation/new-link a new link to the address the old one went to, while the joint
//                                         applicant has still to confirm (decision 1921; new-link.ts)
// The token travels in the body only.

import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import type { ConsentChannel } from '@forecourt/domain/brands/disclosures'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  MAX_CORRECTIONS_LENGTH,
  MAX_DISPUTE_LENGTH,
  datePartsToKey,
  jointApplicantDetails,
  jointLoanSummary,
} from '@forecourt/domain/save-return/save-return'
import {
  JOINT_CONFIRM_MESSAGES,
  SAVE_RETURN_MESSAGES,
} from '@forecourt/domain/save-return/messages'
import type { DataKeyring } from '../../crypto/field-encryption'
import type { ResumeLinkRow, Tables } from '../../db/tables'
import type { SealKey } from '../../email/sealed-params'
import { findApplication, type StoredApplication } from '../../repositories/application-repository'
import {
  fairProcessingText,
  issueJointConfirmLink,
  jointConfirmationStatus,
  jointMarketingTexts,
  jointSoftSearchText,
  recordJointConfirmation,
  recordJointDispute,
} from '../../save-return/joint-confirmation'
import { equalHex, findLink, isUsable, recordFailedCheck, useLink } from '../../save-return/links'
import { registerNewLinkRoute } from './new-link'
import { siteOrigin, storedDateOfBirth } from './save-and-return'
import { requireJson, siteBrand } from './submission'
import { applicantBody, applicantResponses } from './applicant-contract'

export interface JointConfirmationRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  /** Seals the link in its queued email (decision 1951). */
  sealKey: SealKey
  /** Told once a link's email is queued, so a sender in this process sends it at once. */
  onEmailQueued?: () => void
  /** Keys the hashes of addresses and client addresses (the back office's index key). */
  hashKey: Buffer
  clock?: () => Date
}

const expired = { error: SAVE_RETURN_MESSAGES.expiredHeading }

type DateParts = { day: string; month: string; year: string }

export const jointConfirmationRoutes: FastifyPluginAsync<JointConfirmationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys, sealKey, onEmailQueued, hashKey } = options
  const clock = options.clock ?? (() => new Date())

  type Checked =
    | {
        ok: true
        link: ResumeLinkRow
        application: StoredApplication
        joint: Record<string, unknown>
      }
    | { ok: false; sent: FastifyReply }

  /** The link, and the joint applicant's date of birth checked against the submitted application. */
  async function checked(
    request: { body: { token: string; dateOfBirth?: DateParts } },
    reply: FastifyReply,
    brand: string,
    now: Date,
  ): Promise<Checked> {
    const link = await findLink(db, request.body.token)
    if (
      link === undefined ||
      link.purpose !== 'joint-confirm' ||
      link.brand !== brand ||
      !isUsable(link, now)
    ) {
      return { ok: false, sent: reply.code(410).send(expired) }
    }
    const application = await findApplication(db, link.application_key, dataKeys)
    const joint = application?.payload.JointApplicant
    if (application?.status !== 'submitted' || typeof joint !== 'object' || joint === null) {
      return { ok: false, sent: reply.code(410).send(expired) }
    }
    const parts = request.body.dateOfBirth
    const given = parts === undefined ? undefined : datePartsToKey(parts)
    if (given === undefined) {
      const message = SAVE_RETURN_MESSAGES.dateOfBirthRequired
      return {
        ok: false,
        sent: reply.code(400).send({ error: message, errors: [{ field: 'dateOfBirth', message }] }),
      }
    }
    const stored = storedDateOfBirth(joint)
    const right =
      stored !== undefined &&
      equalHex(Buffer.from(given).toString('hex'), Buffer.from(stored).toString('hex'))
    if (!right) {
      const left = await recordFailedCheck(db, link, now)
      if (left === 0) return { ok: false, sent: reply.code(410).send(expired) }
      const message = SAVE_RETURN_MESSAGES.dateOfBirthWrong(left)
      return {
        ok: false,
        sent: reply.code(400).send({
          error: message,
          errors: [{ field: 'dateOfBirth', message }],
          attemptsLeft: left,
        }),
      }
    }
    return { ok: true, link, application, joint: joint as Record<string, unknown> }
  }

  app.post<{
    Body: ApplicantBody<'POST /api/joint-confirmation/open'>
    Reply: ApplicantReply<'POST /api/joint-confirmation/open'>
  }>(
    '/api/joint-confirmation/open',
    {
      schema: {
        summary: 'Whether a joint applicant’s link still works',
        body: applicantBody('POST /api/joint-confirmation/open'),
        response: applicantResponses('POST /api/joint-confirmation/open'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const link = await findLink(db, request.body.token)
      if (
        link === undefined ||
        link.purpose !== 'joint-confirm' ||
        link.brand !== siteBrand(request) ||
        !isUsable(link, clock())
      ) {
        return reply.code(410).send(expired)
      }
      return reply.code(200).send({ check: 'date-of-birth' })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/joint-confirmation/check'>
    Reply: ApplicantReply<'POST /api/joint-confirmation/check'>
  }>(
    '/api/joint-confirmation/check',
    {
      schema: {
        summary: 'The joint applicant’s part of the application, after their date of birth',
        body: applicantBody('POST /api/joint-confirmation/check'),
        response: applicantResponses('POST /api/joint-confirmation/check'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const brand = siteBrand(request)
      const result = await checked(request, reply, brand, clock())
      if (!result.ok) return result.sent
      const { application, joint } = result
      const brandId = application.brand as BrandId
      const notice = fairProcessingText(brandId)
      const applicantName = [application.payload.firstName, application.payload.lastName]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(' ')
      const softSearch = jointSoftSearchText(brandId)
      return reply.code(200).send({
        reference: applicationReference(application.applicationKey),
        applicantName,
        // What they are applying for, with the warning the applicant read (decision 2127).
        loan: jointLoanSummary(application.payload),
        details: jointApplicantDetails(joint),
        notice: { id: notice.id, version: notice.version, text: notice.text },
        softSearch:
          softSearch === undefined
            ? null
            : { id: softSearch.id, version: softSearch.version, text: softSearch.text },
        marketing: jointMarketingTexts(brandId).map(({ channel, text }) => ({
          channel,
          text: text.text,
        })),
      })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/joint-confirmation/confirm'>
    Reply: ApplicantReply<'POST /api/joint-confirmation/confirm'>
  }>(
    '/api/joint-confirmation/confirm',
    {
      schema: {
        summary:
          'The joint applicant confirms their part, with corrections, their soft-search agreement and marketing choices',
        body: applicantBody('POST /api/joint-confirmation/confirm'),
        response: applicantResponses('POST /api/joint-confirmation/confirm'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const now = clock()
      const corrections = (request.body.corrections ?? '').trim()
      if (corrections.length > MAX_CORRECTIONS_LENGTH) {
        const message = JOINT_CONFIRM_MESSAGES.correctionsTooLong
        return reply.code(400).send({ error: message, errors: [{ field: 'corrections', message }] })
      }
      const brand = siteBrand(request)
      const offered = new Set<string>(jointMarketingTexts(brand as BrandId).map((m) => m.channel))
      const marketing = request.body.marketing ?? {}
      const unknown = Object.keys(marketing).filter((channel) => !offered.has(channel))
      if (unknown.length > 0) {
        const message = 'names a channel this brand does not ask about'
        return reply.code(400).send({
          error: 'Invalid request',
          errors: unknown.map((channel) => ({ field: `marketing.${channel}`, message })),
        })
      }
      const result = await checked(request, reply, brand, now)
      if (!result.ok) return result.sent
      // Their own agreement to a soft search is needed to confirm (decision 2127); the link stays usable.
      const asksSoftSearch = jointSoftSearchText(result.application.brand as BrandId) !== undefined
      if (asksSoftSearch && request.body.softSearch !== true) {
        const message = JOINT_CONFIRM_MESSAGES.softSearchRequired
        return reply.code(400).send({ error: message, errors: [{ field: 'softSearch', message }] })
      }
      if (!(await useLink(db, result.link, now))) return reply.code(410).send(expired)
      await recordJointConfirmation(db, dataKeys, {
        applicationKey: result.application.applicationKey,
        brand: result.application.brand as BrandId,
        corrections,
        marketing: marketing as Partial<Record<ConsentChannel, boolean>>,
        now,
      })
      return reply.code(200).send({
        reference: applicationReference(result.application.applicationKey),
        confirmedAt: now.toISOString(),
      })
    },
  )

  app.post<{
    Body: ApplicantBody<'POST /api/joint-confirmation/dispute'>
    Reply: ApplicantReply<'POST /api/joint-confirmation/dispute'>
  }>(
    '/api/joint-confirmation/dispute',
    {
      schema: {
        summary: 'The joint applicant says the application is not right, instead of confirming',
        description:
          'Recorded for the broker (decision 2127). It confirms nothing, records no agreement and sends the lenders nothing; the link is used.',
        body: applicantBody('POST /api/joint-confirmation/dispute'),
        response: applicantResponses('POST /api/joint-confirmation/dispute'),
      },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const now = clock()
      const dispute = (request.body.dispute ?? '').trim()
      const refuse = (message: string) =>
        reply.code(400).send({ error: message, errors: [{ field: 'dispute', message }] })
      if (dispute === '') return refuse(JOINT_CONFIRM_MESSAGES.disputeRequired)
      if (dispute.length > MAX_DISPUTE_LENGTH) return refuse(JOINT_CONFIRM_MESSAGES.disputeTooLong)
      const result = await checked(request, reply, siteBrand(request), now)
      if (!result.ok) return result.sent
      if (!(await useLink(db, result.link, now))) return reply.code(410).send(expired)
      await recordJointDispute(db, dataKeys, {
        applicationKey: result.application.applicationKey,
        brand: result.application.brand as BrandId,
        dispute,
        now,
      })
      return reply.code(200).send({
        reference: applicationReference(result.application.applicationKey),
        disputedAt: now.toISOString(),
      })
    },
  )

  registerNewLinkRoute(app, {
    url: '/api/joint-confirmation/new-link',
    purpose: 'joint-confirm',
    summary: 'Ask for a new link to confirm the joint applicant’s part',
    description:
      'Sent to the address given when it is the one the old link went to and the joint applicant has still to confirm. The answer is the same either way.',
    db,
    hashKey,
    clock,
    renew: async (request, link, _email, now) => {
      const application = await findApplication(db, link.application_key, dataKeys)
      if (application?.status !== 'submitted') return
      const status = await jointConfirmationStatus(db, application.applicationKey, now)
      if (status === null || status.confirmedAt !== null) return
      // The email is queued with the link, not sent here: the answer must not depend on it (decision 1951).
      await issueJointConfirmLink({ db, sealKey, onEmailQueued, hashKey }, siteOrigin(request), {
        submissionKey: application.applicationKey,
        brand: application.brand,
        payload: application.payload,
        now,
      })
    },
  })
}
