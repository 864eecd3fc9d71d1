/** The port the end-to-end server listens on (loopback only). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107)

/**
 * The settings of the end-to-end server, in every runner (the back office's and save-and-return's add
 * theirs): loopback only, quiet logs unless E2E_LOG_LEVEL asks for more, its own data folder (the SQLite
 * file, or unused beside DATABASE_URL).
 */
export function e2eServerEnv(dataDir: string): Record<string, string> {
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'test',
    // Every journey of the suite comes from one address, two at a time: more writes a minute and partial
    // saves an hour than any one applicant makes. The limits are tested in apps/server/test
    // (rate-limit.test.ts, application.test.ts).
    RATE_LIMIT_WRITES_PER_MINUTE: '600',
    RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
  }
}
