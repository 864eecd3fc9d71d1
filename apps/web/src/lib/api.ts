// A small JSON client. Its error messages follow the specification's client errors (docs/requirements.md#error-catalogue); they are
// for logs and analytics only and are never shown to the applicant.

import { CSRF_HEADER, readCsrfToken } from './csrf'

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

export function getJson(url: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return requestJson(url, { ...options, method: 'GET' })
}

export function postJson(
  url: string,
  body: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) {
  return requestJson(url, { ...options, method: 'POST', body })
}
