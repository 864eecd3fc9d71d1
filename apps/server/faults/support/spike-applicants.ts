// The applicants of the launch-day spike (apps/server/faults/spike.ts): each walks the journey's API calls
// over real HTTP as the page makes them. The anti-forgery pair first (GET /api/csrf: a cookie and a
// token), then partial saves of the answers given so far (POST /api/application/<key>, the first of which
// binds the application's secret), every few seconds with more answers each time, and at the end the
// submission (POST /api/submission/<key>). A 503 is retried as apps/web does it: a partial save that was
// not saved is carried by the next one, which holds the same answers and more (apps/web/src/lib/
// partial-save.ts); a submission is sent again, the same body under the same key, after 1 s, 2 s, 4 s… at
// most 30 s (apps/web/src/lib/submission.ts, retryDelayMs). Afterwards the stored rows are read back and
// held against what each applicant was told.
// Just over 500 lines: one applicant's walk, its retries and the read-back that holds the rows against what
// each applicant was told belong together.

import { Agent, request as httpRequest } from 'node:http'
import { APPLICATION_SECRET_HEADER } from '@forecourt/domain/application-secret/application-secret'
import { newApplicationSecret } from '@forecourt/domain/application-secret/application-secret'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { openPayload, parseDataKeyring } from '../../src/crypto/field-encryption'
import { createDatabase } from '../../src/db/database'
import { bodyHash, canonicalJson } from '../../src/repositories/body-hash'
import { payloadAad } from '../../src/repositories/rows'
import { unstamped } from './stored-payload'

const KEY_PLACEHOLDER = '00000000-0000-4000-8000-000000000000'
/** The page's own limit on one attempt (apps/web/src/lib/submission.ts ATTEMPT_TIMEOUT_MS). */
export const ATTEMPT_TIMEOUT_MS = 20_000
/** The page's backoff after the n-th failed submission attempt: 1 s, 2 s, 4 s… at most 30 s. */
export function pageRetryDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000)
}

/** What the page sends: a partial save before it has every answer, a submission once it has. */
export type RequestKind = 'csrf' | 'partial' | 'submission'

export interface Attempt {
  kind: RequestKind
  /** 0 for a connection error or a timeout. */
  status: number
  retryAfter: string | undefined
  latencyMs: number
  /** Milliseconds since the run's clock started, when the answer came. */
  at: number
  error?: string
}

/**
 * The bodies an applicant sends, worked out once with a placeholder key: `partials` grow as the journey
 * goes (the first holds the names, email and phone the page waits for, the last every answer), and the
 * submission is the full payload.
 */
export interface JourneyBodies {
  partials: ((key: string) => string)[]
  submission: (key: string) => string
}

/** The fields a partial save holds from the first save on: the page saves only once these are given. */
const FIRST_FIELDS = 'contactNumber'

export function journeyBodies(saves: number): JourneyBodies {
  const state = filledState()
  state.GUID = KEY_PLACEHOLDER
  state.applicationKey = KEY_PLACEHOLDER
  const now = new Date()
  const partial = toPartialPayload(state, { brand: brands.carfinance, now }) as Record<
    string,
    unknown
  >
  const { termsAndConditionsAgreed, IsCompleted, ...answers } = partial
  const keys = Object.keys(answers)
  const first = keys.indexOf(FIRST_FIELDS) + 1
  if (first === 0) throw new Error(`the partial payload has no ${FIRST_FIELDS}`)
  const partials = Array.from({ length: saves }, (_, index) => {
    const count =
      saves === 1 ? keys.length : first + Math.round(((keys.length - first) * index) / (saves - 1))
    const body: Record<string, unknown> = {}
    for (const key of keys.slice(0, count)) body[key] = answers[key]
    const text = JSON.stringify({ ...body, termsAndConditionsAgreed, IsCompleted })
    return (key: string) => text.replaceAll(KEY_PLACEHOLDER, key)
  })
  const full = JSON.stringify(toFullSubmissionPayload(state, { brand: brands.carfinance, now }))
  return { partials, submission: (key) => full.replaceAll(KEY_PLACEHOLDER, key) }
}

/** One applicant's journey as it went: what was sent and what came back. */
export interface Applicant {
  key: string
  /** Whether this applicant submits at the end; the others leave after their partial saves. */
  submits: boolean
  arrivedAt: number
  /** When the journey ended (its last answer), or undefined while it runs. */
  endedAt?: number
  /** The partial saves the server answered 2xx, by index into the bodies, in order. */
  savedPartials: number[]
  /** Each partial save's answer, in order: its status, 0 for none. */
  partialStatuses: number[]
  /**
   * A partial save answered 5xx. A 503 from the database gate may be committed after all (decision 1432:
   * the write went on; the next save holds the same answers and more), so the row may hold it.
   */
  refusedPartials: number[]
  /** A partial save that had no answer (an error or a timeout): it may or may not be stored. */
  unansweredPartials: number[]
  /** The submission's final answer: 201 (or a 2xx replay), 0 for none. */
  submissionStatus: number
  /** When the first submission attempt was sent. */
  submissionStartedAt?: number
  /** The submission's attempts, the retried ones included. */
  submissionAttempts: number
  /** A submission attempt that had no answer: it may be stored. */
  submissionUnanswered: boolean
  gaveUp: boolean
}

export interface Target {
  /** Host and port the requests go to: the server, or the balancer in front of the instances. */
  host: string
  port: number
}

export interface JourneyClock {
  now(): number
}

/** One pool of kept-alive sockets per run, as many browsers' worth as the offered load needs. */
export function clientAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets })
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

interface SendOptions {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/**
 * A request as a browser sends it: when a kept-alive connection the balancer had just closed fails before any
 * answer came (`ECONNRESET` on a reused socket), it is sent once more on a new connection, as Chromium does and
 * as Node's documentation of `request.reusedSocket` advises. Nothing was processed: the request never left.
 */
async function send(agent: Agent, target: Target, options: SendOptions): Promise<Answer> {
  try {
    return await sendOnce(agent, target, options)
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error
    return sendOnce(agent, target, options)
  }
}

class StaleConnection extends Error {}

function sendOnce(agent: Agent, target: Target, options: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: target.host,
        port: target.port,
        method: options.method,
        path: options.path,
        headers: {
          ...options.headers,
          host: `${target.host}:${target.port}`,
          ...(options.body === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(options.body)),
              }),
        },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)))
    let answered = false
    req.on('response', () => (answered = true))
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        !answered && req.reusedSocket && error.code === 'ECONNRESET'
          ? new StaleConnection(error.message)
          : error,
      ),
    )
    req.end(options.body)
  })
}

export interface JourneyContext {
  agent: Agent
  target: Target
  bodies: JourneyBodies
  /** Pause between partial saves, and before the submission. */
  thinkMs: number
  clock: JourneyClock
  record: (attempt: Attempt) => void
  /** A submission still not accepted after this long is given up (the page would keep trying). */
  giveUpMs: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends one request and records its answer (or its failure) as an attempt. */
async function attempt(
  context: JourneyContext,
  kind: RequestKind,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<Answer | undefined> {
  const started = context.clock.now()
  try {
    const answer = await send(context.agent, context.target, options)
    const retryAfter = answer.headers['retry-after']
    context.record({
      kind,
      status: answer.status,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      latencyMs: context.clock.now() - started,
      at: context.clock.now(),
    })
    return answer
  } catch (error) {
    context.record({
      kind,
      status: 0,
      retryAfter: undefined,
      latencyMs: context.clock.now() - started,
      at: context.clock.now(),
      error: error instanceof Error ? error.message : String(error),
    })
    return undefined
  }
}

/** A shed answer the page retries: 503 with a Retry-After in seconds. */
export function isShed(status: number, retryAfter: string | undefined): boolean {
  return status === 503 && retryAfter !== undefined && /^\d+$/.test(retryAfter)
}

/**
 * One applicant's walk through the journey. `thinkMs` 0 walks it as fast as the server answers (the
 * closed loop that finds the capacity).
 */
export async function walkJourney(context: JourneyContext, applicant: Applicant): Promise<void> {
  const { key } = applicant
  const { bodies, thinkMs } = context
  // The page loads: an anti-forgery pair for this browser, fetched again after a shed answer.
  let pair: Record<string, string> | undefined
  for (let failures = 1; pair === undefined; failures += 1) {
    const answer = await attempt(context, 'csrf', { method: 'GET', path: '/api/csrf', headers: {} })
    if (answer?.status === 200) {
      const token = (JSON.parse(answer.body) as { token: string }).token
      const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
      pair = { cookie, 'x-csrf-token': token }
    } else if (
      (answer !== undefined && !isRetryable(answer.status)) ||
      context.clock.now() - applicant.arrivedAt > context.giveUpMs
    ) {
      applicant.gaveUp = true
      applicant.endedAt = context.clock.now()
      return
    } else {
      // Loaded again later, as a reload would; an answer other than a shed one is still counted a failure.
      await sleep(pageRetryDelayMs(failures))
    }
  }
  const headers = { ...pair, [APPLICATION_SECRET_HEADER]: newApplicationSecret() }

  for (const [index, body] of bodies.partials.entries()) {
    if (index > 0) await sleep(thinkMs)
    const answer = await attempt(context, 'partial', {
      method: 'POST',
      path: `/api/application/${key}`,
      headers,
      body: body(key),
    })
    applicant.partialStatuses.push(answer?.status ?? 0)
    // A save that was shed is not sent again by itself: the next one carries the same answers and more.
    if (answer === undefined) applicant.unansweredPartials.push(index)
    else if (answer.status >= 200 && answer.status < 300) applicant.savedPartials.push(index)
    else if (answer.status >= 500) applicant.refusedPartials.push(index)
  }
  if (!applicant.submits) {
    applicant.endedAt = context.clock.now()
    return
  }

  await sleep(thinkMs)
  const submission = bodies.submission(key)
  const started = context.clock.now()
  applicant.submissionStartedAt = started
  for (let failures = 0; ;) {
    applicant.submissionAttempts += 1
    const answer = await attempt(context, 'submission', {
      method: 'POST',
      path: `/api/submission/${key}`,
      headers,
      body: submission,
    })
    if (answer !== undefined && answer.status >= 200 && answer.status < 300) {
      applicant.submissionStatus = answer.status
      break
    }
    if (answer === undefined) applicant.submissionUnanswered = true
    // As the page: network failures, 5xx, 429 and 408 are sent again later; anything else ends it.
    const retryable = answer === undefined || isRetryable(answer.status)
    if (!retryable || context.clock.now() - started > context.giveUpMs) {
      applicant.gaveUp = true
      break
    }
    failures += 1
    await sleep(pageRetryDelayMs(failures))
  }
  applicant.endedAt = context.clock.now()
}

/** The page's isRetryableStatus (apps/web/src/lib/submission.ts): the server may answer differently later. */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 429 || status === 408
}

export function newApplicant(key: string, submits: boolean, arrivedAt: number): Applicant {
  return {
    key,
    submits,
    arrivedAt,
    savedPartials: [],
    partialStatuses: [],
    refusedPartials: [],
    unansweredPartials: [],
    submissionStatus: 0,
    submissionAttempts: 0,
    submissionUnanswered: false,
    gaveUp: false,
  }
}

// --- Afterwards: the stored rows against what each applicant was told ---

export interface StoredCheck {
  submissionRows: number
  applicationRows: number
  /** Submissions answered 201 (or a 2xx replay). */
  accepted: number
  /** ...stored exactly once, with the body sent and the application row submitted with that payload. */
  storedOnce: number
  lostSubmissions: number
  doubledSubmissions: number
  wrongSubmissions: number
  /** Applicants who left after partial saves answered 2xx. */
  leftWithSaves: number
  /** ...whose application row holds the answers of their latest save answered 2xx. */
  partialsPresent: number
  lostPartials: number
  stalePartials: number
  /** Partial applications holding a save whose answer was 5xx or never came: it went on after all. */
  storedAfterRefusal: number
  /** Rows under keys no applicant sent, or stored without any answer that allowed them. */
  strangers: number
  problems: string[]
}

/**
 * Reads every submission and application row from a connection of its own and holds each against its
 * applicant: `dataKey` is the servers' FORECOURT_DATA_KEY, to open the sealed payloads.
 */
export async function checkStoredJourneys(input: {
  config: { databaseUrl: string | undefined; dataDir: string }
  dataKey: string
  applicants: Applicant[]
  bodies: JourneyBodies
}): Promise<StoredCheck> {
  const database = createDatabase(input.config)
  try {
    const submissionRows = await database.db.selectFrom('submissions').selectAll().execute()
    const applicationRows = await database.db.selectFrom('applications').selectAll().execute()
    const keyring = parseDataKeyring(
      { key: input.dataKey, keyId: undefined, oldKeys: undefined },
      [],
    )
    const group = <T>(rows: T[], key: (row: T) => string) => {
      const map = new Map<string, T[]>()
      for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row])
      return map
    }
    const submissionsByKey = group(submissionRows, (row) => row.submission_key)
    const applicationsByKey = group(applicationRows, (row) => row.application_key)
    const check: StoredCheck = {
      submissionRows: submissionRows.length,
      applicationRows: applicationRows.length,
      accepted: 0,
      storedOnce: 0,
      lostSubmissions: 0,
      doubledSubmissions: 0,
      wrongSubmissions: 0,
      leftWithSaves: 0,
      partialsPresent: 0,
      lostPartials: 0,
      stalePartials: 0,
      storedAfterRefusal: 0,
      strangers: 0,
      problems: [],
    }
    const problem = (text: string) => {
      if (check.problems.length < 20) check.problems.push(text)
    }
    const asSent = (payload: string, key: string): string =>
      canonicalJson(
        unstamped(
          openPayload(JSON.parse(payload) as Record<string, unknown>, keyring, payloadAad(key)),
        ).asSent,
      )
    const applicantsByKey = new Map(input.applicants.map((applicant) => [applicant.key, applicant]))
    for (const key of new Set([...submissionsByKey.keys(), ...applicationsByKey.keys()])) {
      if (!applicantsByKey.has(key)) {
        check.strangers += 1
        problem(`${key}: stored, but no applicant sent it`)
      }
    }

    for (const applicant of input.applicants) {
      const { key } = applicant
      const submissions = submissionsByKey.get(key) ?? []
      const applications = applicationsByKey.get(key) ?? []
      const accepted = applicant.submissionStatus >= 200 && applicant.submissionStatus < 300
      if (accepted) {
        check.accepted += 1
        if (submissions.length === 0 || applications.length === 0) {
          check.lostSubmissions += 1
          problem(`${key}: answered ${applicant.submissionStatus}, not stored`)
          continue
        }
        if (submissions.length > 1 || applications.length > 1) {
          check.doubledSubmissions += 1
          problem(`${key}: stored ${submissions.length} times`)
          continue
        }
        const sent = input.bodies.submission(key)
        const wrong: string[] = []
        if (submissions[0]?.body_hash !== bodyHash(JSON.parse(sent))) wrong.push('body hash')
        if (submissions[0]?.response_status !== 201) {
          wrong.push(`stored answer ${submissions[0]?.response_status}`)
        }
        if (applications[0]?.status !== 'submitted') wrong.push(`status ${applications[0]?.status}`)
        try {
          if (asSent(applications[0]?.payload ?? 'null', key) !== canonicalJson(JSON.parse(sent))) {
            wrong.push('payload differs')
          }
        } catch (error) {
          wrong.push(`payload unreadable (${error instanceof Error ? error.message : 'error'})`)
        }
        if (wrong.length > 0) {
          check.wrongSubmissions += 1
          problem(`${key}: ${wrong.join(', ')}`)
        } else {
          check.storedOnce += 1
        }
        continue
      }
      // Not accepted: a submission may be stored only when an attempt went unanswered.
      if (submissions.length > 0 && !applicant.submissionUnanswered) {
        check.strangers += 1
        problem(`${key}: a submission stored that was never accepted nor left unanswered`)
      }
      if (applicant.submits) continue
      const latest = applicant.savedPartials.at(-1)
      /** Saves the row may hold besides the latest accepted: later ones that reached a server unanswered or answered 5xx. */
      const mayBeStored = [...applicant.unansweredPartials, ...applicant.refusedPartials].filter(
        (index) => latest === undefined || index > latest,
      )
      const storedIndexOf = (payload: string): number => {
        const stored = asSent(payload, key)
        return input.bodies.partials.findIndex(
          (body) => canonicalJson(JSON.parse(body(key))) === stored,
        )
      }
      if (latest === undefined) {
        if (applications.length === 0) continue
        const index = storedIndexOf(applications[0]?.payload ?? 'null')
        if (applications.length === 1 && mayBeStored.includes(index)) {
          check.storedAfterRefusal += 1
        } else {
          check.strangers += 1
          problem(
            `${key}: an application row (save ${index + 1}), but no save was answered 2xx; answers ${applicant.partialStatuses.join(', ')}`,
          )
        }
        continue
      }
      check.leftWithSaves += 1
      const application = applications[0]
      if (application === undefined) {
        check.lostPartials += 1
        problem(`${key}: ${applicant.savedPartials.length} saves answered 2xx, no row`)
        continue
      }
      // The row holds the latest save answered 2xx, or a later one that reached a server all the same.
      let storedIndex: number
      try {
        storedIndex = storedIndexOf(application.payload)
      } catch (error) {
        check.stalePartials += 1
        problem(`${key}: payload unreadable (${error instanceof Error ? error.message : 'error'})`)
        continue
      }
      const matches = storedIndex === latest || mayBeStored.includes(storedIndex)
      if (applications.length === 1 && application.status === 'partial' && matches) {
        check.partialsPresent += 1
        if (storedIndex !== latest) check.storedAfterRefusal += 1
      } else {
        check.stalePartials += 1
        problem(
          `${key}: ${applications.length} rows, status ${application.status}, ${matches ? 'latest answers' : `holds save ${storedIndex < 0 ? 'none of those sent' : storedIndex + 1} of ${input.bodies.partials.length}`}, answers ${applicant.partialStatuses.join(', ')}`,
        )
      }
    }
    return check
  } finally {
    await database.close()
  }
}
