// The applicant contract's type-level test on the web app's side, checked by `npm run typecheck` (so by
// `npm test`): each `@ts-expect-error` marks a read or a call the compiler must refuse because the
// contract the server's routes declare has no such field, type or route; a directive that stops being
// needed fails the check. Imported by nothing, so never in the bundle, and its calls never run.

import { getJson, postJson } from './api'
import { checkLink, openLink, requestNewLink } from './save-return'

import type {
  JointView,
  SavedForLater,
  StatusView,
  StockAnswer,
  SubmissionAnswer,
  WriteRefusal,
} from './api-types'

export function contractReads(
  status: StatusView,
  joint: JointView,
  saved: SavedForLater,
  stock: StockAnswer,
  submission: SubmissionAnswer,
  refusal: WriteRefusal,
): unknown[] {
  return [
    status.lenders[0]?.offer?.monthlyPayment,
    joint.loan.warning,
    saved.maskedEmail,
    stock.vehicleType,
    submission.reference,
    refusal.reason,
    // @ts-expect-error the page's offers have no `rate`: its APR is `apr`
    status.lenders[0]?.offer?.rate,
    // @ts-expect-error a lender's state is a closed set: 'approved' is none of its values
    status.lenders[0]?.state === 'approved',
    // @ts-expect-error a lender's message may be null: it must be checked before use
    status.lenders[0]?.message.trim(),
    // @ts-expect-error the joint applicant's soft-search text is null when the brand asks for none
    joint.softSearch.text,
    // @ts-expect-error the stock answer's price is a whole number of pounds, not text
    stock.price.trim(),
    // @ts-expect-error the save's answer names the masked address `maskedEmail`, not `email`
    saved.email,
    // @ts-expect-error a refusal's reason is the application secret's only
    refusal.reason === 'csrf',
  ]
}

/** The API client's calls take their answers' types from the routes they name. */
export async function contractCalls(): Promise<unknown[]> {
  const status = await getJson<'GET /api/application-status'>('/api/application-status')
  const stock = await getJson<'GET /api/stock/:vehicleId'>('https://stock.example/api/stock/V1')
  const address = await getJson<'GET /api/address'>('/api/address?postcode=LS1%204AP')
  const sent = await postJson<'POST /api/save-and-return/:applicationKey'>(
    '/api/save-and-return/key',
    {},
  )
  const event = await postJson<'POST /api/events'>('/api/events', {})
  const confirmed = await checkLink<'POST /api/joint-confirmation/confirm'>(
    '/api/joint-confirmation/confirm',
    {},
  )
  const opened = await openLink('/api/application-status/open', 'token')
  return [
    status.lenders.map((lender) => lender.offer?.apr),
    stock.price.toFixed(0),
    address.addresses[0]?.udprn,
    sent.expiresAt,
    event === null,
    confirmed.kind === 'open' && confirmed.answer.confirmedAt,
    opened.kind === 'check' && opened.check,
    // @ts-expect-error the answer of the applicant's page has no `offers`: its offers are its lenders'
    status.offers,
    // @ts-expect-error the save's answer names the masked address `maskedEmail`, not `email`
    sent.email,
    // @ts-expect-error a confirmation's answer has `confirmedAt`, not `disputedAt` (the dispute's)
    confirmed.kind === 'open' && confirmed.answer.disputedAt,
    // @ts-expect-error a 204 answers nothing: its answer is null
    event.status,
    // @ts-expect-error a call names its route: without one, no URL is accepted
    await getJson('/api/application-status'),
    // @ts-expect-error the URL must be the named route's path
    await getJson<'GET /api/application-status'>('/api/stock/V1'),
    // @ts-expect-error a route's parameter is part of its path: the save needs the application's key
    await postJson<'POST /api/save-and-return/:applicationKey'>('/api/save-and-return', {}),
    // @ts-expect-error a POST route is not read with GET
    await getJson<'POST /api/continue/open'>('/api/continue/open'),
    // @ts-expect-error a route the contract does not declare
    await getJson<'GET /api/applications'>('/api/applications'),
    // @ts-expect-error only the routes that open a link are opened as one
    await openLink('/api/continue/check', 'token'),
    // @ts-expect-error only the routes that send a new link are asked for one
    await requestNewLink('/api/continue/open', 'token', 'ann@example.com'),
  ]
}
