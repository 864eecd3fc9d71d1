// A grouped bar chart drawn as SVG by React itself (decision 1755): no chart library, no inline style
// attributes for the content security policy to refuse. The chart is an image with a title and a
// description; the figures themselves are in the table each chart is shown with, which is what a
// screen reader or a keyboard user reads. The key names every series in words, so colour is never
// the only way to tell them apart.

export interface ChartSeries {
  name: string
  values: (number | null)[]
}

export interface BarChartProps {
  id: string
  title: string
  /** Says in words what the chart shows, and where its table is. */
  description: string
  categories: string[]
  series: ChartSeries[]
  /** How a value is written on the axis and in each bar's tooltip. */
  format?: (value: number) => string
}

const WIDTH = 640
const HEIGHT = 240
const LEFT = 56
const BOTTOM = 28
const TOP = 12

export function BarChart({
  id,
  title,
  description,
  categories,
  series,
  format = String,
}: BarChartProps) {
  const values = series.flatMap((each) => each.values.filter((v): v is number => v !== null))
  const max = Math.max(1, ...values)
  const plotWidth = WIDTH - LEFT - 8
  const plotHeight = HEIGHT - TOP - BOTTOM
  const group = plotWidth / Math.max(1, categories.length)
  const bar = Math.max(2, (group * 0.8) / Math.max(1, series.length))
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight
  const ticks = [0, max / 2, max]
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        focusable="false"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              className="chart__axis"
              x1={LEFT}
              x2={WIDTH - 8}
              y1={y(tick)}
              y2={y(tick)}
              opacity={tick === 0 ? 1 : 0.25}
            />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
              {format(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, c) => {
          const start = LEFT + c * group + group * 0.1
          return (
            <g key={category}>
              {series.map((each, s) => {
                const value = each.values[c]
                if (value === null || value === undefined) return null
                return (
                  <rect
                    key={each.name}
                    className={`chart__bar--${s % 4}`}
                    x={start + s * bar}
                    y={y(value)}
                    width={Math.max(1, bar - 1)}
                    height={Math.max(0, TOP + plotHeight - y(value))}
                  >
                    <title>{`${category}, ${each.name}: ${format(value)}`}</title>
                  </rect>
                )
              })}
              <text x={start + (group * 0.8) / 2} y={HEIGHT - 8} textAnchor="middle">
                {category}
              </text>
            </g>
          )
        })}
      </svg>
      <ul className="chart__key" aria-label={`Key to ${title}`}>
        {series.map((each, s) => (
          <li key={each.name}>
            <span className={`chart__swatch chart__swatch--${s % 4}`} aria-hidden="true" />
            {each.name}
          </li>
        ))}
      </ul>
    </figure>
  )
}
