// The evidence rows the end-to-end server wrote, read straight from its database, whichever engine it runs
// on: PostgreSQL in the runner of e2e/postgres/playwright.config.ts (E2E_ENGINE=PostgreSQL; its global set-up
// puts the server's address in E2E_DATABASE_URL), else the SQLite file in E2E_DATA_DIR. The same columns and the same order on both, so one spec asserts
// the same rows against either (docs/requirements.md#evidence-and-consent-records).
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'

export interface EvidenceRow {
  applicant: string
  kind: string
  disclosure_id: string
  version: number
  text_hash: string
  channel: string | null
  screen: string | null
  source: string
}

const COLUMNS = 'applicant, kind, disclosure_id, version, text_hash, channel, screen, source'

/** Why the database the rows would be read from is missing (the specs skip then); undefined when it is there. */
export const evidenceDatabaseMissing: string | undefined = process.env.E2E_POSTGRES_SKIPPED

/** Which engine the server writes to and the rows are read from; in the test titles. */
export const evidenceEngine: 'PostgreSQL' | 'SQLite' =
  process.env.E2E_ENGINE === 'PostgreSQL' ? 'PostgreSQL' : 'SQLite'

/** Every evidence row of one application, in the order they were written. */
export async function evidenceRows(applicationKey: string): Promise<EvidenceRow[]> {
  if (evidenceEngine === 'SQLite') return sqliteRows(applicationKey)
  // Never the SQLite file instead: a PostgreSQL run that read it would prove nothing.
  const url = process.env.E2E_DATABASE_URL
  if (url === undefined) throw new Error('E2E_DATABASE_URL is not set: the global set-up sets it')
  return postgresRows(url, applicationKey)
}

function sqliteRows(applicationKey: string): EvidenceRow[] {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined)
    throw new Error('E2E_DATA_DIR is not set: run through a Playwright config')
  const db = new Database(join(dataDir, 'forecourt.sqlite'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    return db
      .prepare(`select ${COLUMNS} from evidence where application_key = ? order by id`)
      .all(applicationKey) as EvidenceRow[]
  } finally {
    db.close()
  }
}

async function postgresRows(url: string, applicationKey: string): Promise<EvidenceRow[]> {
  // A connection per read: the specs poll a few times a second at most.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const result = await client.query<EvidenceRow>(
      `select ${COLUMNS} from evidence where application_key = $1 order by id`,
      [applicationKey],
    )
    return result.rows
  } finally {
    await client.end()
  }
}
