// Small statistics for the benchmark's figures.

/** The middle value; the mean of the two middle values for an even count; NaN for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The nearest-rank percentile: the smallest value with at least `p` per cent of the values at or
 * below it, so p95 of 20 values is the 19th. Always a measured value; NaN for none.
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]
}
