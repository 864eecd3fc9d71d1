// POST /api/application/{applicationKey}: the partial application the browser saves in the background
// once names, email and phone are present (docs/requirements.md#submission, docs/requirements.md#calls). Incomplete by nature, so it is checked
// only for shape and size; the later request wins, and a submitted application is never reopened.
// Decision records: docs/decisions/0605-partial-saves.md, 1461-sqlite-writer-thread.md.

import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import { PARTIAL_PAYLOAD_FIELDS } from '@forecourt/domain/contract/applicant-requests'
import { MAX_HISTORY_ENTRIES } from '@forecourt/domain/histories/histories'
import {
  LINE_BREAK_FIELDS,
  SUBMISSION_SHAPE_MESSAGES,
  type SubmissionError,
} from '@forecourt/domain/steps/submission-schema'
import { stripUnsafeCharacters } from '@forecourt/domain/fields/text'
import type { SearchIndexer } from '../../back-office/search-index'
import { nextServerSequence, type Payload } from '../../repositories/application-repository'
import {
  keyParams,
  brandForAffiliateKey,
  requireJson,
  sendShapeError,
  siteBrand,
  stampReceived,
  SUBMISSION_MESSAGES,
} from './submission'
import { refuseWithoutSecret } from './application-secret'
import { applicantBody, applicantResponses } from './applicant-contract'

export interface ApplicationRoutesOptions {
  clock?: () => Date
  /** The back office's search index rows of a payload; none are written without it. */
  searchIndexer?: SearchIndexer
  /** Partial saves per client address per hour; 0 or absent: no quota (decision 1803). */
  partialSavesPerHour?: number
}

/**
 * The largest partial save a real application makes is about 38 KB (a joint application, 36 addresses and
 * 36 employments, every text at its longest); a quarter more for headroom (decision 1803).
 */
export const PARTIAL_BODY_LIMIT_BYTES = 48 * 1024

const HOUR_MS = 60 * 60 * 1000
/** Clients counted at once; the oldest is forgotten first, so a flood of addresses cannot grow it. */
const QUOTA_CLIENTS = 50_000

/**
 * Counts each client's partial saves in a fixed hour. In this process's memory: behind several instances
 * each counts its own share (the per-minute limits of decision 0802 use Redis when configured).
 */
export function hourlyQuota(perHour: number, clock: () => Date) {
  const windows = new Map<string, { start: number; count: number }>()
  /** Seconds until the client may save again, or 0 when this save is within the quota. */
  return (client: string): number => {
    const now = clock().getTime()
    let window = windows.get(client)
    if (window === undefined || now - window.start >= HOUR_MS) {
      windows.delete(client)
      window = { start: now, count: 0 }
      if (windows.size >= QUOTA_CLIENTS) windows.delete(windows.keys().next().value ?? '')
      windows.set(client, window)
    }
    window.count += 1
    return window.count > perHour ? Math.ceil((window.start + HOUR_MS - now) / 1000) : 0
  }
}

export const APPLICATION_MESSAGES = {
  keyNotUuid: 'The application key in the address must be a UUID',
  invalid: 'Invalid application',
  keyMismatch: 'must equal the application key in the address',
  tooDeep: 'is nested too deeply',
  tooManyFields: 'has too many fields',
  quota:
    'Too many saves from this address this hour: the answers are kept in the page and sent with the application',
  gone: 'The page stopped waiting for this save: its next save carries the same answers',
} as const

/**
 * Whether the connection a request came on can no longer carry its answer: the client closed it (a page's
 * request timing out, a tab closed). Node ends the socket for writing as soon as it reads the client's close.
 */
export function clientHasGone(
  socket: { writable?: boolean; destroyed?: boolean } | null | undefined,
): boolean {
  return (
    socket !== null &&
    socket !== undefined &&
    (socket.destroyed === true || socket.writable === false)
  )
}

export const PARTIAL_LIMITS = {
  /** The longest free text the full submission accepts (tracking, user agent). */
  stringLength: 500,
  /** The longest history the journey asks for: an address or employment a month for three years. */
  listLength: MAX_HISTORY_ENTRIES,
  /**
   * payload > forecourt > jointAddresses > entry > field: the joint applicant's own addresses sit
   * in the extension object (docs/decisions/1841), one level below the applicant's.
   */
  depth: 4,
  fieldsPerObject: 80,
  fieldNameLength: 64,
} as const

/** The payload's own fields (docs/requirements.md#submission-payload); anything else is dropped, as the submission schema drops it. */
const PAYLOAD_FIELDS = PARTIAL_PAYLOAD_FIELDS

export type PartialCheck =
  { ok: true; payload: Payload; brand: string } | { ok: false; errors: SubmissionError[] }

/**
 * The loose check of a partial payload: an object of the payload's fields, text and lists of bounded
 * size, a known brand, and (when given) the same key as the address. Answers need not be complete or
 * valid yet: the applicant is still typing them.
 */
export function checkPartialPayload(body: unknown, applicationKey: string): PartialCheck {
  if (!isPlainObject(body)) {
    return { ok: false, errors: [{ field: '', message: SUBMISSION_SHAPE_MESSAGES.object }] }
  }
  const errors: SubmissionError[] = []
  const payload: Payload = {}
  for (const [field, value] of Object.entries(body)) {
    if (!PAYLOAD_FIELDS.has(field)) continue
    checkValue(value, field, 1, errors)
    // Answers still being typed are not refused for a stray control character: it is removed, so no
    // operator reads text reordered or hidden by one (decision 2123).
    payload[field] = withoutUnsafeCharacters(value, LINE_BREAK_FIELDS.has(field))
  }

  const brand = brandForAffiliateKey(payload.affiliateKey)
  if (payload.affiliateKey === undefined) {
    errors.push({ field: 'affiliateKey', message: SUBMISSION_SHAPE_MESSAGES.required })
  } else if (brand === undefined) {
    errors.push({ field: 'affiliateKey', message: SUBMISSION_SHAPE_MESSAGES.affiliateKey })
  }
  const key = payload.submissionKey
  if (key !== undefined && (typeof key !== 'string' || key.toLowerCase() !== applicationKey)) {
    errors.push({ field: 'submissionKey', message: APPLICATION_MESSAGES.keyMismatch })
  }

  if (errors.length > 0 || brand === undefined) return { ok: false, errors }
  return { ok: true, payload, brand }
}

function checkValue(value: unknown, path: string, depth: number, errors: SubmissionError[]): void {
  if (typeof value === 'string') {
    if (value.length > PARTIAL_LIMITS.stringLength) {
      errors.push({
        field: path,
        message: SUBMISSION_SHAPE_MESSAGES.tooLong(PARTIAL_LIMITS.stringLength),
      })
    }
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (depth >= PARTIAL_LIMITS.depth) {
    errors.push({ field: path, message: APPLICATION_MESSAGES.tooDeep })
    return
  }
  if (Array.isArray(value)) {
    if (value.length > PARTIAL_LIMITS.listLength) {
      errors.push({
        field: path,
        message: SUBMISSION_SHAPE_MESSAGES.tooMany(PARTIAL_LIMITS.listLength),
      })
      return
    }
    value.forEach((item, index) => checkValue(item, `${path}.${index}`, depth + 1, errors))
    return
  }
  const entries = Object.entries(value)
  if (entries.length > PARTIAL_LIMITS.fieldsPerObject) {
    errors.push({ field: path, message: APPLICATION_MESSAGES.tooManyFields })
    return
  }
  for (const [field, item] of entries) {
    if (field.length > PARTIAL_LIMITS.fieldNameLength) {
      errors.push({
        field: path,
        message: `has a field name longer than ${PARTIAL_LIMITS.fieldNameLength} characters`,
      })
      continue
    }
    checkValue(item, `${path}.${field}`, depth + 1, errors)
  }
}

/** Every string in a value, however deep, through the domain's stripUnsafeCharacters. */
function withoutUnsafeCharacters(value: unknown, lineBreaks: boolean): unknown {
  if (typeof value === 'string') return stripUnsafeCharacters(value, { lineBreaks })
  if (Array.isArray(value)) return value.map((item) => withoutUnsafeCharacters(item, lineBreaks))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withoutUnsafeCharacters(item, lineBreaks)]),
  )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const schema = {
  summary: 'Save a partial application',
  description:
    'The partial payload (docs/requirements.md#partial-saves): the same mapped payload as the submission, possibly incomplete, with the x-application-secret header of the browser that started the application (403 without it or with another); at most 48 KiB, and an hourly quota per client (429). The later request wins; an application already submitted is left as it is and the answer says so.',
  params: keyParams('applicationKey'),
  // Only the shape Fastify checks; the fields are read by checkPartialPayload, in one pass, and the OpenAPI
  // document describes them from the contract (the route's `openApiBody`).
  body: { type: 'object' },
  response: applicantResponses('POST /api/application/:applicationKey'),
}

export const applicationRoutes: FastifyPluginAsync<ApplicationRoutesOptions> = async (
  app,
  options,
) => {
  const clock = options.clock ?? (() => new Date())
  // Chosen once at start-up (decision 1861): on SQLite the writer thread saves, off the event loop
  // (decision 1461).
  const store = app.writeStore
  const perHour = options.partialSavesPerHour ?? 0
  const quota = perHour > 0 ? hourlyQuota(perHour, clock) : undefined

  app.post<{
    Params: { applicationKey: string }
    Body: unknown
    Reply: ApplicantReply<'POST /api/application/:applicationKey'>
  }>(
    '/api/application/:applicationKey',
    {
      schema,
      config: { openApiBody: applicantBody('POST /api/application/:applicationKey') },
      attachValidation: true,
      onRequest: requireJson,
      bodyLimit: PARTIAL_BODY_LIMIT_BYTES,
    },
    async (request, reply) => {
      if (request.validationError) {
        return sendShapeError(
          reply,
          request.validationError,
          APPLICATION_MESSAGES.keyNotUuid,
          APPLICATION_MESSAGES.invalid,
        )
      }
      // Taken on arrival: what decides which of two racing saves is the later one.
      const now = clock()
      const serverSequence = nextServerSequence(now.getTime())
      const applicationKey = request.params.applicationKey.toLowerCase()
      const wait = quota?.(request.ip) ?? 0
      if (wait > 0) {
        return reply
          .header('retry-after', String(wait))
          .code(429)
          .send({ error: APPLICATION_MESSAGES.quota })
      }
      if (await refuseWithoutSecret(request, reply, applicationKey, now)) return reply
      const check = checkPartialPayload(request.body, applicationKey)
      if (!check.ok) {
        return reply.code(400).send({ error: APPLICATION_MESSAGES.invalid, errors: check.errors })
      }
      // No page saves an application into another brand (decision 1572).
      if (check.brand !== siteBrand(request)) {
        return reply.code(400).send({
          error: APPLICATION_MESSAGES.invalid,
          errors: [{ field: 'affiliateKey', message: SUBMISSION_MESSAGES.otherBrand }],
        })
      }
      const save = {
        applicationKey,
        brand: check.brand,
        payload: stampReceived(check.payload, request, now),
        now,
        serverSequence,
        index: options.searchIndexer?.(applicationKey, check.payload),
      }
      // A request its page has given up on (its connection closed while it waited for a CPU) is not
      // written: the page's next save carries the same answers and more, and an abandoned save written
      // after it would put older answers back. Its sequence was taken when its handler ran, which under
      // overload can be after the page's next save was taken.
      if (clientHasGone(request.raw.socket))
        return reply.code(503).send({ error: APPLICATION_MESSAGES.gone })
      const outcome = await store.savePartial(save)
      if (outcome === 'already-submitted') {
        return reply.code(200).send({ status: 'already-submitted' })
      }
      // A save overtaken by a later one is still answered "saved": the later one holds newer answers.
      return reply.code(202).send({ status: 'saved' })
    },
  )
}
