import { recall, remember } from '#lib/remembered'

// The list's search, filters and page, kept in memory while the operator opens an application and
// comes back (never in the address: a search can be an email or a phone number).

export interface Filters {
  brand: string
  status: string
  kind: '' | 'submitted' | 'partial'
  /** A lender's latest decision, or 'none' for no decision yet. */
  decision: string
  /** 'yes': only applications with a submission kept for attention. */
  needsAttention: '' | 'yes'
  from: string
  to: string
}

export const NO_FILTERS: Filters = {
  brand: '',
  status: '',
  kind: '',
  decision: '',
  needsAttention: '',
  from: '',
  to: '',
}

export interface ListState {
  operatorId: string
  query: string
  filters: Filters
  /** The cursor of each page shown so far; the last is the current page's (null: the first). */
  cursors: (string | null)[]
}

const KEY = 'applications-list'

export function loadListState(operatorId: string): ListState {
  const saved = recall<ListState>(KEY)
  if (saved && saved.operatorId === operatorId) {
    return { ...saved, filters: { ...NO_FILTERS, ...saved.filters } }
  }
  return { operatorId, query: '', filters: NO_FILTERS, cursors: [null] }
}

export function saveListState(state: ListState): void {
  remember(KEY, state)
}
