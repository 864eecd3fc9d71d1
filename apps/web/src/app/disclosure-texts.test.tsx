// What the screens show is what the evidence record names: on every brand, the text of each
// disclosure as it stands in the page (the element's own text, not the string the code meant to
// show) hashes to the SHA-256 published for it in the brand's manifest (decision 1651), and every
// published disclosure is shown somewhere in the journey or on the joint applicant's own page (their
// soft-search agreement, decision 2127, whose text the server sends as the server records it).

import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { DISCLOSURE_MANIFEST } from '@forecourt/domain/brands/disclosure-manifest'
import { currentDisclosure, type DisclosureId } from '@forecourt/domain/brands/disclosures'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { sha256Hex } from '#lib/evidence'
import { forgetToken, keepToken } from '#lib/save-return'
import { setApplication } from '#lib/session-store'
import { renderInMain } from '#testing/render'
import BeforeYouSubmitScreen from '#screens/before-you-submit/before-you-submit-screen'
import JointConfirmScreen from '#screens/joint-confirm/joint-confirm-screen'
import FairProcessingNoticeScreen from '#screens/fair-processing-notice/fair-processing-notice-screen'
import JointOptinsScreen from '#screens/joint-optins/joint-optins-screen'
import OptinsScreen from '#screens/optins/optins-screen'
import SoftSearchScreen from '#screens/soft-search/soft-search-screen'
import StartCommission from '#screens/start/start-commission'

function givenJointOn(brandId: BrandId) {
  const state = filledJointState()
  state.affiliateConfig = { brandId, affiliateKey: brands[brandId].affiliateKey }
  setApplication(state)
}

/** Each disclosure on the screen rendered at `path`, as the page holds its text. */
function textsOn(ui: React.ReactNode, path: string): [string, string][] {
  const { unmount } = renderInMain(ui, path)
  const texts: [string, string][] = [...document.querySelectorAll('[data-disclosure]')].map(
    (element) => [element.getAttribute('data-disclosure')!, element.textContent ?? ''],
  )
  const soft = document.getElementById('agreeSoftSearch-hint')
  if (soft) texts.push(['soft-search', soft.textContent ?? ''])
  const terms = screen.queryByRole('checkbox', { name: /^I agree to the terms and conditions/ })
  if (terms) texts.push(['terms', (terms as HTMLInputElement).labels?.[0]?.textContent ?? ''])
  unmount()
  return texts
}

/** The joint applicant's soft-search agreement as their page holds it, given the brand's current text. */
async function jointSoftSearchOnTheirPage(brandId: BrandId): Promise<[string, string]> {
  const text = currentDisclosure(brandId, 'joint-soft-search')!
  const answers: Record<string, unknown> = {
    '/api/joint-confirmation/open': { check: 'date-of-birth' },
    '/api/joint-confirmation/check': {
      reference: 'FC-7K2M-9QXD',
      applicantName: 'Jo Bloggs',
      loan: { rows: [], warning: null },
      details: [],
      notice: { id: 'fair-processing', version: 1, text: 'Notice' },
      softSearch: { id: text.id, version: text.version, text: text.text },
      marketing: [],
    },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify(answers[url]), { status: 200 })),
  )
  keepToken('Jq3xW0e8Zc5RkP1t9LmB7vN2yH4sD6fA0gU8iO3eXw1')
  const { unmount } = renderInMain(<JointConfirmScreen />, '/joint-confirm')
  await userEvent.type(await screen.findByRole('textbox', { name: 'Day' }), '21')
  await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), '11')
  await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), '1983')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const box = await screen.findByRole('checkbox', { name: text.text })
  const shown = (box as HTMLInputElement).labels?.[0]?.textContent ?? ''
  unmount()
  forgetToken()
  vi.unstubAllGlobals()
  return ['joint-soft-search', shown]
}

test.each(BRAND_IDS)(
  '%s: every disclosure on screen hashes to its published hash',
  async (brandId) => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    givenJointOn(brandId)
    const shown: [string, string][] = []
    await act(async () => {
      shown.push(...textsOn(<StartCommission brandId={brandId} />, '/'))
    })
    shown.push(
      ...textsOn(<FairProcessingNoticeScreen />, '/fair-processing-notice'),
      ...textsOn(<SoftSearchScreen />, '/soft-search'),
      ...textsOn(<OptinsScreen />, '/optins'),
      ...textsOn(<JointOptinsScreen />, '/joint-optins'),
      ...textsOn(<BeforeYouSubmitScreen />, '/before-you-submit'),
      await jointSoftSearchOnTheirPage(brandId),
    )

    const published = DISCLOSURE_MANIFEST[brandId]!
    for (const [id, text] of shown) {
      const version = currentDisclosure(brandId, id as DisclosureId)!.version
      expect(await sha256Hex(text), `${brandId} ${id}`).toBe(published[id]?.[String(version)])
    }
    expect(new Set(shown.map(([id]) => id))).toEqual(new Set(Object.keys(published)))
  },
  30_000,
)
