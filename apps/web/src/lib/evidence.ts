// The evidence queue (decision 1654, docs/decisions/1881): each report becomes an item naming the
// text by id, version and the SHA-256 of the exact string the screen rendered, kept in session
// storage until the server has it, and sent to POST /api/evidence/{GUID} in the background, at most
// 50 items a request, one request at a time. A network failure, a timeout, 403, 408, 429 or a 5xx
// is retried with backoff for as long as the page is open; after a reload, what waits goes with the
// next report; leaving the page sends what is waiting with keepalive. Every item has its own id, so
// a repeat is recorded once. A refusal (another 4xx) drops the request's items: sending them again
// would not change the answer. Nothing here holds up the journey, and nothing personal is logged.

import { applicationSecretHeaders } from '@forecourt/domain/application-secret/application-secret'
import { afterNextPaint } from './after-next-paint'
import { ApiError, postJson, type ApiUrl } from './api'
import type { EvidenceReport } from './evidence-types'

/** Where reports wait to be sent, in this tab's session storage. */
export const EVIDENCE_QUEUE_KEY = 'forecourt.evidence'
export const MAX_ITEMS_PER_REQUEST = 50
export const RETRY_FIRST_DELAY_MS = 1000
export const RETRY_MAX_DELAY_MS = 30_000
export const ATTEMPT_TIMEOUT_MS = 20_000

/** One item as the server takes it. */
export interface EvidenceItem {
  id: string
  applicant: 'main' | 'joint'
  kind: EvidenceReport['kind']
  disclosureId: string
  version: number
  textHash: string
  screen: string
}

/** The application the reports are about: its key (the GUID) and its brand's affiliate key. */
export interface EvidenceApplication {
  key: string
  affiliateKey: string
  /** The secret of the browser that started the application, sent with every write (decision 1801). */
  secret?: string
}

interface QueuedItem {
  applicationKey: string
  affiliateKey: string
  secret?: string
  item: EvidenceItem
}

interface Stored {
  /** The application the `reported` marks belong to. */
  applicationKey: string
  queue: QueuedItem[]
  /** What was already reported for this application, so a screen seen again is not recorded again. */
  reported: Record<string, string>
}

type EvidenceUrl = ApiUrl<'POST /api/evidence/:applicationKey'>

export interface EvidenceDeps {
  storage: () => Storage | undefined
  post: (
    url: EvidenceUrl,
    body: unknown,
    options: { keepalive: boolean; headers: Record<string, string> },
  ) => Promise<unknown>
  hash: (text: string) => Promise<string>
  newId: () => string
  sleep: (ms: number) => Promise<void>
  onPageHidden: (listener: () => void) => () => void
  host: string
}

/** SHA-256 of the text's UTF-8 bytes, lower-case hex, as the server computes it. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function evidenceUrl(applicationKey: string, host = ''): EvidenceUrl {
  return `${host}/api/evidence/${encodeURIComponent(applicationKey)}`
}

/** 1 s after the first failure, then 2 s, 4 s… never more than 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_DELAY_MS)
}

/** An answer that sending the same items again would not change. */
export function isRefusal(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && ![403, 408, 429].includes(status)
}

/**
 * The mark that stops a report being made twice: a text shown on a screen, a request, or an answer
 * that has not changed since it was last reported.
 */
function markOf(screen: string, report: EvidenceReport): [string, string] {
  const { applicant, kind, text } = report
  if (kind === 'agreed' || kind === 'declined') {
    return [`answer|${applicant}|${text.id}|${screen}`, `${kind}|${text.version}`]
  }
  return [`${kind}|${applicant}|${text.id}|${text.version}|${screen}`, 'yes']
}

export function createEvidenceQueue(deps: EvidenceDeps) {
  let sending = false
  let failures = 0
  let stopListening: (() => void) | undefined

  const read = (): Stored => {
    try {
      const raw = deps.storage()?.getItem(EVIDENCE_QUEUE_KEY)
      const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : {}
      return {
        applicationKey: typeof parsed.applicationKey === 'string' ? parsed.applicationKey : '',
        queue: Array.isArray(parsed.queue) ? parsed.queue : [],
        reported:
          typeof parsed.reported === 'object' && parsed.reported !== null ? parsed.reported : {},
      }
    } catch {
      return { applicationKey: '', queue: [], reported: {} }
    }
  }

  // Without storage (blocked, or full) the queue lives in this page's memory.
  let memory: Stored | undefined
  const load = (): Stored => memory ?? read()
  const save = (stored: Stored) => {
    try {
      const storage = deps.storage()
      if (storage === undefined) throw new Error('no session storage')
      storage.setItem(EVIDENCE_QUEUE_KEY, JSON.stringify(stored))
      memory = undefined
    } catch {
      memory = stored
    }
  }

  const remove = (ids: ReadonlySet<string>) => {
    const stored = load()
    save({ ...stored, queue: stored.queue.filter((queued) => !ids.has(queued.item.id)) })
  }

  /** The first waiting application's items, at most 50. */
  const nextBatch = (): QueuedItem[] => {
    const { queue } = load()
    const first = queue[0]
    if (first === undefined) return []
    return queue
      .filter((queued) => queued.applicationKey === first.applicationKey)
      .slice(0, MAX_ITEMS_PER_REQUEST)
  }

  const post = (batch: readonly QueuedItem[], keepalive: boolean) => {
    const first = batch[0]!
    return deps.post(
      `${evidenceUrl(first.applicationKey, deps.host)}`,
      { affiliateKey: first.affiliateKey, items: batch.map((queued) => queued.item) },
      { keepalive, headers: applicationSecretHeaders(first.secret ?? '') },
    )
  }

  async function send(): Promise<void> {
    if (sending) return
    sending = true
    try {
      for (;;) {
        const batch = nextBatch()
        if (batch.length === 0) return
        const ids = new Set(batch.map((queued) => queued.item.id))
        try {
          await post(batch, false)
          failures = 0
          remove(ids)
        } catch (error) {
          const status = error instanceof ApiError ? error.status : null
          if (isRefusal(status)) {
            console.warn(`Evidence refused (${String(status)}): ${ids.size} items dropped`)
            remove(ids)
            continue
          }
          failures += 1
          console.warn(`Evidence not sent yet (attempt ${failures}), retrying`)
          await deps.sleep(retryDelayMs(failures))
        }
      }
    } finally {
      sending = false
    }
  }

  /** The page is going: what waits goes with keepalive, and stays queued until answered. */
  const onHidden = () => {
    const batch = nextBatch()
    if (batch.length > 0) void post(batch, true).catch(() => undefined)
  }

  const listen = () => {
    stopListening ??= deps.onPageHidden(onHidden)
  }

  return {
    /** Hashes each report's text and queues it; then sends in the background. */
    async enqueue(
      application: EvidenceApplication,
      screen: string,
      reports: readonly EvidenceReport[],
    ): Promise<void> {
      if (!application.key || !application.affiliateKey) return
      const hashed = await Promise.all(
        reports.map(async (report) => ({ report, hash: await deps.hash(report.text.text) })),
      )
      const stored = load()
      const fresh: Stored =
        stored.applicationKey === application.key
          ? stored
          : { applicationKey: application.key, queue: stored.queue, reported: {} }
      const queue = [...fresh.queue]
      const reported = { ...fresh.reported }
      for (const { report, hash } of hashed) {
        const [mark, value] = markOf(screen, report)
        if (reported[mark] === value) continue
        reported[mark] = value
        queue.push({
          applicationKey: application.key,
          affiliateKey: application.affiliateKey,
          ...(application.secret ? { secret: application.secret } : {}),
          item: {
            id: deps.newId(),
            applicant: report.applicant,
            kind: report.kind,
            disclosureId: report.text.id,
            version: report.text.version,
            textHash: hash,
            screen,
          },
        })
      }
      save({ applicationKey: application.key, queue, reported })
      listen()
      // Queued for good above; sent once the screen is painted, so a press never waits for it.
      await new Promise<void>((resolve) => afterNextPaint(resolve))
      await send()
    },
    /** Tests: what is waiting. */
    waiting(): EvidenceItem[] {
      return load().queue.map((queued) => queued.item)
    },
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** The page's one queue. */
const pageQueue = createEvidenceQueue({
  storage: sessionStore,
  post: (url, body, { keepalive, headers }) =>
    postJson<'POST /api/evidence/:applicationKey'>(url, body, {
      keepalive,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      headers,
    }),
  hash: sha256Hex,
  newId: () => crypto.randomUUID(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  onPageHidden: (listener) => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') listener()
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    window.addEventListener('pagehide', listener)
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange)
      window.removeEventListener('pagehide', listener)
    }
  },
  host: (import.meta.env.VITE_SUBMISSIONS_HOST as string | undefined)?.replace(/\/+$/, '') ?? '',
})

export function enqueueEvidence(
  application: EvidenceApplication,
  screen: string,
  reports: readonly EvidenceReport[],
): Promise<void> {
  return pageQueue.enqueue(application, screen, reports).catch((error: unknown) => {
    // crypto.subtle exists only on secure pages (HTTPS, localhost): elsewhere nothing can be hashed.
    console.warn(`Evidence not queued: ${error instanceof Error ? error.message : String(error)}`)
  })
}
