import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { VehicleBanner, formatMileage } from './vehicle-banner'

const HEADING = "Let's start with the vehicle you want to finance"

function givenVehicle(vrm: string) {
  givenState('milebroker', (state) => {
    state.vehicleId = 'demo-car-1'
    state.form.vehicle = {
      ...state.form.vehicle,
      make: 'Ford',
      model: 'Focus',
      price: 14995,
      mileage: 12345,
      vrm,
      imageUrl: '/vehicles/demo-car-1.jpg',
    }
  })
}

test('a loaded vehicle with a registration number is shown in full', async () => {
  givenVehicle('AB12 CDE')
  renderInMain(<VehicleBanner />)
  const banner = screen.getByRole('region', { name: HEADING })
  expect(within(banner).getByRole('heading', { level: 2 })).toHaveTextContent(HEADING)
  expect(within(banner).getByRole('img', { name: 'Ford Focus' })).toHaveAttribute(
    'src',
    '/vehicles/demo-car-1.jpg',
  )
  const rows = within(banner)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent])
  expect(rows).toEqual([
    ['Make', 'Ford'],
    ['Model', 'Focus'],
    ['Mileage', '12,345 miles'],
    ['Registration', 'AB12 CDE'],
    ['Price', '£14,995'],
  ])
  await expectNoAxeViolations()
})

test.each(['', '   '])('no banner when the registration number is %j', (vrm) => {
  givenVehicle(vrm)
  renderInMain(<VehicleBanner />)
  expect(screen.queryByText(HEADING)).not.toBeInTheDocument()
})

test('the price is shown in whole pounds', () => {
  givenState('milebroker', (state) => {
    state.form.vehicle = {
      ...state.form.vehicle,
      make: 'Kia',
      model: 'Ceed',
      vrm: 'X1',
      price: 9999.5,
    }
  })
  renderInMain(<VehicleBanner />)
  expect(screen.getByText('£10,000')).toBeInTheDocument()
})

test.each([
  [1, '1 mile'],
  [0, '0 miles'],
  [120000, '120,000 miles'],
])('mileage %i reads %s', (mileage, text) => {
  expect(formatMileage(mileage)).toBe(text)
})
