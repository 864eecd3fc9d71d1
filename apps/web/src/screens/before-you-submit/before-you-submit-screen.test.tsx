import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { filledJointState, filledState } from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { getApplication, setApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { reportedLines } from '#testing/evidence-reports'
import { renderApp, renderInMain } from '#testing/render'
import BeforeYouSubmitScreen from './before-you-submit-screen'

// The page is long: axe over it and the lazily loaded screens take a while on a busy machine.
const SLOW_MS = 20_000
// The brand's terms agreement text (the fixtures' brand is Car Finance Direct): the box's label is
// the text the evidence record names.
const TERMS =
  'I agree to the terms and conditions (November 2026 edition) of Car Finance Direct Ltd and I have ' +
  'read the privacy policy (November 2026 edition).'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  localStorage.setItem('forecourt.cookie-consent', 'rejected')
})

function given(state: ApplicationState, change: (state: ApplicationState) => void = () => {}) {
  state.form.isAgreedTermsAndConditions = false
  change(state)
  setApplication(state)
}

/** Each row of the page as [question, answer lines joined by ' / ', Change link's address]. */
function rows(container: HTMLElement = document.body) {
  return [...container.querySelectorAll('.summary-list__row')].map((row) => [
    row.querySelector('dt')?.textContent,
    [...row.querySelectorAll('.summary-list__line')].map((line) => line.textContent).join(' / '),
    row.querySelector('a')?.getAttribute('href'),
  ])
}

const sectionHeadings = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

test(
  'a single application lists every visited answer under You, each with its Change link',
  async () => {
    given(filledState())
    const { container } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')

    expect(screen.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible()
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['You', 'How we are paid', 'Terms and conditions'])
    expect(sectionHeadings(container)).toEqual([
      'Your loan',
      'About you',
      'Address history',
      'Employment and income',
      'Your circumstances',
      'Marketing choices',
    ])
    const change = (path: string) => `${path}?return=before-you-submit`
    expect(rows()).toEqual([
      ['Amount to finance', '£12,500', change('/amount-to-finance')],
      ['Loan term', '4 years', change('/term-to-borrow')],
      ['Joint application', 'No', change('/joint')],
      ['Driving licence', 'Full UK', change('/driving-licence')],
      ['Marital status', 'Married', change('/marital-status')],
      ['Date of birth', '7 March 1985', change('/date-of-birth')],
      ['Name', "Ms Ada o'neill", change('/personal')],
      ['Email address', 'ada.oneill@example.com', change('/contact')],
      ['Phone number', '+44 7911 123456', change('/contact')],
      [
        'Current address',
        '14 Elm Grove / Headingley / Leeds / West Yorkshire / LS6 3AH',
        change('/address/1'),
      ],
      ['Time at current address', '2 years 3 months', change('/address-length/1')],
      ['Residential status at current address', 'Private tenant', change('/residential-status/1')],
      [
        'Previous address 1',
        'Flat 2, Rose Court / 9 Park Lane / York / YO1 7HH',
        change('/address/2'),
      ],
      ['Time at previous address 1', '31 years', change('/address-length/2')],
      [
        'Residential status at previous address 1',
        'Living with parents',
        change('/residential-status/2'),
      ],
      ['Employment status (current employment)', 'Full-time employed', change('/employment/1')],
      ['Occupation (current employment)', 'Nurse', change('/employment-add/1')],
      [
        'Employer name (current employment)',
        'Leeds Teaching Hospitals',
        change('/employment-add/1'),
      ],
      ['Employer town (current employment)', 'Leeds', change('/employment-add/1')],
      ['Time in current employment', '4 years 6 months', change('/employment-length/1')],
      ['Monthly income after tax', '£2,450', change('/employment-income/1')],
      ['In a breathing space or mental health crisis moratorium', 'No', change('/breathing-space')],
      ['Discuss your financial circumstances with us', 'No', change('/breathing-space')],
      ['Support you need', 'None', change('/breathing-space')],
      ['Soft search', 'You agree', change('/soft-search')],
      ['How we use your information', 'You have read it', change('/fair-processing-notice')],
      ['How you hear from Car Finance Direct', 'Email and telephone', change('/optins')],
      ['How you hear from our partners', 'None', change('/optins')],
    ])
    expect(screen.getByRole('link', { name: 'Change date of birth' })).toHaveTextContent('Change')
    expect(screen.getByRole('link', { name: 'Change previous address 1' })).toHaveAttribute(
      'href',
      '/address/2?return=before-you-submit',
    )
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeVisible()
    await expectNoAxeViolations(container)
  },
  SLOW_MS,
)

test('a joint application adds the joint applicant’s answers, and the property ones', () => {
  given(filledJointState())
  const { container } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')

  const [you, joint] = container.querySelectorAll<HTMLElement>('.answers-applicant')
  expect(within(you!).getByRole('heading', { level: 2 })).toHaveTextContent('You')
  expect(sectionHeadings(you!)).toEqual([
    'Your loan',
    'About you',
    'Address history',
    'Property',
    'Employment and income',
    'Your circumstances',
    'Marketing choices',
  ])
  expect(within(joint!).getByRole('heading', { level: 2 })).toHaveTextContent('The joint applicant')
  expect(sectionHeadings(joint!)).toEqual([
    'About them',
    'Their address',
    'Employment and income',
    'Marketing choices',
  ])
  const answer = (question: string) => rows().find(([asked]) => asked === question)?.[1]
  expect(answer('Amount to borrow')).toBe('I’m not sure yet')
  expect(answer('What the loan is secured on')).toBe('A homeowner loan secured on my property')
  expect(answer('Property value')).toBe('£285,000')
  expect(answer('Is the property your current address?')).toBe('No')
  expect(answer('Joint application')).toBe('Yes')
  expect(answer('Their date of birth')).toBe('21 November 1983')
  expect(answer('Do they live at your address?')).toBe('No')
  expect(answer('Their current address')).toBe('4 Westgate / Otley / West Yorkshire / LS21 3AB')
  expect(answer('Time at their current address')).toBe('6 years 2 months')
  expect(answer('Residential status at their current address')).toBe('Homeowner without a mortgage')
  expect(screen.getByRole('link', { name: 'Change their current address' })).toHaveAttribute(
    'href',
    '/joint-address/1?return=before-you-submit',
  )
  expect(answer('Support you need')).toBe('Please call after 5pm.')
  expect(screen.getByRole('link', { name: 'Change their date of birth' })).toHaveAttribute(
    'href',
    '/joint-date-of-birth?return=before-you-submit',
  )
})

test(
  'Submit application without agreeing asks for the box and goes nowhere',
  async () => {
    given(filledState())
    const { container, location } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Please check this box.',
    ])
    expect(screen.getByRole('checkbox', { name: TERMS })).toHaveAccessibleDescription(
      'Error: Please check this box.',
    )
    await waitFor(() => expect(screen.getByRole('checkbox', { name: TERMS })).toHaveFocus())
    expect(location.history).toEqual(['/before-you-submit'])
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(false)
    await expectNoAxeViolations(container)
  },
  SLOW_MS,
)

test('agreeing and submitting goes to /submit', async () => {
  given(filledState())
  const { location } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  await userEvent.click(screen.getByRole('checkbox', { name: TERMS }))
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }))
  expect(getApplication().form.isAgreedTermsAndConditions).toBe(true)
  expect(location.history?.at(-1)).toBe('/submit')
  expect(reportedLines().at(-1)).toBe('agreed main terms@1 /before-you-submit')
})

test('an unanswered question is asked before anything is sent', async () => {
  given(filledState(), (state) => void (state.form.maritalStatus = ''))
  const { location } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  expect(rows().find(([question]) => question === 'Marital status')?.[1]).toBe('Not answered')
  await userEvent.click(screen.getByRole('checkbox', { name: TERMS }))
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }))
  expect(location.history?.at(-1)).toBe('/marital-status?return=before-you-submit')
})

test(
  'Change → the step → Continue comes back to the check page',
  async () => {
    given(filledState())
    const { location } = renderApp('/before-you-submit')
    await userEvent.click(await screen.findByRole('link', { name: 'Change marital status' }))
    expect(location.history?.at(-1)).toBe('/marital-status?return=before-you-submit')

    await userEvent.click(await screen.findByRole('radio', { name: 'Single' }))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(location.history?.at(-1)).toBe('/before-you-submit')
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' })
    expect(rows().find(([question]) => question === 'Marital status')?.[1]).toBe('Single')
  },
  SLOW_MS,
)

test(
  'a change that opens new questions asks them first, then comes back',
  async () => {
    given(filledState())
    const { location } = renderApp('/joint?return=before-you-submit')
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // Once the next question's code is here (journey/screen-ready.tsx).
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/joint-customer-details?return=before-you-submit'),
    )
  },
  SLOW_MS,
)

test(
  'the terms and privacy texts open in the page for a brand without its own addresses',
  async () => {
    given(filledState())
    renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
    await userEvent.click(screen.getByRole('button', { name: 'terms and conditions' }))
    const terms = screen.getByRole('dialog', { name: 'Terms & Conditions' })
    expect(await within(terms).findByText(/These terms are governed by English law/)).toBeVisible()
    await userEvent.click(within(terms).getByRole('button', { name: 'Close' }))
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(false)
  },
  SLOW_MS,
)

test('a brand with its own terms and privacy addresses links to them', () => {
  given(filledState(), (state) => {
    state.affiliateConfig = { brandId: 'scorepal', affiliateKey: 'x' }
  })
  renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    'https://www.scorepal.example/terms',
  )
  expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
    'href',
    'https://www.scorepal.example/privacy',
  )
})

test('once the application is locked nothing can be changed', () => {
  given(filledState(), (state) => void (state.isLocked = true))
  renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull()
  expect(screen.getByRole('checkbox', { name: TERMS })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Submit application' })).toBeDisabled()
})

test(
  'how we are paid and the privacy notice are shown again before submitting, and recorded',
  async () => {
    given(filledState())
    const { container } = renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
    const paid = screen.getByRole('region', { name: 'How we are paid' })
    expect(paid.querySelector('[data-disclosure="commission"]')).toHaveTextContent(
      /^Car Finance Direct is a credit broker, not a lender\. .* You can ask us how much commission we will receive before you decide\.$/,
    )
    expect(paid.querySelector('[data-disclosure="panel"]')).toHaveTextContent(
      'We work with a panel of 12 lenders; we do not search the whole market. We are not tied to any lender.',
    )
    expect(document.querySelector('[data-disclosure="privacy"]')?.textContent).toBe(
      'By continuing, you agree to our terms and conditions and privacy policy. Our privacy policy ' +
        '(November 2026 edition) says what information Car Finance Direct Ltd collects, how it is used ' +
        'and shared, how long it is kept, and your rights.',
    )
    expect(reportedLines()).toEqual([
      'shown main commission@1 /before-you-submit',
      'shown main panel@2 /before-you-submit',
      'shown main privacy@1 /before-you-submit',
      'shown main terms@1 /before-you-submit',
    ])
    await expectNoAxeViolations(container)
  },
  SLOW_MS,
)

test('“How much commission will you receive?” is recorded as a request, and answered on screen', async () => {
  given(filledState())
  renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  await userEvent.click(
    screen.getByRole('button', { name: 'How much commission will you receive?' }),
  )

  expect(screen.getByRole('status')).toHaveTextContent(
    'Thank you: we will tell you how much commission we would receive from each lender before you decide whether to go ahead. You can still submit your application now.',
  )
  expect(screen.queryByRole('button', { name: 'How much commission will you receive?' })).toBeNull()
  expect(reportedLines().at(-1)).toBe('requested main commission@1 /before-you-submit')
})

test('a joint application records the notices as shown to the joint applicant too', () => {
  given(filledJointState())
  renderInMain(<BeforeYouSubmitScreen />, '/before-you-submit')
  expect(reportedLines().filter((line) => line.includes(' joint '))).toEqual([
    'shown joint commission@1 /before-you-submit',
    'shown joint panel@2 /before-you-submit',
    'shown joint privacy@1 /before-you-submit',
    'shown joint terms@1 /before-you-submit',
  ])
})
