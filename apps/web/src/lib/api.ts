// A small JSON client. Its error messages follow the specification's client errors (docs/requirements.md#error-catalogue); they are
// for logs and analytics only and are never shown to the applicant. A call names its route of the applicant
// API's contract (decision 2166) as a type argument, `getJson<'GET /api/application-status'>(url)`: the
// answer's type is the route's, and the URL must be the route's path. Types only: nothing is parsed here.

import type { ApplicantRoute, ApplicantSuccess } from '@forecourt/domain/contract/applicant'
import { CSRF_HEADER, readCsrfToken } from './csrf'

export type GetRoute = Extract<ApplicantRoute, `GET ${string}`>
export type PostRoute = Extract<ApplicantRoute, `POST ${string}`>

/** A route's path with each `:param` as any text: `/api/stock/:vehicleId` → `/api/stock/${string}`. */
type PathOf<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathOf<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P

/** Where a route is called: its path, after the API's origin when it has its own, with a query or not. */
export type ApiUrl<R extends ApplicantRoute> = R extends `${string} ${infer P}`
  ? `${string}${PathOf<P>}` | `${string}${PathOf<P>}?${string}`
  : never

/**
 * A route's answer when the request did not fail; of each route, for a union of routes. An empty
 * answer (204) is null, as `requestJson` gives it.
 */
export type ApiAnswer<R extends ApplicantRoute> = R extends ApplicantRoute
  ? NullWhenEmpty<ApplicantSuccess<R>>
  : never

type NullWhenEmpty<T> = T extends undefined ? null : T

export const DEFAULT_TIMEOUT_MS = 30_000

export interface RequestOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  timeoutMs?: number
  /** Lets a request outlive the page, for a submission sent just before a redirect. */
  keepalive?: boolean
  signal?: AbortSignal
  /** Further headers: the application secret of a write (decision 1801). */
  headers?: Record<string, string>
}

export class ApiError extends Error {
  /** The HTTP status when the server answered; null for network errors, timeouts and aborts. */
  readonly status: number | null
  /** The server's JSON answer, when it sent one: its `error` is a message some screens show. */
  readonly body: unknown

  constructor(message: string, status: number | null = null, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

/**
 * The answer of a request to `url`, typed as the route `R` answers (without `R`, no URL is accepted).
 * The types are the overload's only: the answer is not parsed, as the server serialises it by the same
 * contract and its tests parse every answer a route sends with that route's schema.
 */
export async function requestJson<R extends ApplicantRoute = never>(
  url: NoInfer<ApiUrl<R>>,
  options?: RequestOptions,
): Promise<ApiAnswer<R>>
export async function requestJson(url: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, timeoutMs = DEFAULT_TIMEOUT_MS, keepalive, signal } = options
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const csrfToken = readCsrfToken()
  if (csrfToken) headers[CSRF_HEADER] = csrfToken

  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const abortFromCaller = () => controller.abort()
  signal?.addEventListener('abort', abortFromCaller)

  let response: Response
  try {
    if (signal?.aborted) throw new ApiError('Request aborted')
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      keepalive,
      signal: controller.signal,
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (timedOut) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`)
    if (controller.signal.aborted) throw new ApiError('Request aborted')
    throw new ApiError('Network Error')
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abortFromCaller)
  }

  if (response.status < 200 || response.status > 299) {
    let answer: unknown
    try {
      answer = JSON.parse(await response.text()) as unknown
    } catch {
      answer = undefined
    }
    throw new ApiError(
      `Request failed with status code ${response.status}`,
      response.status,
      answer,
    )
  }
  const text = await response.text()
  return text === '' ? null : (JSON.parse(text) as unknown)
}

export function getJson<R extends GetRoute = never>(
  url: NoInfer<ApiUrl<R>>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ApiAnswer<R>> {
  return requestJson<R>(url, { ...options, method: 'GET' })
}

export function postJson<R extends PostRoute = never>(
  url: NoInfer<ApiUrl<R>>,
  body: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ApiAnswer<R>> {
  return requestJson<R>(url, { ...options, method: 'POST', body })
}

/**
 * `getJson` as a caller uses it that reads the answer field by field, whatever it is: the IP lookup, whose
 * host may be another service's (VITE_IP_LOOKUP_URL), and the vehicle from stock, on the vehicles' host.
 */
export type GetAnyJson = (url: string) => Promise<unknown>
