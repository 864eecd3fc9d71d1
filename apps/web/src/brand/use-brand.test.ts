import { expect, test } from 'vitest'
import { brandById } from './use-brand'

test.each([
  ['harbourlend', 'Harbour Lending'],
  ['scorepal', 'ScorePal Car Finance'],
  ['nosuchbrand', 'Car Finance Direct'],
  [undefined, 'Car Finance Direct'],
])('brand id %j gives %s', (brandId, tradingName) => {
  expect(brandById(brandId).tradingName).toBe(tradingName)
})
