// The stored payload of a submission, as the page sent it: the server stamps the client address it saw and
// the time it received the application, and keeps the page's own address as the client's (decision 1572).

export interface Unstamped {
  /** The payload with the server's stamps taken out and the page's own address put back. */
  asSent: Record<string, unknown>
  /** Whether the server stamped both the address and the time. */
  stamped: boolean
}

export function unstamped(stored: Record<string, unknown>): Unstamped {
  // A row written without going through the API (a test's own) has no stamps: it is as sent.
  if (stored.dateReceived === undefined) return { asSent: stored, stamped: false }
  const { remoteAddress, dateReceived, clientRemoteAddress, ...rest } = stored
  return {
    asSent:
      clientRemoteAddress === undefined ? rest : { ...rest, remoteAddress: clientRemoteAddress },
    stamped: typeof remoteAddress === 'string' && typeof dateReceived === 'string',
  }
}
