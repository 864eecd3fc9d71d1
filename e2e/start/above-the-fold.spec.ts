// "Start your application", with the soft-search note and the terms it agrees to, within the first
// screenful on every brand and on the apply host (modal closed), on a phone and on a desktop, with
// the cookie banner open and closed (docs/decisions/1528).
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl, expectedBrands } from '../support/brands'

const hosts = [...expectedBrands.map((brand) => brand.label), 'apply']
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

/** The bottom of the element's box, in CSS pixels from the top of the page (not scrolled). */
async function bottomOf(page: Page, name: string | RegExp, role?: 'link') {
  const element = role
    ? page.getByRole(role, { name })
    : page.getByRole('main').getByText(name).first()
  await expect(element).toBeVisible()
  // Read once laid out: while the app's first render replaces the pre-rendered page, the locator can
  // meet the element between the two for a moment.
  let box: Awaited<ReturnType<typeof element.boundingBox>> = null
  await expect
    .poll(async () => (box = await element.boundingBox()) !== null, {
      message: `${String(name)} has a box`,
    })
    .toBe(true)
  const { y, height } = box!
  return y + height
}

for (const host of hosts) {
  for (const viewport of viewports) {
    for (const banner of ['open', 'closed'] as const) {
      test(`${host}, ${viewport.width} × ${viewport.height}, cookie banner ${banner}: the way in is above the fold`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ viewport })
        try {
          if (banner === 'closed') {
            await context.addInitScript(() =>
              localStorage.setItem('forecourt.cookie-consent', 'rejected'),
            )
          }
          const page = await context.newPage()
          await page.goto(brandUrl(host))
          const cookies = page.getByRole('region', { name: /^Cookies on / })
          if (banner === 'open') await expect(cookies).toBeVisible()
          else await expect(cookies).toHaveCount(0)
          if (host === 'apply') {
            await page.getByRole('dialog').getByRole('button', { name: 'Get a quote' }).click()
            await expect(page.getByRole('dialog')).toBeHidden()
          }
          expect(await page.evaluate(() => window.scrollY)).toBe(0)

          const start = await bottomOf(page, 'Start your application', 'link')
          expect(start).toBeLessThanOrEqual(viewport.height)
          // Said near the button: checking eligibility does not affect the credit score.
          const note = await bottomOf(
            page,
            'Checking your eligibility will not affect your credit score.',
          )
          expect(note).toBeLessThanOrEqual(start)

          if (viewport.width === 390 && banner === 'open') await expectNoAxeViolations(page)
        } finally {
          await context.close()
        }
      })
    }
  }
}
