import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

test('the navigation offers what the role allows', async () => {
  fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }] })
  const viewer = renderApp('/applications', sessionFor('viewer'))
  await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  const nav = screen.getByRole('navigation', { name: 'Back office' })
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Applications', 'Pipeline', 'Commission requests'])
  expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  viewer.unmount()
  renderApp('/applications', sessionFor('admin'))
  await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  expect(
    within(screen.getByRole('navigation', { name: 'Back office' }))
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    'Applications',
    'Pipeline',
    'Commission requests',
    'Figures',
    'Funnel',
    'Operators',
    'Audit log',
  ])
})

test('sign out ends the session and says so on Sign in', async () => {
  const api = fakeApi({
    'GET /applications': [200, { items: [], nextCursor: null }],
    'POST /sign-out': [204],
  })
  const { location } = renderApp('/applications', sessionFor('caseworker'))
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }, LAZY))
  expect(await screen.findByText('You have signed out.', {}, LAZY)).toBeVisible()
  expect(location.history.at(-1)).toBe('/sign-in')
  expect(api.to('POST /sign-out')).toHaveLength(1)
  expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull()
  await expectNoAxeViolations()
})

test('sign out everywhere calls its own endpoint', async () => {
  const api = fakeApi({
    'GET /applications': [200, { items: [], nextCursor: null }],
    'POST /sign-out-everywhere': [204],
  })
  renderApp('/applications', sessionFor('caseworker'))
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }, LAZY))
  expect(await screen.findByText('You have signed out on every device.', {}, LAZY)).toBeVisible()
  expect(api.to('POST /sign-out-everywhere')).toHaveLength(1)
})

test('an unknown address has its own page, and moving there focuses its heading', async () => {
  fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }] })
  const { navigate } = renderApp('/applications', sessionFor('viewer'))
  await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  navigate('/nowhere')
  const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LAZY)
  await waitFor(() => expect(heading).toHaveFocus())
  await waitFor(() => expect(document.title).toBe('Page not found – Forecourt back office'))
  await expectNoAxeViolations()
})

test('the first page leaves focus where the browser put it (the skip link comes first)', async () => {
  fakeApi({ 'GET /applications': [200, { items: [], nextCursor: null }] })
  renderApp('/applications', sessionFor('viewer'))
  await screen.findByRole('heading', { level: 1, name: 'Applications' }, LAZY)
  expect(document.body).toHaveFocus()
  await userEvent.tab()
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus()
})
