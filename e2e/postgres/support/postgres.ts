// The PostgreSQL the end-to-end server runs on in this runner: TEST_DATABASE_URL (CI sets it, .ci/run), a
// fresh schema for each run selected through search_path in the server's address, as the server's own
// tests do (apps/server/test/test-databases.ts), dropped afterwards. Decision 1931.
import { randomUUID } from 'node:crypto'
import pg from 'pg'

/** Why the runner cannot run (it is skipped, loudly); undefined when PostgreSQL answers. */
export async function postgresProblem(
  baseUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<string | undefined> {
  if (baseUrl === undefined || baseUrl.trim() === '') {
    return 'TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test)'
  }
  try {
    await adminQuery(baseUrl, 'select 1')
    return undefined
  } catch (error) {
    // The driver's message names the host and port, never the password.
    const reason = error instanceof Error ? error.message : String(error)
    return `PostgreSQL does not answer at ${redactPassword(baseUrl)} (${reason})`
  }
}

/** The loud line printed when the runner is skipped. */
export function skipWarning(problem: string): string {
  return `⚠ PostgreSQL end-to-end journeys SKIPPED: ${problem}`
}

export interface FreshSchema {
  schema: string
  /** The server's DATABASE_URL: the base address with the schema as its search_path. */
  url: string
}

export async function createSchema(baseUrl: string): Promise<FreshSchema> {
  const schema = `forecourt_e2e_${randomUUID().replaceAll('-', '')}`
  await adminQuery(baseUrl, `create schema "${schema}"`)
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return { schema, url: url.toString() }
}

export async function dropSchema(baseUrl: string, schema: string): Promise<void> {
  await adminQuery(baseUrl, `drop schema if exists "${schema}" cascade`)
}

export async function schemaExists(baseUrl: string, schema: string): Promise<boolean> {
  const rows = await adminQuery(
    baseUrl,
    'select 1 from information_schema.schemata where schema_name = $1',
    [schema],
  )
  return rows.length > 0
}

async function adminQuery(url: string, text: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an address that is not a URL)'
  }
}
