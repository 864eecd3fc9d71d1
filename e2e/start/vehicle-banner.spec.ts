import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { apiRequest, brandUrl } from '../support/brands'

test('a stock vehicle from ?vehicleid= is shown in the vehicle banner', async ({
  page,
  request,
}) => {
  const stock = apiRequest('milebroker', '/api/stock/demo-car-1')
  const response = await request.get(stock.url, { headers: stock.headers })
  expect(response.status()).toBe(200)
  const vehicle = await response.json()

  await page.goto(brandUrl('milebroker', '/?vehicleid=demo-car-1'))
  const banner = page.getByRole('region', {
    name: "Let's start with the vehicle you want to finance",
  })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(vehicle.make)
  await expect(banner).toContainText(vehicle.model)
  await expect(banner).toContainText(vehicle.vrm)
  await expect(banner).toContainText(`£${vehicle.price.toLocaleString('en-GB')}`)
  await expect(banner).toContainText(`${vehicle.mileage.toLocaleString('en-GB')} miles`)
  const image = banner.getByRole('img')
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expectNoAxeViolations(page)
})

test('no banner without a vehicle, and none for an unknown vehicle id', async ({ page }) => {
  await page.goto(brandUrl('milebroker'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText("Let's start with the vehicle you want to finance")).toHaveCount(0)

  await page.goto(brandUrl('milebroker', '/?vehicleid=no-such-vehicle'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText("Let's start with the vehicle you want to finance")).toHaveCount(0)
})

test('a stock horsebox linked from a car brand is named in the headline', async ({ page }) => {
  await page.goto(brandUrl('milebroker', '/?vehicleid=demo-horsebox-1'))
  const banner = page.getByRole('region', {
    name: "Let's start with the vehicle you want to finance",
  })
  await expect(banner).toContainText('Equi-Trek')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Finance for your next horsebox, found for you',
  )
  await expect(page.getByText('Finance for your next car, found for you')).toHaveCount(0)
  await expectNoAxeViolations(page)
})
