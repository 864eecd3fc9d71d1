// What a visitor should see on each brand host (docs/requirements.md#brands). Figures are worked out independently of the
// product's calculator: r = (1 + APR)^(1/12) − 1, payment = P·r / (1 − (1 + r)^−n), rounded to the penny.
import { E2E_PORT } from './env'

export interface ExpectedBrand {
  label: string
  tradingName: string
  colour: string
  monthlyPayment?: string
  /** The broker's contact details as shown, and the tel: address they dial. */
  phone: string
  tel: string
  email: string
}

export const expectedBrands: ExpectedBrand[] = [
  {
    label: 'harbourlend',
    tradingName: 'Harbour Lending',
    colour: 'rgb(11, 79, 138)',
    phone: '0117 496 0731',
    tel: 'tel:+441174960731',
    email: 'hello@harbourlend.example',
  },
  {
    label: 'milebroker',
    tradingName: 'Mile Broker',
    colour: 'rgb(107, 44, 145)',
    monthlyPayment: '£104.95',
    phone: '0121 496 0682',
    tel: 'tel:+441214960682',
    email: 'hello@milebroker.example',
  },
  {
    label: 'carfinance',
    tradingName: 'Car Finance Direct',
    colour: 'rgb(0, 112, 60)',
    monthlyPayment: '£226.43',
    phone: '0113 496 0745',
    tel: 'tel:+441134960745',
    email: 'hello@carfinance.example',
  },
  {
    label: 'scorepal',
    tradingName: 'ScorePal Car Finance',
    colour: 'rgb(179, 38, 30)',
    monthlyPayment: '£226.43',
    phone: '0131 496 0768',
    tel: 'tel:+441314960768',
    email: 'hello@scorepal.example',
  },
  {
    label: 'creditlens',
    tradingName: 'CreditLens Car Finance',
    colour: 'rgb(29, 92, 99)',
    monthlyPayment: '£226.43',
    phone: '0161 496 0759',
    tel: 'tel:+441614960759',
    email: 'hello@creditlens.example',
  },
]

export function brandUrl(label: string, path = '/'): string {
  return `http://${label}.localhost:${E2E_PORT}${path}`
}

/**
 * For Playwright's `request` fixture, which runs in Node: Node does not resolve `*.localhost`, so
 * the request goes to the loopback address with the brand in the Host header (decision 1551 and CONTRIBUTING.md).
 */
export function apiRequest(
  label: string,
  path: string,
): { url: string; headers: Record<string, string> } {
  return {
    url: `http://127.0.0.1:${E2E_PORT}${path}`,
    headers: { host: `${label}.localhost:${E2E_PORT}` },
  }
}
