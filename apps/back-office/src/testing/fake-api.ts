// The back-office API as the component tests see it: a stand-in for fetch that answers each
// "METHOD /path" from a table and records every request, so a test can check what was sent.

import { vi } from 'vitest'

export interface Sent {
  method: string
  /** The path under /api/back-office, with its query string. */
  path: string
  body: unknown
  headers: Record<string, string>
}

export type Answer = [status: number, body?: unknown, headers?: Record<string, string>]
export type Handler = Answer | ((request: Sent) => Answer)

const PREFIX = '/api/back-office'

/** Replaces fetch for this test; routes are "GET /session", "POST /sign-in", … (query ignored). */
export function fakeApi(routes: Record<string, Handler>) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://backoffice.localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname
    const request: Sent = {
      method,
      path: `${path}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    }
    sent.push(request)
    const handler =
      routes[`${method} ${path}`] ?? routes[`${method} ${path.replace(/\/[^/]+$/, '/:id')}`]
    const [status, body, headers = {}] = handler
      ? typeof handler === 'function'
        ? handler(request)
        : handler
      : [404, { error: 'Not found' }]
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
    return new Response(status === 204 ? null : text, {
      status,
      headers: {
        'content-type': typeof body === 'string' ? 'text/csv' : 'application/json',
        ...headers,
      },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    sent,
    /** The requests to `METHOD /path` (query ignored). */
    to: (route: string) =>
      sent.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route),
  }
}
