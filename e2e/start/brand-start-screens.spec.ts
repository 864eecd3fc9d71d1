import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl, expectedBrands } from '../support/brands'

for (const brand of expectedBrands) {
  test(`${brand.label}: the start screen shows the brand's logo, colour and representative example`, async ({
    page,
  }) => {
    await page.goto(brandUrl(brand.label))

    const logo = page.getByRole('banner').getByRole('img', { name: new RegExp(brand.tradingName) })
    await expect(logo).toBeVisible()
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(brand.tradingName))

    const start = page.getByRole('link', { name: 'Start your application' })
    await expect(start).toBeVisible()
    expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(brand.colour)

    const example = page.getByRole('region', { name: /representative example/i })
    await expect(example).toBeVisible()
    await expect(example).toContainText(/APR/)
    if (brand.monthlyPayment) await expect(example).toContainText(brand.monthlyPayment)

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: brand.phone })).toHaveAttribute('href', brand.tel)
    await expect(footer.getByRole('link', { name: brand.email })).toHaveAttribute(
      'href',
      `mailto:${brand.email}`,
    )
    // The firm reference number once in the footer.
    const footerText = (await footer.textContent()) ?? ''
    const firmNumber = /firm reference number (\d{6,7})/.exec(footerText)?.[1]
    expect(firmNumber).toBeDefined()
    expect(footerText.split(firmNumber!)).toHaveLength(2)

    await expectNoAxeViolations(page)
  })
}

test('harbourlend: the property-secured example carries the repossession warning', async ({
  page,
}) => {
  await page.goto(brandUrl('harbourlend'))
  const example = page.getByRole('region', { name: /representative example/i })
  await expect(example).toContainText('£20,000')
  await expect(example).toContainText('19.56%')
  await expect(example).toContainText('£2,000')
  await expect(example).toContainText('£699')
  await expect(page.getByText(/Your home may be repossessed/)).toBeVisible()
})

test('an unknown host falls back to the default brand, Car Finance Direct', async ({ page }) => {
  await page.goto(brandUrl('nosuchbrand'))
  await expect(page).toHaveTitle(/Car Finance Direct/)
})

test('apply host: the introductory modal opens with everything the specification lists', async ({
  page,
}) => {
  await page.goto(brandUrl('apply'))
  const modal = page.getByRole('dialog')
  await expect(modal).toBeVisible()
  for (const text of [
    'No broker fees',
    'No deposit options',
    'Choose any vehicle',
    'Buy from any dealer',
    'No impact on your credit score',
    '£7,500',
    '48 months',
    '18.4%',
    '£216.45',
    '£2,889.60',
    '£10,389.60',
    'authorised and regulated by the Financial Conduct Authority',
    'credit broker',
    'subject to status',
    'Written quotations',
  ]) {
    await expect(modal).toContainText(text)
  }
  // No brand has a rating with a named source, so no badge (decision 1527).
  await expect(modal.getByText(/rated/i)).toHaveCount(0)
  await expect(modal.getByRole('img')).toHaveCount(0)
  await expectNoAxeViolations(page)

  await modal.getByRole('button', { name: 'Get a quote' }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  // One representative example on the page: the modal's (decision 1526).
  const example = page.getByRole('region', { name: 'Representative example' })
  await expect(example).toContainText('18.4% APR (fixed)')
  await expect(example).toContainText('£216.45')
  await expect(page.locator('body')).not.toContainText('21.4%')
  await expect(page.locator('body')).not.toContainText('£226.43')
  await expectNoAxeViolations(page)
})

test('other hosts do not open the introductory modal', async ({ page }) => {
  await page.goto(brandUrl('carfinance'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
