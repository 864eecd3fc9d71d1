// Pounds for display, en-GB (docs/requirements.md#product). Kept free of schemas and of Intl: the start
// screen uses it (format/en-gb.ts says why).

import { formatGbp } from '../format/en-gb'

const WHOLE_POUNDS = { minimumFractionDigits: 0, maximumFractionDigits: 0 }
const WITH_PENCE = { minimumFractionDigits: 2, maximumFractionDigits: 2 }

/**
 * '£7,500', '£216.45', '£10,389.60'. Without `pence`, pence are shown only when the amount has
 * any (so a total never reads '£10,389.6'); `pence: true` always shows them; `pence: false`
 * rounds to whole pounds, as the vehicle banner's price does.
 */
export function formatPounds(value: number, opts: { pence?: boolean } = {}): string {
  if (!Number.isFinite(value)) return ''
  const pennies = Math.round(Number((value * 100).toPrecision(15)))
  const showPence = opts.pence ?? pennies % 100 !== 0
  const shown = showPence ? pennies / 100 : Math.round(pennies / 100)
  // `|| 0` turns -0 into 0: Intl would write '-£0' for an amount that rounds to nothing.
  return formatGbp(shown || 0, showPence ? WITH_PENCE : WHOLE_POUNDS)
}
