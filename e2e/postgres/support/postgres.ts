// The PostgreSQL the end-to-end server runs on in this runner: TEST_DATABASE_URL (CI sets it, .ci/run), a
// fresh schema for each run selected through search_path in the server's address, made and dropped by the
// helpers the server's own tests use (apps/server/test/postgres-schema.ts). Decision 1931.
import {
  createSchema as createPrefixedSchema,
  redactPassword,
  withAdminClient,
  type FreshSchema,
} from '../../../apps/server/test/postgres-schema'

/** Why the runner cannot run (it is skipped, loudly); undefined when PostgreSQL answers. */
export async function postgresProblem(
  baseUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<string | undefined> {
  if (baseUrl === undefined || baseUrl.trim() === '') {
    return 'TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test)'
  }
  try {
    await withAdminClient(baseUrl, (client) => client.query('select 1'))
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

export function createSchema(baseUrl: string): Promise<FreshSchema> {
  return createPrefixedSchema(baseUrl, 'forecourt_e2e')
}

export async function schemaExists(baseUrl: string, schema: string): Promise<boolean> {
  const { rows } = await withAdminClient(baseUrl, (client) =>
    client.query('select 1 from information_schema.schemata where schema_name = $1', [schema]),
  )
  return rows.length > 0
}
