import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { vehicleTypeForHost } from '@forecourt/domain/brands/host'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedEvidence, reportedLines } from '#testing/evidence-reports'
import { LAZY_SCREEN, givenState, renderInMain } from '#testing/render'
import { ApplyIntro } from './apply-intro'
import { reportStartDisclosures } from './start-commission'
import StartScreen from './start-screen'
import { REPOSSESSION_WARNING } from '@forecourt/domain/messages/what-happens-next'

afterEach(() => {
  vi.restoreAllMocks()
})

// Figures worked out by hand from each brand's terms (r = (1 + APR)^(1/12) − 1, or the stated
// interest rate ÷ 12 for Harbour Lending, whose fees are added to the loan).
const expectations: {
  brandId: BrandId
  headline: string
  figures: [string, string][]
  firstPath: string
}[] = [
  {
    brandId: 'harbourlend',
    headline: 'Vehicle and homeowner loans, explained simply',
    figures: [
      ['Amount of credit', '£20,000'],
      ['Duration of the agreement', '144 months'],
      ['Monthly payment', '£339.81'],
      ['Annual interest rate', '14.94% (variable)'],
      ['Product fee', '£2,000'],
      ['Lending fee', '£699'],
      ['Total cost of credit', '£28,932.64'],
      ['Total amount payable', '£48,932.64'],
      ['Representative APR', '19.56% APR (variable)'],
    ],
    firstPath: '/looking-to-buy',
  },
  {
    brandId: 'milebroker',
    headline: 'Finance for your next car, found for you',
    figures: [
      ['Amount of credit', '£5,000'],
      ['Duration of the agreement', '60 months'],
      ['Monthly payment', '£104.95'],
      ['Annual interest rate', '9.48% (fixed)'],
      ['Total cost of credit', '£1,297.00'],
      ['Total amount payable', '£6,297.00'],
      ['Representative APR', '9.9% APR (fixed)'],
    ],
    firstPath: '/looking-to-buy',
  },
  ...(['carfinance', 'scorepal', 'creditlens'] as const).map((brandId) => ({
    brandId,
    headline: {
      carfinance: 'Car finance made simple',
      scorepal: 'Car finance matched to your credit profile',
      creditlens: 'See the car finance you could get',
    }[brandId],
    figures: [
      ['Amount of credit', '£7,500'],
      ['Duration of the agreement', '48 months'],
      ['Monthly payment', '£226.43'],
      ['Annual interest rate', '19.55% (fixed)'],
      ['Total cost of credit', '£3,368.64'],
      ['Total amount payable', '£10,868.64'],
      ['Representative APR', '21.4% APR (fixed)'],
    ] as [string, string][],
    firstPath: '/looking-to-borrow',
  })),
]

// The domain's one text of the warning: the start page writes it out (representative-example.tsx).

function figuresShown(): [string, string][] {
  const region = screen.getByRole('region', { name: 'Representative example' })
  const terms = within(region).getAllByRole('term')
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? ''])
}

test.each(expectations)(
  '$brandId: headline, computed representative example and the way in',
  async ({ brandId, headline, figures, firstPath }) => {
    givenState(brandId)
    renderInMain(<StartScreen />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headline)
    expect(figuresShown()).toEqual(figures)
    const warning = screen.queryByText(REPOSSESSION_WARNING)
    if (brandId === 'harbourlend') expect(warning).toBeInTheDocument()
    else expect(warning).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start your application' })).toHaveAttribute(
      'href',
      firstPath,
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await expectNoAxeViolations()
  },
)

test('the way in goes to the amount to finance once a vehicle is loaded', () => {
  givenState('carfinance', (state) => {
    state.form.vehicle = { ...state.form.vehicle, make: 'Ford', model: 'Focus', vrm: 'AB12 CDE' }
  })
  renderInMain(<StartScreen />)
  expect(screen.getByRole('link', { name: 'Start your application' })).toHaveAttribute(
    'href',
    '/amount-to-finance',
  )
})

test('while the application is locked the way in is a disabled button', () => {
  givenState('carfinance', (state) => {
    state.isLocked = true
  })
  renderInMain(<StartScreen />)
  expect(screen.queryByRole('link', { name: 'Start your application' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Start your application' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'terms and conditions' })).toBeDisabled()
})

test('after submitting, the start screen says the application was sent and leads on', async () => {
  givenState('carfinance', (state) => {
    state.isLocked = true
    state.applicationSubmitOk = true
  })
  renderInMain(<StartScreen />)
  expect(
    await screen.findByText(/Your application has been sent/, undefined, LAZY_SCREEN),
  ).toBeInTheDocument()
  expect(
    screen.getByRole('link', { name: 'See your reference and what happens next' }),
  ).toHaveAttribute('href', '/complete')
})

test('apply host: the introductory modal opens with everything the requirements list for it (Introductory modal)', async () => {
  givenState('carfinance', () => {}, 'apply.localhost:3000')
  renderInMain(<StartScreen />)
  const modal = screen.getByRole('dialog', { name: 'Find the right finance for your next vehicle' })
  const items = within(within(modal).getByRole('list')).getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    'No broker fees',
    'No deposit options',
    'Choose any vehicle',
    'Buy from any dealer',
  ])
  expect(within(modal).getByRole('button', { name: 'Get a quote' })).toBeInTheDocument()
  expect(within(modal).getByText('No impact on your credit score')).toBeInTheDocument()
  expect(
    within(modal).getByText(
      'Representative example: borrow £7,500 over 48 months at a representative APR of 18.4% ' +
        '(fixed), £216.45 a month, total cost of credit £2,889.60, total payable £10,389.60.',
    ),
  ).toBeInTheDocument()
  // No brand has a rating with a named source, so no badge (decision 1527).
  expect(within(modal).queryByRole('img')).not.toBeInTheDocument()
  expect(within(modal).queryByText(/rated/i)).not.toBeInTheDocument()
  expect(
    within(modal).getByText(
      'Car Finance Direct Ltd is authorised and regulated by the Financial Conduct Authority ' +
        '(firm reference number 745208). We act as a credit broker, not a lender. All finance is ' +
        'subject to status and income. Written quotations are available on request.',
    ),
  ).toBeInTheDocument()
  await expectNoAxeViolations()
})

test('apply host: the page behind the modal states the same example, and no other', () => {
  givenState('carfinance', () => {}, 'apply.localhost')
  renderInMain(<StartScreen />)
  expect(figuresShown()).toEqual([
    ['Amount of credit', '£7,500'],
    ['Duration of the agreement', '48 months'],
    ['Monthly payment', '£216.45'],
    ['Annual interest rate', '17.01% (fixed)'],
    ['Total cost of credit', '£2,889.60'],
    ['Total amount payable', '£10,389.60'],
    ['Representative APR', '18.4% APR (fixed)'],
  ])
  expect(document.body).not.toHaveTextContent('21.4%')
  expect(document.body).not.toHaveTextContent('£226.43')
})

test('a brand with a rating shows it with its source, count and date, linked to the source', () => {
  const brand = {
    ...brands.carfinance,
    rating: {
      source: 'Trustpilot',
      sourceUrl: 'https://www.trustpilot.example/review/carfinance.example',
      score: 4.8,
      outOf: 5,
      reviewCount: 1234,
      date: '2026-11-01',
    },
  }
  renderInMain(<ApplyIntro brand={brand} onGetQuote={() => {}} />)
  expect(
    screen.getByRole('link', {
      name: 'Rated 4.8 out of 5 on Trustpilot, from 1,234 reviews (1 November 2026)',
    }),
  ).toHaveAttribute('href', 'https://www.trustpilot.example/review/carfinance.example')
})

test.each([
  ['milebroker', 'milebroker.horsebox.localhost', 'Finance for your next horsebox, found for you'],
  ['carfinance', 'motorbike.localhost', 'Motorcycle finance made simple'],
  ['scorepal', 'scorepal.caravans.example', 'Caravan finance matched to your credit profile'],
  ['creditlens', 'creditlens.vans.example', 'See the van finance you could get'],
  ['harbourlend', 'harbourlend.horsebox.example', 'Vehicle and homeowner loans, explained simply'],
] as const)('%s on %s: the headline names the vehicle', (brandId, host, headline) => {
  givenState(brandId, (state) => void (state.form.vehicleType = vehicleTypeForHost(host)), host)
  renderInMain(<StartScreen />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headline)
})

test.each([
  [
    'milebroker',
    'milebroker.localhost',
    'Horsebox',
    'Finance for your next horsebox, found for you',
  ],
  ['carfinance', 'carfinance.localhost', 'Van', 'Van finance made simple'],
  ['carfinance', 'motorbike.localhost', 'Car', 'Car finance made simple'],
  [
    'milebroker',
    'milebroker.horsebox.localhost',
    '',
    'Finance for your next horsebox, found for you',
  ],
] as const)(
  '%s on %s with a stock vehicle of type %j: the headline is %j',
  (brandId, host, stockType, headline) => {
    givenState(
      brandId,
      (state) => {
        state.form.vehicleType = vehicleTypeForHost(host)
        state.vehicleId = 'demo-1'
        state.form.vehicle = { ...state.form.vehicle, make: 'Equi-Trek', model: 'Sonic' }
        state.form.vehicle.vrm = 'AV17 TNJ'
        state.form.vehicle.vehicleType = stockType
      },
      host,
    )
    renderInMain(<StartScreen />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headline)
  },
)

test('a vehicle without a registration is not loaded: the headline names the host’s type', () => {
  givenState('carfinance', (state) => {
    state.form.vehicle.vehicleType = 'Horsebox'
  })
  renderInMain(<StartScreen />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Car finance made simple')
})

test('a vehicle restored from before the stock type was kept: the headline names the host’s type', () => {
  givenState('carfinance', (state) => {
    state.form.vehicle.vrm = 'AV17 TNJ'
    delete (state.form.vehicle as Partial<typeof state.form.vehicle>).vehicleType
  })
  renderInMain(<StartScreen />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Car finance made simple')
})

test.each(['harbourlend', 'milebroker', 'carfinance', 'scorepal', 'creditlens'] as const)(
  '%s: the soft-search note and the terms come right with the way in, before the example',
  (brandId) => {
    givenState(brandId)
    renderInMain(<StartScreen />)
    const lead = screen.getByText(
      'Apply online in a few minutes. Checking your eligibility will not affect your credit score.',
    )
    const start = screen.getByRole('link', { name: 'Start your application' })
    const terms = screen.getByText(/By continuing, you agree to our/)
    const example = screen.getByRole('region', { name: 'Representative example' })
    const order = [lead, start, terms, example]
    for (let i = 1; i < order.length; i += 1) {
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy()
    }
  },
)

test('a brand that does not check eligibility with a soft search does not say so', () => {
  vi.spyOn(brands.milebroker, 'softSearch', 'get').mockReturnValue(false)
  givenState('milebroker')
  renderInMain(<StartScreen />)
  expect(screen.getByText('Apply online in a few minutes.')).toBeInTheDocument()
  expect(screen.queryByText(/credit score/)).not.toBeInTheDocument()
})

test('apply host: Get a quote closes the modal and moves focus to the heading', async () => {
  givenState('carfinance', () => {}, 'apply.localhost')
  renderInMain(<StartScreen />)
  await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
})

test('apply host: the modal is opened with showModal where the browser has it', () => {
  const showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  })
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    value: showModal,
    configurable: true,
  })
  try {
    givenState('carfinance', () => {}, 'apply.localhost')
    renderInMain(<StartScreen />)
    expect(showModal).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('dialog')).toBeVisible()
  } finally {
    Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal')
  }
})

test('apply host: Escape closes the modal too', async () => {
  givenState('carfinance', () => {}, 'apply.localhost')
  renderInMain(<StartScreen />)
  await act(async () => {
    await userEvent.keyboard('{Escape}')
  })
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
})

test('how we are paid is on the start screen, in a box of its own, and recorded as shown', async () => {
  givenState('milebroker')
  const { container } = renderInMain(<StartScreen />)
  const paid = await screen.findByRole('region', { name: 'How we are paid' }, LAZY_SCREEN)
  expect(paid.querySelector('[data-disclosure="commission"]')?.textContent).toBe(
    'Mile Broker is a credit broker, not a lender. We introduce you to lenders on our panel, and the ' +
      'lender that gives you finance pays us commission for the introduction. You pay us no fee. The ' +
      'commission is a fixed amount or a percentage of the amount you borrow, set by each lender. How ' +
      'much we receive can differ from one lender to another, and with some lenders it depends on the ' +
      'interest rate you are offered. You can ask us how much commission we will receive before you ' +
      'decide.',
  )
  expect(paid.querySelector('[data-disclosure="panel"]')?.textContent).toBe(
    'We work with a panel of 14 lenders; we do not search the whole market. We are not tied to any lender.',
  )
  // Recorded when its code arrives (at the first input on a pre-rendered page): once a page.
  reportedEvidence.length = 0
  reportStartDisclosures()
  expect(reportedLines()).toEqual(['shown main commission@1 /', 'shown main panel@2 /'])
  await expectNoAxeViolations(container)
}, 20_000)
