// Whether this tab saved its answers for later (or opened a link to them): then the answers behind the
// link follow the applicant (decision 1822). Its own tiny module, loaded with the partial save, so a tab
// that never saved for later never loads the save-and-return code.

import type { ApplicationState } from '@forecourt/domain/state/application-state'

const FLAG = 'forecourt.saved-for-later'

export function wasSavedForLater(): boolean {
  try {
    return sessionStorage.getItem(FLAG) === '1'
  } catch {
    return false
  }
}

export function markSavedForLater(saved: boolean): void {
  try {
    if (saved) sessionStorage.setItem(FLAG, '1')
    else sessionStorage.removeItem(FLAG)
  } catch {
    // Storage blocked: refreshed until the page is left.
  }
}

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
