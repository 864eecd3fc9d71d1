/** The port the end-to-end server listens on (loopback only). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107)
