// The back-office API client: JSON over same-origin fetch, the anti-forgery token echoed on every
// write, and one place that notices an ended session (401) so the app can send the user to Sign in.
// A call names its route as the contract does ('POST /api/back-office/…', decisions 2165 and 2173): its
// path parameters, body and query are typed from the contract's requests and its answer from the
// contract's answers, so a screen cannot send or read a field the server's schema does not name.

import type { BackOfficeAnswer, BackOfficeRoute } from '@forecourt/domain/contract/back-office'
import type {
  BackOfficeBody,
  BackOfficeQuery,
} from '@forecourt/domain/contract/back-office-requests'

export const API = '/api/back-office'
const CSRF_HEADER = 'x-csrf-token'
const CSRF_COOKIES = ['__Host-forecourt-csrf', 'forecourt-csrf']

export interface FieldError {
  field: string
  message: string
}

export class ApiError extends Error {
  /** The HTTP status, or null when the server could not be reached. */
  readonly status: number | null
  /** The server's `error` text, for the few answers whose words are meant for the user. */
  readonly serverMessage: string | undefined
  readonly fieldErrors: FieldError[]

  constructor(status: number | null, serverMessage?: string, fieldErrors: FieldError[] = []) {
    super(status === null ? 'The server could not be reached' : `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.fieldErrors = fieldErrors
  }
}

let sessionEndedListener: (() => void) | undefined
let knownToken: string | undefined

/** Called whenever an authenticated call answers 401: the session has ended (idle, absolute or signed out elsewhere). */
export function onSessionEnded(listener: (() => void) | undefined): void {
  sessionEndedListener = listener
}

/** A token the server handed over in a body (session answers), used when the cookie cannot be read. */
export function rememberCsrfToken(token: string | undefined): void {
  if (token) knownToken = token
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) {
      return decodeURIComponent(part.slice(at + 1).trim())
    }
  }
  return undefined
}

async function csrfToken(): Promise<string | undefined> {
  for (const name of CSRF_COOKIES) {
    const value = readCookie(name)
    if (value) return value
  }
  if (knownToken) return knownToken
  // The page was not loaded from the server (a development server): ask for one.
  const response = await fetch(`${API}/csrf`, { credentials: 'same-origin' })
  if (response.ok) rememberCsrfToken(((await response.json()) as { token?: string }).token)
  return knownToken
}

export interface CallOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  /** Sign-in and enrolment answer 401 for wrong details, not for an ended session. */
  unauthorisedIsExpected?: boolean
}

async function send(path: string, options: CallOptions): Promise<Response> {
  const { method = 'GET', body } = options
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json'
    const token = await csrfToken()
    if (token) headers[CSRF_HEADER] = token
  }
  let response: Response
  try {
    response = await fetch(`${API}${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
    })
  } catch {
    throw new ApiError(null)
  }
  if (response.ok) return response
  let parsed: { error?: string; errors?: FieldError[] } = {}
  try {
    parsed = (await response.json()) as typeof parsed
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  if (response.status === 401 && !options.unauthorisedIsExpected) sessionEndedListener?.()
  throw new ApiError(
    response.status,
    parsed.error,
    Array.isArray(parsed.errors) ? parsed.errors : [],
  )
}

type PathOf<R> = R extends `${string} /api/back-office${infer P}` ? P : never
type ParamsIn<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsIn<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type Params<R> = [ParamsIn<PathOf<R>>] extends [never]
  ? unknown
  : { params: Record<ParamsIn<PathOf<R>>, string> }
type Body<R extends string> = [BackOfficeBody<R>] extends [never]
  ? unknown
  : { body: BackOfficeBody<R> }
type Query<R extends string> = [BackOfficeQuery<R>] extends [never]
  ? unknown
  : { query?: BackOfficeQuery<R> }

/** What a call to route `R` sends: its path parameters, its body and its query, as the contract types them. */
export type RouteInput<R extends BackOfficeRoute> = Params<R> &
  Body<R> &
  Query<R> &
  Pick<CallOptions, 'unauthorisedIsExpected'>
type InputArgument<R extends BackOfficeRoute> =
  object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>]

export type GetRoute = Extract<BackOfficeRoute, `GET ${string}`>
export type PostRoute = Extract<BackOfficeRoute, `POST ${string}`>

interface LooseInput {
  params?: Record<string, string>
  body?: unknown
  query?: Record<string, string | number | undefined | null>
  unauthorisedIsExpected?: boolean
}

/** The route's path under /api/back-office, its parameters filled in and its query appended. */
function pathOf(route: BackOfficeRoute, input: LooseInput = {}): string {
  const path = route.slice(route.indexOf(' /api/back-office') + ' /api/back-office'.length)
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(input.params?.[name] ?? ''),
  )
  return `${filled}${input.query ? query(input.query) : ''}`
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text()
  return (text === '' ? null : JSON.parse(text)) as T
}

/** Reads a route; answers its JSON. */
export async function get<R extends GetRoute>(
  route: R,
  ...[input]: InputArgument<R>
): Promise<BackOfficeAnswer<R>> {
  const loose = input as LooseInput | undefined
  const response = await send(pathOf(route, loose), {
    unauthorisedIsExpected: loose?.unauthorisedIsExpected,
  })
  return json(response)
}

/** Writes to a route; answers its JSON (null for an empty answer, such as 204). */
export async function post<R extends PostRoute>(
  route: R,
  ...[input]: InputArgument<R>
): Promise<BackOfficeAnswer<R>> {
  const loose = input as LooseInput | undefined
  const response = await send(pathOf(route, loose), {
    method: 'POST',
    body: loose?.body,
    unauthorisedIsExpected: loose?.unauthorisedIsExpected,
  })
  return json(response)
}

/** A file answer (a CSV export): its bytes and the name the server gave it. */
export async function postForFile<R extends PostRoute>(
  route: R,
  ...[input]: InputArgument<R>
): Promise<{ blob: Blob; filename: string }> {
  const loose = input as LooseInput | undefined
  const response = await send(pathOf(route, loose), { method: 'POST', body: loose?.body })
  const disposition = response.headers.get('content-disposition') ?? ''
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'export.csv'
  return { blob: await response.blob(), filename }
}

/** A query string from the set values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The fields of `values` that are set (not empty, null or undefined), as a form's filters are sent. */
export function setValues<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as Partial<T>
}
