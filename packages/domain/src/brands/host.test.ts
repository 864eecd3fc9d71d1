import { expect, test } from 'vitest'
import { brands } from './brand-data'
import {
  brandForHost,
  brandIdForHost,
  firstHostLabel,
  isApplyHost,
  prerenderedStartBrandId,
  vehicleTypeForHost,
} from './host'

test.each([
  ['harbourlend.localhost:5173', 'harbourlend'],
  ['HarbourLend.Example.com', 'harbourlend'],
  ['  milebroker.example  ', 'milebroker'],
  ['scorepal', 'scorepal'],
  ['localhost:3000', 'localhost'],
  ['apply.localhost:', 'apply'],
  ['creditlens.example.', 'creditlens'],
  ['127.0.0.1:8080', '127'],
  ['[::1]:5173', '[::1]'],
  ['', ''],
])('the first label of %j is %j', (host, label) => {
  expect(firstHostLabel(host)).toBe(label)
})

test.each([
  ['harbourlend.localhost:5173', 'harbourlend'],
  ['milebroker.example', 'milebroker'],
  ['carfinance.example', 'carfinance'],
  ['SCOREPAL.example', 'scorepal'],
  ['creditlens.localhost', 'creditlens'],
  ['apply.localhost', 'carfinance'],
  ['www.harbourlend.example', 'harbourlend'],
  ['WWW.Milebroker.Example.:443', 'milebroker'],
  ['apply.carfinance.example', 'carfinance'],
  ['www.harbourlend.example.evil', 'carfinance'],
  ['localhost:3000', 'carfinance'],
  ['constructor.example', 'carfinance'],
  ['__proto__.example', 'carfinance'],
  ['', 'carfinance'],
])('%j uses the %s brand', (host, id) => {
  expect(brandIdForHost(host)).toBe(id)
  expect(brandForHost(host)).toBe(brands[id as keyof typeof brands])
})

test.each([
  ['apply.localhost:5173', true],
  ['APPLY.example', true],
  ['apply', true],
  ['applynow.example', false],
  ['www.apply.example', false],
  ['carfinance.localhost', false],
])('%j opens the introductory modal: %s', (host, opens) => {
  expect(isApplyHost(host)).toBe(opens)
})

test.each([
  ['leisurefinance.example', 'Caravan'],
  ['caravan.example', 'Caravan'],
  ['carfinance.caravans.example', 'Caravan'],
  ['vanfinance.example', 'Van'],
  ['harbourlend.vans.localhost:5173', 'Van'],
  ['horsebox.example', 'Horsebox'],
  ['motorhome.example', 'Motorhome'],
  ['motorbike.example', 'Motorcycle'],
  ['MOTORBIKE.example', 'Motorcycle'],
  ['motorcycle.example', 'Car'],
  ['carfinance.localhost:5173', 'Car'],
  ['', 'Car'],
])('%j finances a %s', (host, vehicleType) => {
  expect(vehicleTypeForHost(host)).toBe(vehicleType)
})

test.each([
  ['harbourlend.localhost:3000', 'harbourlend'],
  ['carfinance.example', 'carfinance'],
  ['localhost:3000', 'carfinance'],
  ['nosuchbrand.localhost', 'carfinance'],
  ['apply.localhost:3000', null],
  ['horsebox.localhost', null],
  ['milebroker-vans.example', null],
  ['caravan.carfinance.example', null],
])('the pre-rendered start page for %j is that of %j', (host, brandId) => {
  expect(prerenderedStartBrandId(host)).toBe(brandId)
})
