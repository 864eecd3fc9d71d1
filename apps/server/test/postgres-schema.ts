// A fresh PostgreSQL schema, selected through search_path in the connection address, so that test files,
// fault runs and end-to-end runs on one server never see each other's tables; and the short admin
// connection that creates and drops it. It imports nothing of the server: the end-to-end runner on
// PostgreSQL (e2e/postgres, decision 1931) takes it as well as the server's tests and fault runs.
import { randomUUID } from 'node:crypto'
import pg from 'pg'

export interface FreshSchema {
  schema: string
  /** The base address with the schema as its search_path: a server's DATABASE_URL. */
  url: string
}

/** Creates `<prefix>_<random hex>` on `baseUrl`'s database. */
export async function createSchema(baseUrl: string, prefix: string): Promise<FreshSchema> {
  const schema = `${prefix}_${randomUUID().replaceAll('-', '')}`
  await withAdminClient(baseUrl, (client) => client.query(`create schema "${schema}"`))
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return { schema, url: url.toString() }
}

export async function dropSchema(baseUrl: string, schema: string): Promise<void> {
  await withAdminClient(baseUrl, (client) =>
    client.query(`drop schema if exists "${schema}" cascade`),
  )
}

export async function withAdminClient<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** The address for a message: the password, if any, as `***`. */
export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an address that is not a URL)'
  }
}
