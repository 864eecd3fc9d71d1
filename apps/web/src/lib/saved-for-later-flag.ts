// Whether this tab saved its answers for later (or opened a link to them), kept in session storage: then
// the answers behind the link follow the applicant (decision 1822). Apart from the code that refreshes
// them, which loads only in a tab that saved.

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
