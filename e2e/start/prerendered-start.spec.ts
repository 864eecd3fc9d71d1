// `/` arrives with the brand's start screen already in the HTML (docs/decisions/1411): readable
// before any script runs, hydrated in place for a new visitor, rendered afresh over it for anyone
// else without a "Loading…" flash, and still the way into the journey.
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl, expectedBrands } from '../support/brands'
import { E2E_PORT } from '../support/env'

const FIRST_HTML_BUDGET_BYTES = 14 * 1024

/** GET / as a browser would, from Node: the raw bytes on the wire and the headers. */
function rawGet(label: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: E2E_PORT,
          path: '/',
          headers: {
            host: `${label}.localhost:${E2E_PORT}`,
            accept: 'text/html,application/xhtml+xml',
            'accept-encoding': acceptEncoding,
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

/**
 * Records, from before the page's first byte, the first <h1> the parser creates and whether
 * #root ever shows "Loading…"; collects console errors and warnings, page errors and failed
 * requests for the page's own files.
 */
async function watchStart(page: Page): Promise<string[]> {
  const problems: string[] = []
  page.on('console', (message) => {
    // A failed request is judged below by its address: the API's rate limits are shared by every
    // test of the run (one client address), the page's own files never are.
    if (message.text().startsWith('Failed to load resource')) return
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (response.status() >= 400 && !pathname.startsWith('/api/')) {
      problems.push(`${response.status()} for ${pathname}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  await page.addInitScript(() => {
    const seen = window as unknown as { firstHeading?: Element; sawLoading?: boolean }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLHeadingElement && node.tagName === 'H1') {
            seen.firstHeading ??= node
          }
        }
      }
      if (document.getElementById('root')?.textContent?.includes('Loading…')) {
        seen.sawLoading = true
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return problems
}

/** Whether the <h1> on screen is the very element the HTML brought (hydrated, not re-rendered). */
function headingIsThePrerenderedOne(page: Page) {
  return page.evaluate(() => {
    const seen = window as unknown as { firstHeading?: Element }
    return seen.firstHeading !== undefined && seen.firstHeading === document.querySelector('h1')
  })
}

function sawLoading(page: Page) {
  return page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading === true)
}

/** The page has hydrated or rendered: the cookie banner's buttons answer. */
async function expectInteractive(page: Page) {
  await page.getByRole('button', { name: 'Reject analytics cookies' }).click()
  await expect(page.getByText('You have rejected analytics cookies.')).toBeVisible()
}

for (const brand of expectedBrands) {
  test(`${brand.label}: / arrives with the start screen in the HTML, compressed, within 14 KiB`, async () => {
    const compressed = await rawGet(brand.label, 'br, gzip')
    expect(compressed.status).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers['vary']).toMatch(/accept-encoding/i)
    expect(compressed.body.length).toBeLessThanOrEqual(FIRST_HTML_BUDGET_BYTES)

    const html = brotliDecompressSync(compressed.body).toString('utf8')
    expect(html).toBe((await rawGet(brand.label, 'identity')).body.toString('utf8'))
    expect(html).toContain(`<title>Apply for vehicle finance – ${brand.tradingName}</title>`)
    expect(html).toContain(`<html lang="en-GB" data-brand="${brand.label}">`)
    expect(html).toMatch(
      new RegExp(
        `<div id="root" data-prerendered-brand="${brand.label}" data-prerendered-path="/">`,
      ),
    )
    expect(html).toMatch(/<main [^>]*>.*<h1 class="screen-heading"[^>]*>[^<]+<\/h1>/s)
    expect(html).toContain('Start your application</a>')
    // The footer's contact details are part of the page from its first byte.
    expect(html).toContain(`<a href="${brand.tel}">${brand.phone}</a>`)
    expect(html).toContain(`<a href="mailto:${brand.email}">${brand.email}</a>`)
    // One inline script, the note of a button pressed before the app takes over (decision 2172),
    // allowed by its hash and by nothing looser.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js = '']) => js)
    expect(inline).toHaveLength(1)
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual(['<script>'])
    const scriptSrc = String(compressed.headers['content-security-policy']).match(
      /script-src ([^;]*)/,
    )?.[1]
    const sha = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${sha}'`)
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  test(`${brand.label}: without JavaScript the start screen reads and looks the same`, async ({
    browser,
  }) => {
    const withScript = await browser.newContext()
    const scripted = await withScript.newPage()
    await scripted.goto(brandUrl(brand.label))
    const heading = await scripted.getByRole('heading', { level: 1 }).textContent()
    await withScript.close()

    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(brandUrl(brand.label))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '')
    await expect(page).toHaveTitle(`Apply for vehicle finance – ${brand.tradingName}`)
    const start = page.getByRole('link', { name: 'Start your application' })
    await expect(start).toBeVisible()
    // The brand theme and the stylesheet are in the HTML: no script or other request needed.
    expect(await start.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      brand.colour,
    )
    const example = page.getByRole('region', { name: /representative example/i })
    await expect(example).toContainText('APR')
    if (brand.monthlyPayment) await expect(example).toContainText(brand.monthlyPayment)
    await context.close()
  })

  test(`${brand.label}: a new visitor's start screen hydrates in place without a console error`, async ({
    page,
  }) => {
    const problems = await watchStart(page)
    await page.goto(brandUrl(brand.label))
    await expectInteractive(page)
    expect(await headingIsThePrerenderedOne(page)).toBe(true)
    expect(await sawLoading(page)).toBe(false)
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Start your application' }).click()
    await expect(page).not.toHaveURL(brandUrl(brand.label))
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    expect(problems).toEqual([])
  })
}

test('a returning visitor with a saved application gets a fresh render over the page, with no flash', async ({
  page,
}) => {
  const problems = await watchStart(page)
  await page.goto(brandUrl('milebroker'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await expect(page).toHaveURL(brandUrl('milebroker', '/looking-to-buy'))

  await page.goto(brandUrl('milebroker'))
  await expect(page.getByRole('link', { name: 'Start your application' })).toBeVisible()
  await expectInteractive(page)
  expect(await headingIsThePrerenderedOne(page)).toBe(false)
  expect(await sawLoading(page)).toBe(false)
  expect(problems).toEqual([])
})

test('a visitor who chose about cookies before gets no banner, rendered afresh with no flash', async ({
  page,
}) => {
  const problems = await watchStart(page)
  await page.addInitScript(() => localStorage.setItem('forecourt.cookie-consent', 'rejected'))
  await page.goto(brandUrl('scorepal'))
  await expect(page.getByRole('link', { name: 'Start your application' })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Cookies on/ })).toHaveCount(0)
  // With no banner to press there is no sign on screen that the app has taken over: wait for its render
  // to replace the page's heading (the link and the missing banner are already so in the HTML).
  await expect.poll(() => headingIsThePrerenderedOne(page), { timeout: 15_000 }).toBe(false)
  expect(await sawLoading(page)).toBe(false)
  await page.getByRole('link', { name: 'Start your application' }).click()
  await expect(page).toHaveURL(brandUrl('scorepal', '/looking-to-borrow'))
  expect(problems).toEqual([])
})

test('the apply host gets the page rendered in the browser (its example and modal are its own) and opens its modal', async ({
  page,
}) => {
  const problems = await watchStart(page)
  const response = await page.goto(brandUrl('apply'))
  // Not the default brand's pre-rendered page, whose example is another (decision 1526).
  expect(await response?.text()).toContain('<div id="root"></div>')
  const modal = page.getByRole('dialog')
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Get a quote' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByRole('region', { name: 'Representative example' })).toContainText(
    '18.4% APR',
  )
  expect(problems).toEqual([])
})

test('a horsebox host gets the page rendered in the browser, with a headline that names the horsebox', async ({
  page,
}) => {
  const problems = await watchStart(page)
  const response = await page.goto(brandUrl('horsebox'))
  expect(await response?.text()).toContain('<div id="root"></div>')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Horsebox finance made simple')
  await expect(page.getByText('Car finance made simple')).toHaveCount(0)
  await expectNoAxeViolations(page)
  expect(problems).toEqual([])
})

test('a link naming a vehicle renders afresh and shows the vehicle once loaded', async ({
  page,
}) => {
  const problems = await watchStart(page)
  await page.goto(brandUrl('milebroker', '/?vehicleid=demo-car-1'))
  await expect(
    page.getByRole('region', { name: "Let's start with the vehicle you want to finance" }),
  ).toBeVisible()
  expect(await sawLoading(page)).toBe(false)
  expect(problems).toEqual([])
})

test('pages other than the start page and the questions stay client-rendered: their HTML has an empty #root', async ({
  page,
}) => {
  // The questions arrive rendered too (decision 1941: prerendered-deep-links.spec.ts).
  const response = await page.goto(brandUrl('milebroker', '/privacy-policy'))
  expect(await response?.text()).toContain('<div id="root"></div>')
})
