// The reference of the application sent from this tab, kept in session storage beside the saved
// answers, so the confirmation page and the screens behind it show the server's own reference
// after a reload too. Keyed by the application's GUID: a new application never shows an old one.

export const REFERENCE_STORAGE_KEY = 'forecourt.reference'

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

export function saveReference(guid: string, reference: string): void {
  try {
    storage()?.setItem(REFERENCE_STORAGE_KEY, JSON.stringify({ guid, reference }))
  } catch {
    // Storage full or blocked: the reference is worked out from the GUID again when needed.
  }
}

/** The reference kept for this GUID, or null. */
export function savedReference(guid: string): string | null {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(REFERENCE_STORAGE_KEY) ?? 'null')
    if (typeof saved !== 'object' || saved === null) return null
    const { guid: savedGuid, reference } = saved as Record<string, unknown>
    return savedGuid === guid && typeof reference === 'string' && reference !== ''
      ? reference
      : null
  } catch {
    return null
  }
}

export const SENT_BODY_STORAGE_KEY = 'forecourt.sent-body'

/**
 * Keeps the body sent for this GUID, so a reload during the sending sends the very same body again and
 * the server answers it as a replay, never as another application under the key (decision 1802).
 */
export function saveSentBody(guid: string, body: string): void {
  try {
    storage()?.setItem(SENT_BODY_STORAGE_KEY, JSON.stringify({ guid, body }))
  } catch {
    // Storage full or blocked: a reload builds the body again from the locked answers.
  }
}

/** The body sent for this GUID from this tab, or null. */
export function savedSentBody(guid: string): string | null {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(SENT_BODY_STORAGE_KEY) ?? 'null')
    if (typeof saved !== 'object' || saved === null) return null
    const { guid: savedGuid, body } = saved as Record<string, unknown>
    return savedGuid === guid && typeof body === 'string' && body !== '' ? body : null
  } catch {
    return null
  }
}
