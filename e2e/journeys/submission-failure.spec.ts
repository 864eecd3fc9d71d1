import { expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { brandUrl } from '../support/brands'

test('when the API cannot be reached, Submission Error is recorded and the applicant is still redirected', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // The tag manager's data layer, watched from outside so its events survive the redirect.
  const events: Record<string, unknown>[] = []
  await page.exposeFunction('recordDataLayerEvent', (event: Record<string, unknown>) => {
    events.push(event)
  })
  await page.addInitScript(() => {
    const layer: unknown[] = []
    layer.push = (...items: unknown[]) => {
      for (const item of items) {
        ;(window as unknown as { recordDataLayerEvent: (e: unknown) => void }).recordDataLayerEvent(
          item,
        )
      }
      return Array.prototype.push.apply(layer, items)
    }
    ;(window as unknown as { dataLayer: unknown[] }).dataLayer = layer
  })
  let attempts = 0
  await page.route('**/api/submission/**', (route) => {
    attempts += 1
    return route.abort('failed')
  })

  // A complete application in this tab, as if every screen had been answered.
  const state = filledState()
  const guid = randomUUID()
  Object.assign(state, { GUID: guid, applicationKey: guid })
  state.form.vehicle.vrm = ''
  state.form.loanAmountCompleted = true
  state.completedSteps = ['optins']
  state.form.isAgreedTermsAndConditions = false
  // Seeded before the app's own scripts run, once, so nothing the page saves can overwrite it.
  await page.addInitScript((saved) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('forecourt.application', saved)
    sessionStorage.setItem('e2e-seeded', '1')
  }, JSON.stringify(state))
  await page.goto(brandUrl('carfinance', '/before-you-submit'))
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible()

  await page.getByRole('button', { name: 'Submit application' }).click()
  await expect(page.getByText('Please check this box.').first()).toBeVisible()
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: 'Submit application' }).click()

  // Car Finance Direct has no thank-you address of its own: its thank-you page, where the page
  // keeps trying while it is open.
  await page.waitForURL(brandUrl('carfinance', '/complete'), { timeout: 20_000 })
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sending your application' }),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Sending your application…',
  )
  await expect(page.getByRole('main').getByRole('link', { name: '0113 496 0745' })).toBeVisible()
  const attemptsOnArrival = attempts
  expect(attemptsOnArrival).toBeGreaterThan(1)
  await expect.poll(() => attempts, { timeout: 20_000 }).toBeGreaterThan(attemptsOnArrival)
  // Labelled with a random id of the event, never the application's key (decision 1801).
  expect(events).toContainEqual(
    expect.objectContaining({
      event: 'Submission Error',
      category: 'Application form',
      label: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    }),
  )
  expect(JSON.stringify(events)).not.toContain(guid)
})
