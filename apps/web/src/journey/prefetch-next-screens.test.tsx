import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import {
  idleCallbacks,
  preloadedRoutes,
  runIdleCallbacks,
  watchPreloadsInEachTest,
} from '#testing/prefetch-test-helpers'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderApp } from '#testing/render'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

watchPreloadsInEachTest()

/**
 * What the first question fetches: where its answers may lead, and two and three screens ahead
 * (decisions 2179, 2182): the driving licence after the term, then the marital status.
 */
const FROM_LOOKING_TO_BORROW = [
  '/',
  '/deposit',
  '/term-to-borrow',
  '/driving-licence',
  '/marital-status',
]

test('a question fetches the screens that may follow it once shown and idle, not before', async () => {
  givenState('carfinance')
  renderApp('/looking-to-borrow')
  await screen.findByRole('heading', { name: 'How much would you like to borrow?' }, LAZY_SCREEN)
  expect(preloadedRoutes()).toEqual([])
  expect(idleCallbacks()).toBe(1)
  runIdleCallbacks()
  expect(preloadedRoutes()).toEqual(FROM_LOOKING_TO_BORROW)
})

test('each new question fetches what may follow it', async () => {
  givenState('carfinance', (state) => {
    state.form.loanAmountCompleted = true
  })
  renderApp('/term-to-borrow')
  await screen.findByRole(
    'heading',
    { name: 'How long would you like to borrow for?' },
    LAZY_SCREEN,
  )
  runIdleCallbacks()
  expect(preloadedRoutes()).toEqual([
    '/looking-to-borrow',
    '/driving-licence',
    '/marital-status',
    '/date-of-birth',
  ])

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole(
    'heading',
    { name: 'What type of driving licence do you have?' },
    LAZY_SCREEN,
  )
  await waitFor(() => expect(idleCallbacks()).toBe(1))
  runIdleCallbacks()
  expect(preloadedRoutes()).toEqual([
    '/looking-to-borrow',
    '/term-to-borrow',
    '/driving-licence',
    '/marital-status',
    '/date-of-birth',
    '/personal',
  ])
})

test('a question the deep-link guard sends elsewhere fetches only for the question shown', async () => {
  givenState('carfinance')
  renderApp('/contact')
  await screen.findByRole('heading', { name: 'How much would you like to borrow?' }, LAZY_SCREEN)
  runIdleCallbacks()
  expect(preloadedRoutes()).toEqual(FROM_LOOKING_TO_BORROW)
})
