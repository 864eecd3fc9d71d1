// Whether this tab saved its answers for later (or opened a link to them): then the answers behind the
// link follow the applicant (decision 1822). Its own tiny module, loaded with the partial save, so a tab
// that never saved for later never loads the save-and-return code.

import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { wasSavedForLater } from './saved-for-later-flag'

/** Starts keeping the saved answers up to date when this tab saved them for later. */
export function refreshIfSavedForLater(deps: {
  getState: () => ApplicationState
  subscribe: (listener: (state: ApplicationState) => void) => () => void
}): void {
  if (!wasSavedForLater()) return
  void import('./save-return').then(({ startSavedAnswersRefresh }) =>
    startSavedAnswersRefresh(deps),
  )
}
