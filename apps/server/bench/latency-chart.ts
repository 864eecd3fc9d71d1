// The chart of `npm run bench:api`: a submission's latency (p50 and p99) against the load offered, one
// pair of lines per database engine, and the p99 bar of docs/requirements.md#performance as a dashed line. Plain SVG written by
// hand, so the report needs no charting dependency; the latency axis is logarithmic because the last
// points, at the edge of what a server can serve, are tens of times slower than the first.

export interface ChartPoint {
  /** Requests a second offered. */
  offered: number
  /** Milliseconds. */
  p50: number
  p99: number
  /** The point the bar judges (half the maximum rate): ringed. */
  bar?: boolean
}

export interface ChartSeries {
  name: string
  points: ChartPoint[]
}

export interface ChartOptions {
  /** The p99 bar, in milliseconds. */
  barMs: number
  title?: string
}

const WIDTH = 800
const HEIGHT = 440
const PLOT = { left: 72, right: 560, top: 56, bottom: 372 }
// Colour-blind safe (Okabe–Ito blue and vermillion), both 4.5:1 or more on white.
const COLOURS = ['#0063a6', '#b34700', '#6b3fa0', '#2b6e2b']
const BAR_COLOUR = '#b00020'
const TEXT = '#1a1a1a'
const GRID = '#d9d9d9'

export function latencyChart(series: readonly ChartSeries[], options: ChartOptions): string {
  const title = options.title ?? 'Durable submission: latency against the load offered'
  const points = series.flatMap((one) => one.points)
  const xMax = niceCeiling(Math.max(1, ...points.map((point) => point.offered)))
  const values = points.flatMap((point) => [point.p50, point.p99]).filter((value) => value > 0)
  const yMin = logFloor(Math.min(options.barMs, ...values))
  const yMax = logCeiling(Math.max(options.barMs, ...values))
  const x = (offered: number) => PLOT.left + (offered / xMax) * (PLOT.right - PLOT.left)
  const y = (ms: number) => {
    const share =
      (Math.log10(Math.max(ms, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))
    return PLOT.bottom - share * (PLOT.bottom - PLOT.top)
  }

  const parts: string[] = []
  // Grid and ticks.
  for (const tick of linearTicks(xMax)) {
    parts.push(
      line(x(tick), PLOT.top, x(tick), PLOT.bottom, GRID),
      text(x(tick), PLOT.bottom + 18, formatNumber(tick), 'middle'),
    )
  }
  for (const tick of logTicks(yMin, yMax)) {
    parts.push(
      line(PLOT.left, y(tick), PLOT.right, y(tick), GRID),
      text(PLOT.left - 8, y(tick) + 4, formatNumber(tick), 'end'),
    )
  }
  // Axes and their labels.
  parts.push(
    line(PLOT.left, PLOT.bottom, PLOT.right, PLOT.bottom, TEXT),
    line(PLOT.left, PLOT.top, PLOT.left, PLOT.bottom, TEXT),
    text(
      (PLOT.left + PLOT.right) / 2,
      PLOT.bottom + 44,
      'load offered (requests per second)',
      'middle',
    ),
    `<text x="18" y="${(PLOT.top + PLOT.bottom) / 2}" text-anchor="middle" transform="rotate(-90 18 ${(PLOT.top + PLOT.bottom) / 2})" fill="${TEXT}">latency (ms, logarithmic scale)</text>`,
    `<text x="${WIDTH / 2}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="${TEXT}">${escape(title)}</text>`,
  )
  // The bar.
  parts.push(
    `<line x1="${PLOT.left}" y1="${round(y(options.barMs))}" x2="${PLOT.right}" y2="${round(y(options.barMs))}" stroke="${BAR_COLOUR}" stroke-width="2" stroke-dasharray="10 6"/>`,
  )
  // The lines: p99 solid with circles, p50 dotted with squares.
  series.forEach((one, index) => {
    const colour = COLOURS[index % COLOURS.length] ?? TEXT
    const sorted = [...one.points].sort((a, b) => a.offered - b.offered)
    for (const [key, dash] of [
      ['p99', ''],
      ['p50', ' stroke-dasharray="3 4"'],
    ] as const) {
      const path = sorted.map((point) => `${round(x(point.offered))},${round(y(point[key]))}`)
      parts.push(
        `<polyline points="${path.join(' ')}" fill="none" stroke="${colour}" stroke-width="${key === 'p99' ? 2.5 : 1.75}"${dash}/>`,
      )
      for (const point of sorted) parts.push(marker(key, x(point.offered), y(point[key]), colour))
    }
    for (const point of sorted.filter((one) => one.bar === true)) {
      parts.push(ring(x(point.offered), y(point.p99), colour))
    }
  })
  // The legend, right of the plot.
  const legendX = PLOT.right + 24
  let legendY = PLOT.top + 8
  const legendEntry = (symbol: string, label: string) => {
    parts.push(symbol, text(legendX + 40, legendY + 4, label, 'start'))
    legendY += 24
  }
  series.forEach((one, index) => {
    const colour = COLOURS[index % COLOURS.length] ?? TEXT
    legendEntry(
      `<line x1="${legendX}" y1="${legendY}" x2="${legendX + 30}" y2="${legendY}" stroke="${colour}" stroke-width="2.5"/>${marker('p99', legendX + 15, legendY, colour)}`,
      `${one.name} p99`,
    )
    legendEntry(
      `<line x1="${legendX}" y1="${legendY}" x2="${legendX + 30}" y2="${legendY}" stroke="${colour}" stroke-width="1.75" stroke-dasharray="3 4"/>${marker('p50', legendX + 15, legendY, colour)}`,
      `${one.name} p50`,
    )
  })
  legendEntry(
    `<line x1="${legendX}" y1="${legendY}" x2="${legendX + 30}" y2="${legendY}" stroke="${BAR_COLOUR}" stroke-width="2" stroke-dasharray="10 6"/>`,
    `bar: p99 ≤ ${formatNumber(options.barMs)} ms`,
  )
  if (points.some((point) => point.bar === true)) {
    legendEntry(ring(legendX + 15, legendY, TEXT), 'half the maximum rate')
  }

  const description = series
    .map(
      (one) =>
        `${one.name}: ${one.points
          .map(
            (point) =>
              `${formatNumber(Math.round(point.offered))} req/s, p50 ${formatNumber(point.p50)} ms, p99 ${formatNumber(point.p99)} ms`,
          )
          .join('; ')}.`,
    )
    .join(' ')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="13">`,
    `<title id="chart-title">${escape(title)}</title>`,
    `<desc id="chart-desc">${escape(`The bar is a p99 of ${formatNumber(options.barMs)} ms at half the maximum rate. ${description}`)}</desc>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}

function marker(kind: 'p50' | 'p99', cx: number, cy: number, colour: string): string {
  return kind === 'p99'
    ? `<circle cx="${round(cx)}" cy="${round(cy)}" r="4" fill="${colour}"/>`
    : `<rect x="${round(cx - 3.5)}" y="${round(cy - 3.5)}" width="7" height="7" fill="#ffffff" stroke="${colour}" stroke-width="1.5"/>`
}

function ring(cx: number, cy: number, colour: string): string {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="8" fill="none" stroke="${colour}" stroke-width="1.5"/>`
}

function line(x1: number, y1: number, x2: number, y2: number, colour: string): string {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${colour}" stroke-width="1"/>`
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end'): string {
  return `<text x="${round(x)}" y="${round(y)}" text-anchor="${anchor}" fill="${TEXT}">${escape(content)}</text>`
}

/** A round step that divides 0 to `max` into about five: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(max: number): number {
  const raw = max / 5
  const power = 10 ** Math.floor(Math.log10(raw))
  return [1, 2, 2.5, 5, 10].map((step) => step * power).find((step) => step >= raw) ?? 10 * power
}

/** The axis end: the first multiple of the axis step at or above `value`. */
export function niceCeiling(value: number): number {
  const step = niceStep(value)
  return Number((Math.ceil(value / step - 1e-9) * step).toPrecision(6))
}

/** Evenly spaced round ticks from 0 to `max`. */
export function linearTicks(max: number): number[] {
  const step = niceStep(max)
  const ticks: number[] = []
  for (let tick = 0; tick <= max + step / 1000; tick += step)
    ticks.push(Number(tick.toPrecision(6)))
  return ticks
}

/** 1, 2 and 5 times each power of ten from `min` to `max`. */
export function logTicks(min: number, max: number): number[] {
  const ticks: number[] = []
  for (let power = Math.floor(Math.log10(min)); 10 ** power <= max; power += 1) {
    for (const step of [1, 2, 5]) {
      const tick = step * 10 ** power
      if (tick >= min * 0.999 && tick <= max * 1.001) ticks.push(Number(tick.toPrecision(3)))
    }
  }
  return ticks
}

/** The 1, 2 or 5 times a power of ten at or below `value`. */
function logFloor(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value))
  return ([5, 2, 1].map((step) => step * power).find((step) => step <= value) ?? power) as number
}

/** The 1, 2 or 5 times a power of ten at or above `value`. */
function logCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 5, 10].map((step) => step * power).find((step) => step >= value) ?? 10 * power
}

function formatNumber(value: number): string {
  if (value >= 1000) return Math.round(value).toLocaleString('en-GB')
  if (value >= 10) return String(Math.round(value))
  return String(Math.round(value * 10) / 10)
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

function escape(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
