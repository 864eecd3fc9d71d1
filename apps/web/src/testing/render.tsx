// Rendering helpers for component tests: an application state for a brand, and the app or a
// screen inside a memory router so navigation is observable.

import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { App } from '#app/app'
import { setApplication } from '#lib/session-store'

/**
 * Options for `findBy…` queries that wait for a lazily loaded screen: its module is transformed on
 * first import, which takes seconds on a busy machine.
 */
export const LAZY_SCREEN = { timeout: 10_000 }

/** How long a test that loads screens may take on a busy machine. */
export const LAZY_TEST_TIMEOUT_MS = 30_000

/** A fresh state as start-up leaves it on `<label>.localhost`, changed by `change`. */
export function givenState(
  brandId: BrandId = 'carfinance',
  change: (state: ApplicationState) => void = () => {},
  host = `${brandId}.localhost`,
): ApplicationState {
  const state = createInitialState()
  state.host = host
  state.subdomain = host.split('.')[0] ?? ''
  state.affiliateConfig = { brandId, affiliateKey: brands[brandId].affiliateKey }
  state.GUID = 'test-guid'
  state.form.loanPurposeType = brands[brandId].loanKinds.length === 1 ? 'vehicle' : ''
  change(state)
  setApplication(state)
  return state
}

export function renderWithRouter(ui: ReactNode, path = '/') {
  const location = memoryLocation({ path, record: true })
  const result = render(<Router hook={location.hook}>{ui}</Router>)
  return { ...result, location }
}

/** The whole app (shell and routes) at `path`. */
export function renderApp(path = '/') {
  return renderWithRouter(<App />, path)
}

/** A screen or part of one, inside a <main> landmark as the shell would place it. */
export function renderInMain(ui: ReactNode, path = '/') {
  return renderWithRouter(<main>{ui}</main>, path)
}
