import { expect, test } from 'vitest'
import { brandHeadline } from './headline'

test.each([
  [
    'Finance for your next {vehicle}, found for you',
    'Car',
    'Finance for your next car, found for you',
  ],
  [
    'Finance for your next {vehicle}, found for you',
    'Horsebox',
    'Finance for your next horsebox, found for you',
  ],
  ['{Vehicle} finance made simple', 'Motorcycle', 'Motorcycle finance made simple'],
  ['{Vehicle} finance made simple', 'Caravan', 'Caravan finance made simple'],
  ['See the {vehicle} finance you could get', 'Van', 'See the van finance you could get'],
  ['{Vehicle} or {vehicle}', 'Motorhome', 'Motorhome or motorhome'],
  [
    'Vehicle and homeowner loans, explained simply',
    'Horsebox',
    'Vehicle and homeowner loans, explained simply',
  ],
  ['{Vehicle} finance made simple', '', 'Car finance made simple'],
])('%j on a %j host reads %j', (headline, vehicleType, expected) => {
  expect(brandHeadline(headline, vehicleType)).toBe(expected)
})
