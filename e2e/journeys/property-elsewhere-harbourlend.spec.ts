import { expect, test, type Page } from '@playwright/test'
import {
  aboutYou,
  address,
  agreeAndSubmit,
  circumstancesAndConsent,
  loanAmount,
  termInYears,
} from '../support/answers'
import { expectNoAxeViolations } from '../support/axe'
import { brandUrl } from '../support/brands'
import {
  choose,
  countApplications,
  expectThankYouPage,
  findAddress,
  step,
  storedApplication,
  stubThankYouPages,
  submissionBody,
  yearsMonths,
} from '../support/journey'

// A homeowner loan secured on a property that is not the applicant's home (decision 1501): the
// property's address found by postcode or typed in, who lives there and how long it has been owned,
// through to a stored submission. The screens this changes are checked with axe, empty and with errors.

type Entry = 'lookup' | 'manual'

async function toTheProperty(page: Page) {
  await page.goto(brandUrl('harbourlend'))
  await page.getByRole('link', { name: 'Start your application' }).click()
  await step(page, '/looking-to-buy', () => choose(page, 'I have found a vehicle'))
  await step(page, '/loan-type', () => choose(page, 'A homeowner loan secured on my property'))
  await loanAmount(page, '40000')
  await step(page, '/deposit', () => choose(page, 'No'))
  await termInYears(page, '15')
  await aboutYou(page)
  await address(page, 1, 'LS1 4DY', '6', 'Homeowner with a mortgage')
  await step(page, '/property-details', async () => {
    await page.getByRole('textbox', { name: /Property value/ }).fill('180000')
    await page.getByRole('textbox', { name: /Outstanding mortgage balance/ }).fill('0')
    await page.getByRole('combobox', { name: 'Number of bedrooms' }).selectOption('2')
    await page.getByRole('combobox', { name: 'Property type' }).selectOption('Terraced')
  })
  await step(page, '/security-address-confirm', () => choose(page, 'No'), { audit: true })
}

async function thePropertyElsewhere(page: Page, entry: Entry) {
  await step(
    page,
    '/security-address-add',
    async () => {
      if (entry === 'lookup') {
        await findAddress(page, 'M1 1AE')
      } else {
        await page.getByRole('textbox', { name: 'Postcode' }).fill('cf10 1ep')
        await page.getByRole('button', { name: 'Enter the address manually' }).click()
        const manual = page.getByRole('group', { name: 'Address' })
        await manual.getByRole('textbox', { name: 'House number or name' }).fill('Tŷ Gwyn')
        await manual.getByRole('textbox', { name: 'Street' }).fill('Heol y Deri')
        await manual.getByRole('textbox', { name: 'Town or city' }).fill('Cardiff')
      }
      // The new question, answered on the screen it belongs to, and checked with axe once answered.
      await choose(page, 'It is let to tenants', 'Who lives at the property?')
      await yearsMonths(page, '7', '4')
      await expectNoAxeViolations(page)
    },
    { audit: true },
  )
  await step(page, '/own-other-properties', () => choose(page, 'Yes'), { audit: true })
}

async function employmentAndIncome(page: Page) {
  await step(page, '/employment/1', () => choose(page, 'Full-time employed'))
  await step(page, '/employment-add/1', async () => {
    await page.getByRole('textbox', { name: 'Occupation' }).fill('Surveyor')
    await page.getByRole('textbox', { name: 'Employer name' }).fill('Hopper Surveys')
    await page.getByRole('textbox', { name: 'Employer town' }).fill('Leeds')
  })
  await step(page, '/employment-length/1', () => yearsMonths(page, '9'))
  await step(page, '/employment-income/1', () =>
    page.getByRole('textbox', { name: /monthly income/ }).fill('3600'),
  )
  await step(page, '/joint', () => choose(page, 'No'))
}

for (const entry of ['lookup', 'manual'] as const) {
  test(`harbourlend: a loan secured on a property elsewhere, its address ${entry === 'lookup' ? 'found by postcode' : 'typed by hand'}, is stored`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await stubThankYouPages(page)
    await toTheProperty(page)
    await thePropertyElsewhere(page, entry)
    await employmentAndIncome(page)
    await circumstancesAndConsent(page)

    // Check your answers lists the new answer under Property, and passes axe.
    await expect(page).toHaveURL(/\/before-you-submit$/)
    await expect(page.getByText('It is let to tenants')).toBeVisible()
    await expectNoAxeViolations(page)

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/api/submission/'),
    )
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/submission/'),
    )
    await agreeAndSubmit(page)
    const body = await submissionBody(await sent)
    const response = await answered
    expect(response.status()).toBe(201)
    expect(await response.json()).toMatchObject({ status: 'received' })

    expect(body).toMatchObject({
      loanPurposeType: 'property',
      isSecurityCurrentAddress: false,
      propertyValue: 180000,
      mortgageBalance: 0,
      forecourt: {
        version: 1,
        hasDeposit: false,
        ownOtherProperties: true,
        breathingSpace: false,
        fairProcessingNoticeAcknowledged: true,
      },
    })
    expect(body.securityAddress).toEqual(
      entry === 'lookup'
        ? expect.objectContaining({
            postcode: 'M1 1AE',
            town: 'Manchester',
            residentialStatus: 'Let to tenants',
            yearsAtAddress: 7,
            monthsAtAddress: 4,
          })
        : {
            houseName: 'Tŷ Gwyn',
            buildingName: 'Tŷ Gwyn',
            street: 'Heol y Deri',
            town: 'Cardiff',
            postcode: 'CF10 1EP',
            residentialStatus: 'Let to tenants',
            yearsAtAddress: 7,
            monthsAtAddress: 4,
          },
    )
    // The home stays the first address, with its own residential status.
    expect(body.addresses).toEqual([
      expect.objectContaining({
        postcode: 'LS1 4DY',
        residentialStatus: 'Homeowner with a mortgage',
      }),
    ])

    const guid = String(body.submissionKey)
    expect(storedApplication(guid)).toMatchObject({ status: 'submitted', brand: 'harbourlend' })
    // As sent, with what the server stamps: the address it saw and the time received; the page's
    // address kept as the client's own (decision 1572).
    const { remoteAddress: clientRemoteAddress, ...asSent } = body
    expect(storedApplication(guid)?.payload).toEqual({
      ...asSent,
      clientRemoteAddress,
      remoteAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
      dateReceived: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(countApplications(guid)).toBe(1)
    // No demo brand has a thank-you address of its own: the page's own confirmation (decision 1524).
    await expectThankYouPage(page, 'harbourlend')
  })
}
