// MOJ "filter a list": the filters applied are shown above the list as tags, each removable with
// one press; "Clear filters" removes them all.

export interface AppliedFilter {
  /** The filter's field: removing the tag empties it. */
  key: string
  /** 'Brand' */
  category: string
  /** 'Car Finance Direct' */
  value: string
}

export function FilterTags({
  filters,
  onRemove,
  onClear,
}: {
  filters: AppliedFilter[]
  onRemove: (key: string) => void
  onClear: () => void
}) {
  if (filters.length === 0) return null
  return (
    <section className="filter-tags-section" aria-labelledby="selected-filters">
      <h3 id="selected-filters" className="filter-tags__heading">
        Selected filters
      </h3>
      <ul className="filter-tags">
        {filters.map((filter) => (
          <li key={filter.key}>
            <button type="button" className="filter-tag" onClick={() => onRemove(filter.key)}>
              <span className="visually-hidden">Remove this filter:</span> {filter.category}:{' '}
              {filter.value}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" className="link-button" onClick={onClear}>
          Clear filters
        </button>
      </p>
    </section>
  )
}
