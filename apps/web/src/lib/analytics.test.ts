import { afterEach, expect, test, vi } from 'vitest'
import { track } from './analytics'

afterEach(() => {
  document.cookie = 'forecourt-csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
  delete window.dataLayer
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'sendBeacon')
})

test('an event is pushed to the data layer with only its known keys', () => {
  const event = { event: 'Submit', step: '/personal', firstName: 'Ann' }
  track(event)
  expect(window.dataLayer).toEqual([{ event: 'Submit', step: '/personal' }])
})

function stubBeacon() {
  const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true)
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
  return sendBeacon
}

test('an event is sent to the telemetry sink as a JSON string', () => {
  const sendBeacon = stubBeacon()
  track({ event: 'Validation Error', messageKey: 'phone.elevenDigits', step: '/contact' })
  expect(sendBeacon).toHaveBeenCalledTimes(1)
  const [url, body] = sendBeacon.mock.calls[0]!
  expect(url).toBe('/api/events')
  expect(JSON.parse(body as string)).toEqual({
    event: 'Validation Error',
    messageKey: 'phone.elevenDigits',
    step: '/contact',
  })
})

test('the beacon carries the anti-forgery token in its body, as it cannot set headers', () => {
  document.cookie = 'forecourt-csrf=nonce.signature'
  const sendBeacon = stubBeacon()
  track({ event: 'Started', category: 'Application form' })
  expect(JSON.parse(sendBeacon.mock.calls[0]![1] as string)).toMatchObject({
    event: 'Started',
    category: 'Application form',
    csrf: 'nonce.signature',
  })
})

test('the beacon says whether this is the first of its kind and step, and keeps the visit’s source', () => {
  const sendBeacon = stubBeacon()
  track({
    event: 'Started',
    category: 'Application form',
    source: 'google',
    campaign: 'winter',
    first: true,
  })
  track({ event: 'Step Viewed', step: 'deposit' })
  track({ event: 'Step Viewed', step: 'deposit' })
  track({ event: 'Submit', step: 'deposit', first: true })
  track({ event: 'Page View', step: 'deposit' })
  track({
    event: 'Started',
    category: 'Application form',
    source: 'google',
    campaign: 'winter',
    first: false,
  })
  const sent = sendBeacon.mock.calls.map((call) => {
    const { csrf: _csrf, ...body } = JSON.parse(call[1] as string) as Record<string, unknown>
    return body
  })
  expect(sent).toEqual([
    {
      event: 'Started',
      category: 'Application form',
      source: 'google',
      campaign: 'winter',
      first: true,
    },
    { event: 'Step Viewed', step: 'deposit', source: 'google', campaign: 'winter', first: true },
    { event: 'Step Viewed', step: 'deposit', source: 'google', campaign: 'winter', first: false },
    { event: 'Submit', step: 'deposit', source: 'google', campaign: 'winter', first: true },
    { event: 'Page View', step: 'deposit', source: 'google', campaign: 'winter' },
    {
      event: 'Started',
      category: 'Application form',
      source: 'google',
      campaign: 'winter',
      first: false,
    },
  ])
  // The tag manager's data layer gets the event as before, without the funnel's fields.
  expect(window.dataLayer?.at(-1)).toEqual({ event: 'Started', category: 'Application form' })
  // Nothing is stored in the browser for the funnel.
  expect(sessionStorage.length + localStorage.length).toBe(0)
})

test('a failing telemetry sink does not break the caller', () => {
  Object.defineProperty(navigator, 'sendBeacon', {
    value: () => {
      throw new Error('blocked')
    },
    configurable: true,
  })
  expect(() => track({ event: 'Started' })).not.toThrow()
  expect(window.dataLayer).toEqual([{ event: 'Started' }])
})
