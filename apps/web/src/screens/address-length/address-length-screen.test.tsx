import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import AddressLengthScreen from './address-length-screen'

const entry = (years: number | null, months: number | null = null, street = 'Canal Street') =>
  ({
    ...emptyAddress(),
    houseNumber: '2',
    street,
    town: 'Manchester',
    postcode: 'M1 1AE',
    yearsAtAddress: years,
    monthsAtAddress: months,
    residentialStatus: years === null ? '' : 'Private tenant',
  }) satisfies Address

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/address-length/:n">
      <AddressLengthScreen />
    </Route>,
    `/address-length/${n}`,
  )

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

test.each([
  ['nothing', '', ''],
  ['no time at all', '0', '0'],
  ['letters', 'ab', ''],
])(
  'Continue with %s entered asks for an answer, in the summary and beside the question',
  async (_, years, months) => {
    givenState('carfinance', (state) => void (state.form.addresses = [entry(null)]))
    const { container } = renderEntry(1)
    await expectNoAxeViolations(container)
    if (years) await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), years)
    if (months) await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), months)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(summaryLinks()).toEqual(['Please answer this question.'])
    expect(
      screen.getByRole('group', { name: 'How long have you lived at this address?' }),
    ).toHaveAccessibleDescription(
      '0 months so far; we need 3 years Error: Please answer this question.',
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Years' })).toHaveFocus())
    await expectNoAxeViolations(container)
  },
)

test('each part is committed 100 ms after typing, within 25 years and 11 months, and the total follows', async () => {
  givenState('carfinance', (state) => void (state.form.addresses = [entry(1, 2), entry(null)]))
  renderEntry(2)
  const question = screen.getByRole('group', { name: 'How long did you live at this address?' })
  expect(question).toHaveAccessibleDescription('1 year 2 months so far; we need 3 years')

  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '30')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '15')
  await waitFor(() =>
    expect(getApplication().form.addresses[1]).toMatchObject({
      yearsAtAddress: 25,
      monthsAtAddress: 11,
    }),
  )
  expect(screen.getByRole('textbox', { name: 'Years' })).toHaveValue('30')
  expect(question).toHaveAccessibleDescription('27 years 1 month so far; we need 3 years')
})

test('Continue commits what is still pending and goes to the residential status of the same entry', async () => {
  givenState('carfinance', (state) => void (state.form.addresses = [entry(null)]))
  const { location } = renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '2')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '4')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.addresses[0]).toMatchObject({
    yearsAtAddress: 2,
    monthsAtAddress: 4,
  })
  expect(location.history?.at(-1)).toBe('/residential-status/1')
})

test('lengthening the first address to 3 years drops the later entries it no longer needs', async () => {
  givenState('carfinance', (state) => {
    state.form.addresses = [entry(1, 0, 'First'), entry(1, 0, 'Second'), entry(1, 0, 'Third')]
    state.savedAddresses = state.form.addresses.map(() => ({
      manual: false,
      streetAddress: '2 Canal Street, Manchester',
      value: 'M1 1AE',
    }))
  })
  const { location } = renderEntry(1)
  const years = screen.getByRole('textbox', { name: 'Years' })
  await userEvent.clear(years)
  await userEvent.type(years, '3')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form, savedAddresses } = getApplication()
  expect(form.addresses.map((address) => address.street)).toEqual(['First'])
  expect(savedAddresses).toHaveLength(1)
  expect(location.history?.at(-1)).toBe('/residential-status/1')
})

test('no time at all shows in the summary as soon as focus leaves the question', async () => {
  givenState('carfinance', (state) => void (state.form.addresses = [entry(null)]))
  renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '0')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '0')
  await userEvent.tab()
  await waitFor(() => expect(summaryLinks()).toEqual(['Please answer this question.']))
  expect(screen.getByRole('link', { name: 'Please answer this question.' })).toHaveAttribute(
    'href',
    '#timeAtAddress',
  )
  expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus()
})
