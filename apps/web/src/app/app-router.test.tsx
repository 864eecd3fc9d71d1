import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderApp } from '#testing/render'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

function footerLink(name: string) {
  return within(screen.getByRole('contentinfo')).getByRole('link', { name })
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  document.title = ''
})

test('the first screen of a page load gets its title but leaves focus alone', async () => {
  givenState('harbourlend')
  renderApp('/')
  const heading = await screen.findByRole(
    'heading',
    {
      level: 1,
      name: 'Vehicle and homeowner loans, explained simply',
    },
    LAZY_SCREEN,
  )
  await waitFor(() => expect(document.title).toBe('Apply for vehicle finance – Harbour Lending'))
  expect(heading).not.toHaveFocus()
})

test('a route change names the step in the title, focuses its heading and scrolls to the top', async () => {
  givenState('carfinance')
  renderApp('/')
  await screen.findByRole('heading', { level: 1, name: 'Car finance made simple' }, LAZY_SCREEN)
  vi.mocked(window.scrollTo).mockClear()

  await userEvent.click(footerLink('Privacy Policy'))
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'Privacy Policy' },
    LAZY_SCREEN,
  )
  await waitFor(() => expect(heading).toHaveFocus())
  expect(document.title).toBe('Privacy Policy – Car Finance Direct')
  expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 })

  await userEvent.click(footerLink('Cookie Policy'))
  const cookieHeading = await screen.findByRole(
    'heading',
    { level: 1, name: 'Cookie Policy' },
    LAZY_SCREEN,
  )
  await waitFor(() => expect(cookieHeading).toHaveFocus())
  expect(document.title).toBe('Cookie Policy – Car Finance Direct')
})

test.each(['/no/such/page', '/driving-licence-x', '/start'])(
  'the unknown path %s is replaced by the start screen',
  async (path) => {
    givenState('carfinance')
    const { location } = renderApp(path)
    await screen.findByRole('link', { name: 'Start your application' }, LAZY_SCREEN)
    expect(location.history).toEqual(['/'])
  },
)

test.each([
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
])('%s is a page of its own with the heading %s and no axe violation', async (path, name) => {
  givenState('milebroker')
  renderApp(path)
  await screen.findByRole('heading', { level: 1, name }, LAZY_SCREEN)
  await waitFor(() => expect(document.title).toBe(`${name} – Mile Broker`))
  await expectNoAxeViolations()
})

test('the whole start page, shell included, has no axe violation', async () => {
  givenState('scorepal')
  renderApp('/')
  await screen.findByRole('heading', { level: 1 }, LAZY_SCREEN)
  await expectNoAxeViolations()
})

test.each([
  ['/address/2', 'What was your previous address?'],
  ['/address-length/2', 'How long did you live at this address?'],
  ['/employment/2', 'What was your previous employment status?'],
  ['/employment-length/2', 'How long were you in this employment status?'],
])('an earlier entry of a history, %s, has the title its heading has', async (path, question) => {
  givenState('carfinance', (state) => {
    const filled = filledState()
    state.form = filled.form
    state.completedSteps = filled.completedSteps
    // Short histories, so a second entry of each is asked for.
    state.form.addresses = [{ ...filled.form.addresses[0]!, yearsAtAddress: 1, monthsAtAddress: 0 }]
    state.form.addresses.push({
      ...filled.form.addresses[0]!,
      yearsAtAddress: 4,
      monthsAtAddress: 0,
    })
    state.form.employments = [
      { ...filled.form.employments[0]!, yearsAtEmployer: 1, monthsAtEmployer: 0 },
      { ...filled.form.employments[0]!, yearsAtEmployer: 4, monthsAtEmployer: 0 },
    ]
  })
  renderApp(path)
  await screen.findByRole('heading', { level: 1, name: question }, LAZY_SCREEN)
  await waitFor(() => expect(document.title).toBe(`${question} – Car Finance Direct`))
})
