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
  expect(JSON.parse(sendBeacon.mock.calls[0]![1] as string)).toEqual({
    event: 'Started',
    category: 'Application form',
    csrf: 'nonce.signature',
  })
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
