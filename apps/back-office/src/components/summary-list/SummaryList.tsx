// GOV.UK summary list: a question and its answer per row; an answer of several lines (an address)
// keeps its lines.

export interface SummaryRow {
  key: string
  value: string[]
}

export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="summary-list">
      {rows.map((row, i) => (
        <div className="summary-list__row" key={`${row.key}-${i}`}>
          <dt className="summary-list__key">{row.key}</dt>
          <dd className="summary-list__value">
            {row.value.map((line, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  )
}
