// One whole journey per brand, made of the end-to-end suite's shared walks and answers
// (e2e/support/walks.ts, answers.ts, journey.ts), each fitted to the brand's questions: carfinance
// and harbourlend take their own walks whole; milebroker (deposit and “looking to buy” questions,
// vehicles only) and the credit-score partners (carfinance's questions, their own consent texts)
// take the same pieces in their own order. Each walk starts on `/` and ends on the check page.
// Needs tsx registered (the helpers are TypeScript).

/** @type {Record<string, { name: string, walk: (page: import('playwright-core').Page, helpers: object) => Promise<void> }>} */
export const BRAND_WALKS = {
  harbourlend: {
    name: 'a joint homeowner loan secured on a property, short histories',
    walk: (page, h) => h.jointPropertyOnHarbourlend(page),
  },
  milebroker: {
    name: 'a single applicant still looking for a vehicle, no deposit, retired',
    walk: async (page, h) => {
      await h.step(page, '/looking-to-buy', () => h.choose(page, 'I am still looking'))
      await h.loanAmount(page, '9000')
      await h.step(page, '/deposit', () => h.choose(page, 'No'))
      await h.termInYears(page, '3')
      await h.aboutYou(page)
      await h.address(page, 1, 'M1 1AE', '4', 'Living with parents')
      await h.step(page, '/employment/1', () => h.choose(page, 'Retired'))
      await h.step(page, '/employment-length/1', () => h.yearsMonths(page, '10'))
      await h.step(page, '/employment-income/1', () =>
        page.getByRole('textbox', { name: /monthly income/ }).fill('1800'),
      )
      await h.step(page, '/joint', () => h.choose(page, 'No'))
      await h.circumstancesAndConsent(page)
    },
  },
  carfinance: {
    name: 'a single applicant, secured on the vehicle',
    walk: (page, h) => h.singleVehicleOnCarfinance(page),
  },
  scorepal: {
    name: 'a single applicant, secured on the vehicle',
    walk: singleOnVehicle,
  },
  creditlens: {
    name: 'a single applicant, secured on the vehicle',
    walk: singleOnVehicle,
  },
}

/** carfinance's journey with the consent screens every brand words alike. */
async function singleOnVehicle(page, h) {
  await h.vehicleLoanOnCarfinance(page)
  await h.aboutYou(page, h.ADA)
  await h.address(page, 1, 'm11ae', '5', 'Private tenant', { months: '2' })
  await h.engineerApplyingAlone(page)
  await h.circumstancesAndConsent(page)
}

/** The helpers the walks take, loaded once. */
export async function loadHelpers() {
  const [journey, answers, walks] = await Promise.all([
    import('../../e2e/support/journey.ts'),
    import('../../e2e/support/answers.ts'),
    import('../../e2e/support/walks.ts'),
  ])
  return { ...journey, ...answers, ...walks }
}
