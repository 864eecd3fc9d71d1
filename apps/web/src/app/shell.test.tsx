import { screen, within } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderApp } from '#testing/render'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

test('the header shows the brand logo as a link home', async () => {
  givenState('creditlens')
  renderApp('/')
  const banner = screen.getByRole('banner')
  const logo = within(banner).getByRole('img', { name: 'CreditLens Car Finance home' })
  expect(logo).toHaveAttribute('src', '/brands/creditlens.svg')
  expect(logo.closest('a')).toHaveAttribute('href', '/')
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
})

test('a skip link leads to the main content', async () => {
  givenState('carfinance')
  renderApp('/')
  const skip = screen.getByRole('link', { name: 'Skip to main content' })
  expect(skip).toHaveAttribute('href', '#main-content')
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content')
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
})

test('the footer carries the contact details, the firm details and the three legal pages', async () => {
  givenState('harbourlend')
  renderApp('/')
  const footer = screen.getByRole('contentinfo')
  expect(
    within(footer).getByRole('heading', { level: 2, name: 'Contact Harbour Lending' }),
  ).toBeInTheDocument()
  expect(within(footer).getByRole('link', { name: '0117 496 0731' })).toHaveAttribute(
    'href',
    'tel:+441174960731',
  )
  expect(within(footer).getByRole('link', { name: 'hello@harbourlend.example' })).toHaveAttribute(
    'href',
    'mailto:hello@harbourlend.example',
  )
  expect(footer.querySelector('address')).toHaveTextContent(
    'Phone 0117 496 0731 (Monday to Friday, 9am to 6pm)Email hello@harbourlend.example',
  )
  expect(
    within(footer).getByText(
      'Harbour Lending Ltd is authorised and regulated by the Financial Conduct Authority ' +
        '(firm reference number 731406). We act as a credit broker, not a lender. All finance is ' +
        'subject to status and income. Written quotations are available on request.',
    ),
  ).toBeInTheDocument()
  expect(
    within(footer).getByText(
      'Harbour Lending Ltd, Anchor House, 14 Wapping Quay, Bristol, BS1 4RW.',
    ),
  ).toBeInTheDocument()
  // The firm reference number once per footer.
  expect(footer.textContent?.split('731406')).toHaveLength(2)
  const links = within(within(footer).getByRole('navigation')).getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Terms & Conditions', '/terms-and-conditions'],
    ['Privacy Policy', '/privacy-policy'],
    ['Cookie Policy', '/cookie-policy'],
  ])
  expect(within(footer).getByRole('button', { name: 'Start a new application' })).toBeEnabled()
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
})

test.each([
  ['milebroker', '0121 496 0682', 'tel:+441214960682', 'hello@milebroker.example'],
  ['carfinance', '0113 496 0745', 'tel:+441134960745', 'hello@carfinance.example'],
  ['scorepal', '0131 496 0768', 'tel:+441314960768', 'hello@scorepal.example'],
  ['creditlens', '0161 496 0759', 'tel:+441614960759', 'hello@creditlens.example'],
] as const)('%s: the footer of every page gives %s and %s', async (brandId, phone, tel, email) => {
  givenState(brandId)
  renderApp('/privacy-policy')
  const footer = screen.getByRole('contentinfo')
  expect(within(footer).getByRole('link', { name: phone })).toHaveAttribute('href', tel)
  expect(within(footer).getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  )
  expect(footer.textContent?.split(brands[brandId].firm.firmReferenceNumber)).toHaveLength(2)
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
})

test.each(['/', '/privacy-policy', '/terms-and-conditions', '/cookie-policy'])(
  'no progress bar on %s, which is not a question',
  async (path) => {
    givenState('carfinance')
    renderApp(path)
    await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  },
)

test('while the application is locked start-new is disabled too', async () => {
  givenState('carfinance', (state) => {
    state.isLocked = true
  })
  renderApp('/')
  expect(screen.getByRole('button', { name: 'Start a new application' })).toBeDisabled()
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
})
