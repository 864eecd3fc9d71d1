// The stored payload of a submission, as the page sent it: the server stamps the client address it saw and
// the time it received the application, and keeps the page's own address as the client's (decision 1572).

export interface Unstamped {
  /** The payload with the server's stamps taken out and the page's own address put back. */
  asSent: Record<string, unknown>
  /** Whether the server stamped both the address and the time. */
  stamped: boolean
}

export function unstamped(stored: Record<string, unknown>): Unstamped {
  const { remoteAddress, dateReceived, clientRemoteAddress, ...rest } = stored
  const stamped = typeof remoteAddress === 'string' && typeof dateReceived === 'string'
  // A payload stored without the route (a repository called directly) carries no stamps to take out.
  if (!stamped) return { asSent: stored, stamped }
  return {
    asSent:
      clientRemoteAddress === undefined ? rest : { ...rest, remoteAddress: clientRemoteAddress },
    stamped,
  }
}

/**
 * What a lender received, as the page sent it: the stored payload with the evidence record beside it
 * (decision 1655), the server's stamps taken out.
 */
export function deliveredAsSent(delivered: unknown): unknown {
  if (typeof delivered !== 'object' || delivered === null || Array.isArray(delivered)) {
    return delivered
  }
  const { evidence: _evidence, ...payload } = delivered as Record<string, unknown>
  return unstamped(payload).asSent
}
