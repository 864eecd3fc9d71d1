import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp } from '#testing/render'

const gtmScripts = () =>
  [...document.querySelectorAll('script[src^="https://www.googletagmanager.com"]')].map((script) =>
    script.getAttribute('src'),
  )

beforeEach(() => localStorage.clear())

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove())
  delete window.dataLayer
})

async function banner(name = 'Cookies on Car Finance Direct') {
  return screen.findByRole('region', { name })
}

test('a first visit shows the banner with two equal choices and a link to the cookie policy', async () => {
  givenState('harbourlend')
  renderApp('/')
  const region = await banner('Cookies on Harbour Lending')
  expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(
    'Cookies on Harbour Lending',
  )
  const accept = within(region).getByRole('button', { name: 'Accept analytics cookies' })
  const reject = within(region).getByRole('button', { name: 'Reject analytics cookies' })
  expect(accept.className).toBe(reject.className)
  expect(within(region).getByRole('link', { name: 'View cookies' })).toHaveAttribute(
    'href',
    '/cookie-policy',
  )
  await screen.findByRole('heading', { level: 1 })
  await expectNoAxeViolations()
})

test('reject: remembered, no tag manager, a confirmation that can be hidden', async () => {
  givenState('carfinance')
  renderApp('/')
  const region = await banner()
  await userEvent.click(within(region).getByRole('button', { name: 'Reject analytics cookies' }))

  expect(localStorage.getItem('forecourt.cookie-consent')).toBe('rejected')
  expect(gtmScripts()).toEqual([])
  const confirmation = within(region).getByText(/You have rejected analytics cookies/)
  await waitFor(() => expect(confirmation.parentElement).toHaveFocus())
  await expectNoAxeViolations()
  await userEvent.click(within(region).getByRole('button', { name: 'Hide this message' }))
  expect(screen.queryByRole('region', { name: 'Cookies on Car Finance Direct' })).toBeNull()
  expect(screen.getByRole('main')).toHaveFocus()
})

test('accept: remembered, and the brand’s tag manager container is loaded', async () => {
  givenState('scorepal')
  renderApp('/')
  const region = await banner('Cookies on ScorePal Car Finance')
  expect(gtmScripts()).toEqual([])
  await userEvent.click(within(region).getByRole('button', { name: 'Accept analytics cookies' }))

  expect(localStorage.getItem('forecourt.cookie-consent')).toBe('accepted')
  // The tag manager's code is its own chunk, loaded with consent.
  await vi.waitFor(() =>
    expect(gtmScripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-SCPL2M6']),
  )
  expect(within(region).getByText(/You have accepted analytics cookies/)).toBeVisible()
})

test.each(['accepted', 'rejected'])(
  'a choice made earlier (%s) is not asked again',
  async (choice) => {
    localStorage.setItem('forecourt.cookie-consent', choice)
    givenState('carfinance')
    renderApp('/')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: 'Cookies on Car Finance Direct' })).toBeNull()
  },
)
