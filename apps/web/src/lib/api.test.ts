import { afterEach, expect, test, vi } from 'vitest'
import { ApiError, getJson, postJson, type GetAnyJson } from './api'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  document.cookie = 'forecourt-csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

function stubFetch(implementation: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

test('a 2xx answer gives its parsed JSON body', async () => {
  stubFetch(async () => new Response('{"ip":"203.0.113.9"}', { status: 200 }))
  await expect(getJson<'GET /api/ip'>('/api/ip?format=json')).resolves.toEqual({
    ip: '203.0.113.9',
  })
})

test('an empty 2xx answer gives null', async () => {
  stubFetch(async () => new Response(null, { status: 204 }))
  await expect(postJson<'POST /api/events'>('/api/events', { a: 1 })).resolves.toBeNull()
})

test.each([300, 404, 500])('status %i fails with the client error text', async (status) => {
  stubFetch(async () => new Response('{}', { status }))
  const error = await getJson<'GET /api/ip'>('/api/ip').catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).message).toBe(`Request failed with status code ${status}`)
  expect((error as ApiError).status).toBe(status)
})

test('a network failure gives Network Error', async () => {
  stubFetch(async () => {
    throw new TypeError('Failed to fetch')
  })
  await expect(getJson<'GET /api/ip'>('/api/ip')).rejects.toThrow(new ApiError('Network Error'))
})

test('a request that hangs past its timeout gives the timeout text', async () => {
  vi.useFakeTimers()
  stubFetch(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        )
      }),
  )
  const result = getJson<'GET /api/ip'>('/api/ip', { timeoutMs: 2500 }).catch(
    (caught: unknown) => caught,
  )
  await vi.advanceTimersByTimeAsync(2500)
  expect(((await result) as Error).message).toBe('timeout of 2500ms exceeded')
})

test('an abort by the caller gives Request aborted', async () => {
  stubFetch(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        )
      }),
  )
  const controller = new AbortController()
  const result = getJson<'GET /api/ip'>('/api/ip', { signal: controller.signal }).catch(
    (caught: unknown) => caught,
  )
  controller.abort()
  expect(((await result) as Error).message).toBe('Request aborted')
})

test('a POST sends JSON and the anti-forgery header from its cookie', async () => {
  document.cookie = 'forecourt-csrf=tok%2Ben'
  const fetchMock = stubFetch(async () => new Response('{}', { status: 201 }))
  await postJson<'POST /api/submission/:submissionKey'>('/api/submission/abc', { firstName: 'Ann' })
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe('/api/submission/abc')
  expect(init.method).toBe('POST')
  expect(init.body).toBe('{"firstName":"Ann"}')
  expect(init.headers).toEqual({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'x-csrf-token': 'tok+en',
  })
})

test('without the anti-forgery cookie no header is sent', async () => {
  const fetchMock = stubFetch(async () => new Response('{}', { status: 200 }))
  await getJson<'GET /api/ip'>('/api/ip')
  expect(fetchMock.mock.calls[0]![1].headers).toEqual({ Accept: 'application/json' })
})

test('an answer from a host outside the contract is given as it came, for the caller to read', async () => {
  const fetchMock = stubFetch(async () => new Response('{"ip":"203.0.113.9","extra":1}'))
  await expect((getJson as GetAnyJson)('https://ip.example/?format=json')).resolves.toEqual({
    ip: '203.0.113.9',
    extra: 1,
  })
  expect(fetchMock.mock.calls[0]![1].method).toBe('GET')
})
