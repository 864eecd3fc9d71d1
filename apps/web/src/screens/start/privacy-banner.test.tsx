import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { expectNoAxeViolations } from '#testing/axe'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderInMain } from '#testing/render'
import { PrivacyBanner } from './privacy-banner'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

const SENTENCE = 'By continuing, you agree to our terms and conditions and privacy policy.'

test.each<[BrandId, string, string]>([
  ['scorepal', 'https://www.scorepal.example/terms', 'https://www.scorepal.example/privacy'],
  ['creditlens', 'https://www.creditlens.example/terms', 'https://www.creditlens.example/privacy'],
])('%s links to its own terms and privacy addresses', (brandId, termsUrl, privacyUrl) => {
  givenState(brandId)
  renderInMain(<PrivacyBanner />)
  expect(screen.getByRole('paragraph')).toHaveTextContent(SENTENCE)
  expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    termsUrl,
  )
  expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', privacyUrl)
  expect(screen.queryByRole('button')).not.toBeInTheDocument()
})

test.each<BrandId>(['harbourlend', 'milebroker', 'carfinance'])(
  '%s opens the terms and the privacy policy in modals',
  async (brandId) => {
    givenState(brandId)
    renderInMain(<PrivacyBanner />)
    expect(screen.getByRole('paragraph')).toHaveTextContent(SENTENCE)
    expect(screen.queryByRole('link')).not.toBeInTheDocument()

    const termsButton = screen.getByRole('button', { name: 'terms and conditions' })
    await userEvent.click(termsButton)
    const terms = screen.getByRole('dialog', { name: 'Terms & Conditions' })
    expect(
      await within(terms).findByText(/These terms are governed by English law/, {}, LAZY_SCREEN),
    ).toBeVisible()
    expect(within(terms).getByRole('heading', { level: 3, name: '1. Use of the website' }))
    await expectNoAxeViolations()
    await userEvent.click(within(terms).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(termsButton).toHaveFocus())

    const privacyButton = screen.getByRole('button', { name: 'privacy policy' })
    await userEvent.click(privacyButton)
    const privacy = screen.getByRole('dialog', { name: 'Privacy Policy' })
    expect(await within(privacy).findByText('Privacy Statement', {}, LAZY_SCREEN)).toBeVisible()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(privacyButton).toHaveFocus())
  },
)
