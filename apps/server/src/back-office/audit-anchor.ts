// The audit log's head, anchored outside the database (decision 2123). The chain alone cannot tell a log
// whose last rows were cut off and whose head was moved back from a log that simply ended there: someone
// who can write to the database can do both. So the head (its row number and hash) is also kept in a file
// beside the server, signed with a key made from the server's secrets, and written to the log as a signed
// line. `npm run audit -- verify` prints the head, fails when the chain is behind the anchor (or differs
// from it at the anchored row) and moves the anchor forward when the chain is intact. The anchor only ever
// moves forward: a head behind it is reported, never written over it.

import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../config'
import { GENESIS_HASH } from '../db/migrations/0020-create-back-office'
import type { Tables } from '../db/tables'
import { startSchedule, type Schedule } from '../retention/retention-job'
import { searchIndexKey } from './search-index'

const HKDF_LABEL = 'forecourt/audit-anchor/v1'
export const AUDIT_ANCHOR_INTERVAL_MS = 60 * 60 * 1000

export interface AuditHead {
  seq: number
  hash: string
}

export interface AuditAnchor extends AuditHead {
  /** When it was written (ISO 8601). */
  at: string
  /** HMAC-SHA256 of the three, hex. */
  mac: string
}

/**
 * The signing key: HKDF-SHA256 of the server's key for keyed hashes (FORECOURT_INDEX_KEY, or the one made
 * from the data key), salted with FORECOURT_SECRET when set, as the sealed email parameters' key is made.
 * The server and the command line make the same key from the same configuration; a copy of the database
 * alone cannot sign an anchor.
 */
export function auditAnchorKey(config: Pick<Config, 'backOffice' | 'dataKeys' | 'secret'>): Buffer {
  const base = searchIndexKey(config.backOffice.indexKey, config.dataKeys)
  const salt = config.secret === undefined ? Buffer.alloc(0) : Buffer.from(config.secret, 'utf8')
  return Buffer.from(hkdfSync('sha256', base, salt, HKDF_LABEL, 32))
}

function macOf(key: Buffer, seq: number, hash: string, at: string): string {
  return createHmac('sha256', key)
    .update(`audit-head\n${seq}\n${hash}\n${at}`, 'utf8')
    .digest('hex')
}

export function signAnchor(key: Buffer, head: AuditHead, at: Date): AuditAnchor {
  const when = at.toISOString()
  return { seq: head.seq, hash: head.hash, at: when, mac: macOf(key, head.seq, head.hash, when) }
}

function macMatches(key: Buffer, anchor: AuditAnchor): boolean {
  const expected = Buffer.from(macOf(key, anchor.seq, anchor.hash, anchor.at), 'hex')
  const given = Buffer.from(anchor.mac, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export type StoredAnchor =
  { state: 'none' } | { state: 'valid'; anchor: AuditAnchor } | { state: 'invalid'; reason: string }

function isAnchor(value: unknown): value is AuditAnchor {
  if (typeof value !== 'object' || value === null) return false
  const { seq, hash, at, mac } = value as Record<string, unknown>
  return (
    typeof seq === 'number' &&
    Number.isSafeInteger(seq) &&
    seq >= 0 &&
    typeof hash === 'string' &&
    /^[0-9a-f]{64}$/.test(hash) &&
    typeof at === 'string' &&
    typeof mac === 'string' &&
    /^[0-9a-f]{64}$/.test(mac)
  )
}

/** The anchor kept in the file, checked against its signature. */
export async function readAnchor(file: string, key: Buffer): Promise<StoredAnchor> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' }
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { state: 'invalid', reason: 'it is not JSON' }
  }
  if (!isAnchor(parsed)) return { state: 'invalid', reason: 'it is not an anchor' }
  if (!macMatches(key, parsed)) {
    return {
      state: 'invalid',
      reason:
        'its signature does not match: it was changed, or the keys it was signed with (FORECOURT_SECRET, FORECOURT_INDEX_KEY or FORECOURT_DATA_KEY) changed',
    }
  }
  return { state: 'valid', anchor: parsed }
}

/** Written whole or not at all: a new file, then renamed over the old one. */
async function writeAnchor(file: string, anchor: AuditAnchor): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, `${JSON.stringify(anchor)}\n`, { mode: 0o600 })
    await rename(temporary, file)
  } finally {
    await rm(temporary, { force: true })
  }
}

/** The head as the database holds it: the row number and hash of the last row appended. */
export async function readAuditHead(db: Kysely<Tables>): Promise<AuditHead> {
  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return { seq: Number(head?.seq ?? 0), hash: head?.hash ?? GENESIS_HASH }
}

export type AnchorCheck =
  | { ok: true }
  | { ok: false; kind: 'rolled-back' | 'rewritten'; anchorSeq: number; problem: string }

/**
 * Whether a chain that ends at `head` (and whose row `anchor.seq` has hash `hashAtAnchor`, undefined when
 * the chain is shorter) can be the chain the anchor was taken from.
 */
export function checkAgainstAnchor(
  head: AuditHead,
  anchor: AuditHead,
  hashAtAnchor: string | undefined,
): AnchorCheck {
  if (head.seq < anchor.seq) {
    return {
      ok: false,
      kind: 'rolled-back',
      anchorSeq: anchor.seq,
      problem: `the log ends at row ${head.seq} but its anchor records row ${anchor.seq}: rows after row ${head.seq} were removed and the head moved back`,
    }
  }
  const atAnchor = anchor.seq === 0 ? GENESIS_HASH : hashAtAnchor
  if (atAnchor !== anchor.hash) {
    return {
      ok: false,
      kind: 'rewritten',
      anchorSeq: anchor.seq,
      problem: `row ${anchor.seq} is not the row its anchor records (its hash differs): the log was rewritten from there`,
    }
  }
  return { ok: true }
}

export type AdvanceOutcome =
  | { state: 'anchored'; anchor: AuditAnchor; previous: AuditAnchor | undefined }
  | { state: 'unchanged'; anchor: AuditAnchor }
  | {
      state: 'behind'
      anchor: AuditAnchor
      kind: 'rolled-back' | 'rewritten'
      problem: string
    }
  | { state: 'invalid'; reason: string }

/**
 * Moves the anchor to `head` when it is ahead of it. A head behind the anchor, or another row at the
 * anchored number, is reported and the anchor is left as it is; so is an anchor whose signature fails.
 * The caller vouches that `head` extends the anchored row when it is ahead (the server by the chain's
 * construction, `audit verify` by having walked it).
 */
export async function advanceAnchor(
  file: string,
  key: Buffer,
  head: AuditHead,
  hashAtAnchor: (seq: number) => Promise<string | undefined>,
  now: Date,
): Promise<AdvanceOutcome> {
  const stored = await readAnchor(file, key)
  if (stored.state === 'invalid') return stored
  const previous = stored.state === 'valid' ? stored.anchor : undefined
  if (previous !== undefined) {
    const check = checkAgainstAnchor(
      head,
      previous,
      head.seq < previous.seq ? undefined : await hashAtAnchor(previous.seq),
    )
    if (!check.ok) {
      return { state: 'behind', anchor: previous, kind: check.kind, problem: check.problem }
    }
    if (previous.seq === head.seq) return { state: 'unchanged', anchor: previous }
  }
  const anchor = signAnchor(key, head, now)
  await writeAnchor(file, anchor)
  return { state: 'anchored', anchor, previous }
}

/** The hash of one row of the chain, or undefined when there is no such row. */
export async function auditRowHashAt(db: Kysely<Tables>, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS_HASH
  const row = await db
    .selectFrom('audit_log')
    .select('hash')
    .where('seq', '=', seq)
    .executeTakeFirst()
  return row?.hash
}

/**
 * Anchors the head when the server is ready and every hour after, and writes the signed head to the log
 * each time: a second copy that whoever can change the database cannot reach. A head behind its anchor is
 * logged as an error and left unanchored.
 */
export function registerAuditAnchorJob(
  app: FastifyInstance,
  options: {
    db: Kysely<Tables>
    file: string
    key: Buffer
    intervalMs?: number
    now?: () => Date
  },
): void {
  const { db, file, key, intervalMs = AUDIT_ANCHOR_INTERVAL_MS, now = () => new Date() } = options
  let schedule: Schedule | undefined
  const log = app.log.child({ component: 'audit-anchor' })

  const run = async () => {
    try {
      const head = await readAuditHead(db)
      const outcome = await advanceAnchor(file, key, head, (seq) => auditRowHashAt(db, seq), now())
      if (outcome.state === 'invalid') {
        log.error({ file }, `the audit anchor does not verify: ${outcome.reason}`)
      } else if (outcome.state === 'behind') {
        log.error({ auditHead: head, auditAnchor: outcome.anchor }, `audit log: ${outcome.problem}`)
      } else {
        log.info({ auditHead: outcome.anchor }, 'audit head anchored')
      }
    } catch (error) {
      log.error({ err: error }, 'the audit head could not be anchored')
    }
  }

  app.addHook('onReady', async () => {
    schedule = startSchedule(run, { intervalMs })
  })
  app.addHook('preClose', async () => {
    await schedule?.stop()
  })
}
