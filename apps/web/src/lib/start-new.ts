import { START_NEW_RELOAD_MS } from '@forecourt/domain/fields/timing'
import { discardSavedApplication } from './session-store'

/**
 * Start a new application (docs/requirements.md#shell): clear session storage, go to the start screen, then reload
 * the page after 500 ms so start-up runs afresh (new GUID, applied date, brand).
 */
export function startNewApplication(
  navigate: (path: string) => void,
  reload: () => void = () => window.location.reload(),
): void {
  discardSavedApplication()
  navigate('/')
  setTimeout(reload, START_NEW_RELOAD_MS)
}
