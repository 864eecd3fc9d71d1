// What the progress bar last showed in this tab, kept in session storage so that a reload or a
// change of screen never draws it lower (docs/decisions/2082-progress-never-moves-backwards.md).
// Tied to the application: a new application starts from nothing.
import { NO_PROGRESS_SHOWN, type ShownProgress } from '@forecourt/domain/progress/monotone-progress'

const KEY = 'forecourt.progress-shown'

interface Stored extends ShownProgress {
  applicationId: string
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.applicationId === 'string' &&
    typeof v.share === 'number' &&
    typeof v.answered === 'number'
  )
}

export function readShownProgress(applicationId: string): ShownProgress {
  try {
    const raw = sessionStorage.getItem(KEY)
    const stored: unknown = raw === null ? undefined : JSON.parse(raw)
    if (isStored(stored) && stored.applicationId === applicationId) {
      return { share: stored.share, answered: stored.answered }
    }
  } catch {
    // Storage blocked or unreadable: the bar starts from this page's count.
  }
  return NO_PROGRESS_SHOWN
}

export function writeShownProgress(applicationId: string, shown: ShownProgress): void {
  try {
    const stored: Stored = { applicationId, ...shown }
    sessionStorage.setItem(KEY, JSON.stringify(stored))
  } catch {
    // Storage blocked: the bar is monotone until the page is left.
  }
}
