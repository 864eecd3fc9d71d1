// The back-office API client: JSON over same-origin fetch, the anti-forgery token echoed on every
// write, and one place that notices an ended session (401) so the app can send the user to Sign in.

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

/** Calls the API and answers its JSON (null for an empty answer, such as 204). */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const response = await send(path, options)
  const text = await response.text()
  return (text === '' ? null : JSON.parse(text)) as T
}

export function post<T>(
  path: string,
  body: unknown = {},
  options: Omit<CallOptions, 'method' | 'body'> = {},
) {
  return call<T>(path, { ...options, method: 'POST', body })
}

/** A file answer (the CSV export): its bytes and the name the server gave it. */
export async function postForFile(
  path: string,
  body: unknown,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, { method: 'POST', body })
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
