// The pre-rendered start screen against React's development build, which reports every difference
// between server markup and the browser's first render: each brand's page, rendered as the build
// renders it, hydrates for a new visitor on that brand's host without a word in the console.

import { act, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { applicationStore } from '#lib/session-store'
import { startUp, type StartUpEnv } from '#lib/start-up'
import { renderStartPage } from './entry-server'
import { PageRoot } from './page-root'
import { renderFromState } from './page-state'

const originalInitialState = applicationStore.getInitialState
let root: Root | undefined
let container: HTMLElement

beforeEach(() => {
  container = document.createElement('div')
  container.id = 'root'
  document.body.append(container)
})

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  container.remove()
  applicationStore.getInitialState = originalInitialState
  vi.restoreAllMocks()
})

/** A new visitor's browser on `<brand>.localhost:3000` (the test page's own address is `/`). */
function browserEnv(host: string): StartUpEnv {
  return {
    location: { host, search: '?utm_source=newsletter' },
    referrer: 'https://search.example/',
    cookies: '',
    now: new Date('2026-11-22T10:00:00Z'),
    newGuid: () => '5b0c8a4e-8f0e-4d43-9a51-3f1c2b7d9e10',
    newSecret: () => 'test-secret-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    fetchJson: () => new Promise(() => undefined),
    analyticsConsent: false,
    ipLookupUrl: '/api/ip',
    vehiclesHost: '',
    userAgent: 'test',
    track: () => undefined,
  }
}

// React's server and client renderers share this test's process, which the browser never does: the
// client's development build notices the server one left its mark on the contexts. Only that.
const TWO_RENDERERS_IN_ONE_PROCESS =
  'Detected multiple renderers concurrently rendering the same context provider. This is currently unsupported.'

const fiberKey = (element: Element) =>
  Object.keys(element).find((key) => key.startsWith('__reactFiber'))

test.each(BRAND_IDS)(
  '%s: the pre-rendered start screen hydrates in place, silently',
  async (brandId) => {
    const page = await renderStartPage(brandId)
    container.innerHTML = page.markup.replace(/^(<link\b[^>]*>)*/, '')
    const markup = container.innerHTML
    const heading = container.querySelector('h1')
    expect(heading?.textContent).toBeTruthy()

    // Recorded, not printed: a mismatch shows in the assertion below.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    renderFromState(applicationStore, startUp(browserEnv(`${brandId}.localhost:3000`), null))
    await act(async () => {
      root = hydrateRoot(container, <PageRoot />)
    })
    // The start screen is loaded lazily: its part hydrates once its code is there.
    await waitFor(() => expect(fiberKey(container.querySelector('h1')!)).toBeDefined())

    expect(container.querySelector('h1')).toBe(heading)
    expect(container.innerHTML).toBe(markup)
    expect(
      errors.mock.calls.filter(([message]) => message !== TWO_RENDERERS_IN_ONE_PROCESS),
    ).toEqual([])
    expect(warnings).not.toHaveBeenCalled()
  },
)

test('the pre-render would not match another brand’s browser: hydrating it there is reported', async () => {
  const page = await renderStartPage('milebroker')
  container.innerHTML = page.markup.replace(/^(<link\b[^>]*>)*/, '')
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  renderFromState(applicationStore, startUp(browserEnv('scorepal.localhost:3000'), null))
  await act(async () => {
    root = hydrateRoot(container, <PageRoot />, {
      onRecoverableError: (error) => console.error(error),
    })
  })
  await waitFor(() =>
    expect(errors.mock.calls.some(([message]) => message !== TWO_RENDERERS_IN_ONE_PROCESS)).toBe(
      true,
    ),
  )
})
