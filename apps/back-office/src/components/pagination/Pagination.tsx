// Keyset pages (the server gives only a "next" cursor): Previous and Next, and which page this is.

export function Pagination({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  label = 'Pages',
}: {
  page: number
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
  label?: string
}) {
  if (!hasPrevious && !hasNext) return null
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {hasPrevious ? (
          <li>
            <button type="button" className="link-button" onClick={onPrevious}>
              Previous <span className="visually-hidden">page</span>
            </button>
          </li>
        ) : null}
        {hasNext ? (
          <li>
            <button type="button" className="link-button" onClick={onNext}>
              Next <span className="visually-hidden">page</span>
            </button>
          </li>
        ) : null}
      </ul>
      <p className="secondary-text">Page {page}</p>
    </nav>
  )
}
