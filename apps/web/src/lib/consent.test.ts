import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import {
  chooseConsent,
  readAdvertisingCookies,
  readConsent,
  saveConsent,
  startConsentedServicesOnFirstInput,
} from './consent'

let state: ApplicationState
const apply = (mutator: (draft: ApplicationState) => void) => {
  const draft = structuredClone(state)
  mutator(draft)
  state = draft
}

const COOKIES = ['gclid', '_fbp', '_fbc']

beforeEach(() => {
  state = createInitialState()
  localStorage.clear()
})

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove())
  for (const name of COOKIES) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  delete window.dataLayer
})

const gtmScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com"]')

test('the choice is remembered in localStorage under forecourt.cookie-consent', () => {
  expect(readConsent()).toBeNull()
  saveConsent('rejected')
  expect(localStorage.getItem('forecourt.cookie-consent')).toBe('rejected')
  expect(readConsent()).toBe('rejected')
  localStorage.setItem('forecourt.cookie-consent', 'maybe')
  expect(readConsent()).toBeNull()
})

test('rejecting loads nothing and reads no advertising cookie', () => {
  document.cookie = '_fbp=fb.1.123'
  chooseConsent('rejected', brands.milebroker, apply)
  expect(gtmScripts()).toHaveLength(0)
  expect(state.form.fbpId).toBe('')
})

test('accepting loads the brand’s container and reads gclid, _fbp and _fbc', async () => {
  document.cookie = 'gclid=Cj0-cookie'
  document.cookie = '_fbp=fb.1.123'
  document.cookie = '_fbc=fb.1.456'
  chooseConsent('accepted', brands.milebroker, apply)
  // The tag manager's code is its own chunk, loaded with consent.
  await vi.waitFor(() =>
    expect([...gtmScripts()].map((script) => script.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-MLBR4K8',
    ]),
  )
  expect(state.form).toMatchObject({ gclid: 'Cj0-cookie', fbpId: 'fb.1.123', fbcId: 'fb.1.456' })
  expect(state.form.utmParameters.gclid).toBe('Cj0-cookie')
})

test('a gclid from the address wins over the cookie, and a locked application is left alone', () => {
  state.form.gclid = 'from-the-address'
  readAdvertisingCookies('gclid=from-the-cookie; _fbp=fb.1.1', apply)
  expect(state.form.gclid).toBe('from-the-address')
  expect(state.form.fbpId).toBe('fb.1.1')

  state.isLocked = true
  readAdvertisingCookies('_fbp=fb.1.2', apply)
  expect(state.form.fbpId).toBe('fb.1.1')
})

test('with consent from an earlier visit the container waits for the first input', async () => {
  startConsentedServicesOnFirstInput(brands.carfinance, apply)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(gtmScripts()).toHaveLength(0)
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
  await vi.waitFor(() => expect(gtmScripts()).toHaveLength(1))
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(gtmScripts()).toHaveLength(1)
})
