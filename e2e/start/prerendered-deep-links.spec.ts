// A deep link to a question arrives with the page already rendered (docs/decisions/1941): the shell,
// the cookie banner and the question with its fields empty, with the question's code listed as
// modulepreload. The browser's own render replaces it in one commit: the question for an applicant
// whose earlier answers are in the tab, the first unanswered question for anyone else, never a
// "Loading…" line between and never a console error.
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { createInitialState } from '@forecourt/domain/state/application-state'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl, expectedBrands } from '../support/brands'
import { E2E_PORT } from '../support/env'

const QUESTION = 'What is your date of birth?'

/** GET a page as a browser would, from Node: the headers and the body, decompressed. */
function rawGet(label: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; html: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: E2E_PORT,
          path,
          headers: {
            host: `${label}.localhost:${E2E_PORT}`,
            accept: 'text/html,application/xhtml+xml',
            'accept-encoding': 'br',
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const body = Buffer.concat(chunks)
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              html:
                response.headers['content-encoding'] === 'br'
                  ? brotliDecompressSync(body).toString('utf8')
                  : body.toString('utf8'),
            })
          })
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

/**
 * Seeds the tab, before the app's first script, with an application answered up to (not
 * including) the date of birth: what /date-of-birth needs to show itself.
 */
async function seedAnswersBeforeDateOfBirth(page: Page, brandId: BrandId) {
  const filled = filledState()
  const state = createInitialState()
  const { id, affiliateKey } = brands[brandId]
  state.affiliateConfig = { brandId: id, affiliateKey }
  state.hasDeposit = filled.hasDeposit
  state.fullLicence = filled.fullLicence
  for (const field of [
    'lookingToBuy',
    'loanPurposeType',
    'loanAmount',
    'loanAmountUnknown',
    'loanAmountCompleted',
    'financeDetailsCompleted',
    'depositType',
    'cashDeposit',
    'term',
    'drivingLicenceType',
    'drivingLicenceCompleted',
    'maritalStatus',
    'maritalStatusCompleted',
  ] as const) {
    Object.assign(state.form, { [field]: filled.form[field] })
  }
  // Once, before the app's own scripts run, so nothing the page saves can overwrite it.
  await page.addInitScript((saved) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('forecourt.application', saved)
    sessionStorage.setItem('e2e-seeded', '1')
  }, JSON.stringify(state))
}

/**
 * Records whether #root ever shows "Loading…" and the first <h1> the parser made, and collects
 * console errors and warnings, page errors and failed requests for the page's own files.
 */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = []
  page.on('console', (message) => {
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
    const seen = window as unknown as { firstHeading?: string; sawLoading?: boolean }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement) {
            const heading = node.tagName === 'H1' ? node : node.querySelector('h1')
            if (heading) seen.firstHeading ??= heading.textContent ?? ''
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

const seen = (page: Page) =>
  page.evaluate(() => {
    const { firstHeading, sawLoading } = window as unknown as {
      firstHeading?: string
      sawLoading?: boolean
    }
    return { firstHeading, sawLoading: sawLoading === true }
  })

for (const brand of expectedBrands) {
  test(`${brand.label}: /date-of-birth arrives with the question in the HTML and its code as preloads`, async () => {
    const { status, headers, html } = await rawGet(brand.label, '/date-of-birth')
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBe('br')
    expect(String(headers['vary'])).toMatch(/host/i)
    expect(html).toContain(`<title>${QUESTION} – ${brand.tradingName}</title>`)
    expect(html).toContain(
      `<div id="root" data-prerendered-brand="${brand.label}" data-prerendered-path="/date-of-birth">`,
    )
    expect(html).toContain(`<h1 class="field-heading">${QUESTION}</h1>`)
    expect(html).toContain(`Cookies on <!-- -->${brand.tradingName}</h2>`)
    expect(html).toContain(`<a href="${brand.tel}">${brand.phone}</a>`)
    for (const chunk of ['question-screen', 'date-of-birth-screen']) {
      expect(html).toMatch(
        new RegExp(
          `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`,
        ),
      )
    }
    // No style attribute, which the policy would refuse; one inline script, in the head: the one
    // that holds the question back when the guard will move on from it (decision 2156).
    expect(html).not.toMatch(/<[a-z][^<>]*\sstyle=/i)
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    expect(inlineScripts.map(([element]) => element.slice(0, 8))).toEqual(['<script>'])
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</head>'))
    // Every inline stylesheet, and the script, is allowed by the page's own policy by its hash.
    const policy = String(headers['content-security-policy'])
    expect(policy).toMatch(/style-src 'self'( 'sha256-[\w+/=]+')+;/)
    const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1] ?? ''
    expect(styleSrc.match(/'sha256-/g)?.length).toBe(html.match(/<style>/g)?.length)
    const script = inlineScripts[0]?.[1] ?? ''
    const scriptHash = createHash('sha256').update(script, 'utf8').digest('base64')
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(
      `'self' https://www.googletagmanager.com/gtm.js 'sha256-${scriptHash}'`,
    )
  })

  test(`${brand.label}: a deep link with the earlier answers in the tab shows the question, rendered over the page without a flash`, async ({
    page,
  }) => {
    const problems = await watch(page)
    await seedAnswersBeforeDateOfBirth(page, brand.label as BrandId)
    await page.goto(brandUrl(brand.label, '/date-of-birth'))
    await expect(page).toHaveURL(brandUrl(brand.label, '/date-of-birth'))
    const progress = page.getByRole('progressbar', { name: 'Application progress' })
    // The browser's render: the progress bar knows the answers.
    await expect(progress).not.toHaveAttribute('aria-valuenow', '0')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(QUESTION)
    await expect(page).toHaveTitle(`${QUESTION} – ${brand.tradingName}`)
    expect(await seen(page)).toEqual({ firstHeading: QUESTION, sawLoading: false })
    // The first screen of a visit leaves focus where the browser put it: the skip link comes first.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await expectNoAxeViolations(page)

    // The page answers: the date is typed into the state, and Continue goes on.
    await page.getByLabel('Day').fill('07')
    await page.getByLabel('Month').fill('03')
    await page.getByLabel('Year').fill('1990')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(brandUrl(brand.label, '/personal'))
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    expect(problems).toEqual([])
  })
}

test('a deep link without the earlier answers still goes to the first unanswered question, with no "Loading…" between', async ({
  page,
}) => {
  const problems = await watch(page)
  await page.goto(brandUrl('carfinance', '/date-of-birth'))
  await expect(page).toHaveURL(brandUrl('carfinance', '/looking-to-borrow'))
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('How much would you like to borrow?')
  await expect(heading).toBeFocused()
  await expect(page).toHaveTitle('How much would you like to borrow? – Car Finance Direct')
  // What the page brought (held back from a new visitor: e2e/start/typed-before-takeover.spec.ts),
  // before the guard sent the visitor on.
  expect(await seen(page)).toEqual({ firstHeading: QUESTION, sawLoading: false })
  await expectNoAxeViolations(page)
  expect(problems).toEqual([])
})

test('without JavaScript the question reads and looks like the page, in the brand’s colours', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(brandUrl('milebroker', '/date-of-birth'))
  await expect(page).toHaveTitle(`${QUESTION} – Mile Broker`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(QUESTION)
  for (const part of ['Day', 'Month', 'Year']) {
    await expect(page.getByLabel(part)).toHaveValue('')
  }
  const milebroker = expectedBrands.find((brand) => brand.label === 'milebroker')!
  expect(
    await page
      .getByRole('button', { name: 'Continue' })
      .evaluate((element) => getComputedStyle(element).backgroundColor),
  ).toBe(milebroker.colour)
  // The screen's own stylesheet is in the page: the three parts sit side by side.
  const [day, year] = await Promise.all(
    ['Day', 'Year'].map((part) => page.getByLabel(part).boundingBox()),
  )
  expect(day!.y).toBe(year!.y)
  expect(day!.x).toBeLessThan(year!.x)
  await context.close()
})

test('the check page’s rows, made of the answers, are not shown before the browser has them', async () => {
  const { html } = await rawGet('carfinance', '/before-you-submit')
  expect(html).toContain('<div class="screen screen--unseen">')
  expect(html).toContain('<title>Check your answers – Car Finance Direct</title>')
})

test('a numbered question past its first entry and the apply host get index.html with the preloads', async () => {
  for (const [label, path] of [
    ['carfinance', '/address/2'],
    ['apply', '/date-of-birth'],
  ] as const) {
    const { status, html } = await rawGet(label, path)
    expect(status, `${label} ${path}`).toBe(200)
    expect(html, `${label} ${path}`).toContain('<div id="root"></div>')
    expect(html, `${label} ${path}`).toMatch(/<link rel="modulepreload" crossorigin href=/)
  }
})
