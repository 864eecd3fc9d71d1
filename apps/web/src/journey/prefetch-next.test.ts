import { brands } from '@forecourt/domain/brands/brand-data'
import { filledJointState, filledState } from '@forecourt/domain/test-support/test-fixtures'
import { createInitialState, emptyEmployment } from '@forecourt/domain/state/application-state'
import { expect, test } from 'vitest'
import { pathsToPrefetch } from './prefetch-next'

test('on the first question: where Continue goes, where Previous goes, where other answers lead, then the same from the next screen and one more', () => {
  expect(
    pathsToPrefetch(createInitialState(), brands.carfinance, '/looking-to-borrow', ''),
  ).toEqual(['/term-to-borrow', '/', '/deposit', '/driving-licence', '/marital-status'])
})

test('two screens ahead: a one-tap question’s successor is fetched while the screen before it is read', () => {
  const state = createInitialState()
  // /marital-status is answered with one tap: /date-of-birth's code is on its way from /driving-licence.
  expect(pathsToPrefetch(state, brands.carfinance, '/driving-licence', '')).toEqual([
    '/marital-status',
    '/term-to-borrow',
    '/date-of-birth',
    '/personal',
  ])
  // From the length of stay, the employment status after the residential status.
  expect(pathsToPrefetch(state, brands.carfinance, '/address-length/1', '')).toEqual(
    expect.arrayContaining(['/residential-status/1', '/employment/1']),
  )
})

test('two screens ahead, every branch: the employment status is answered with one tap, whichever screen it leads to is on its way', () => {
  const state = filledState()
  state.form.employments = [emptyEmployment()]
  // Two addresses cover the history: the employment status comes after the second one's status.
  const paths = pathsToPrefetch(state, brands.carfinance, '/residential-status/2', '')
  expect(paths).toEqual(
    expect.arrayContaining(['/employment/1', '/employment-add/1', '/employment-length/1']),
  )
})

test('on a question whose answer decides the branch, every screen the answers could lead to', () => {
  const state = createInitialState()
  expect(pathsToPrefetch(state, brands.harbourlend, '/looking-to-buy', '')).toEqual([
    '/loan-type',
    '/',
    '/amount-to-finance',
    '/looking-to-borrow',
    '/deposit',
    '/term-to-borrow',
  ])
  expect(pathsToPrefetch(state, brands.carfinance, '/employment/2', '').slice(0, 2)).toEqual([
    '/employment-add/2',
    '/employment-length/2',
  ])
})

test('after the last screen of a history entry, the next entry and the screens after the loop', () => {
  const state = filledJointState()
  const paths = pathsToPrefetch(state, brands.carfinance, '/residential-status/1', '')
  expect(paths).toEqual(
    expect.arrayContaining(['/address/1', '/employment/1', '/address-length/1']),
  )
})

test('opened from the check page: the check page and the first unanswered step before it', () => {
  const state = filledJointState()
  state.form.joint.email = ''
  const paths = pathsToPrefetch(state, brands.carfinance, '/joint', 'return=before-you-submit')
  expect(paths.slice(0, 2)).toEqual(['/joint-customer-contact', '/before-you-submit'])
})

test.each(['/', '/privacy-policy', '/complete', '/no/such/page'])(
  'nothing is prefetched from %s, which is no question',
  (path) => {
    expect(pathsToPrefetch(createInitialState(), brands.carfinance, path, '')).toEqual([])
  },
)
