// The whole journeys the size budget walks in Chromium: the longest ones the product has, each on the
// brand whose questions make it long, walked as their specs walk them (e2e/support/walks.ts, used by
// e2e/journeys/joint-property-harbourlend.spec.ts and single-vehicle-carfinance.spec.ts), without the
// specs' axe checks and assertions: those specs prove the journeys, this walk only records what a
// browser fetches on them.

/**
 * @typedef {object} Helpers the e2e helpers (e2e/support/journey.ts, answers.ts and walks.ts)
 * @typedef {object} Journey
 * @property {string} id
 * @property {string} label the brand's host label
 * @property {string} name what the report calls it
 * @property {(page: import('playwright-core').Page, helpers: Helpers) => Promise<void>} walk from the
 *   start screen to the press of Submit application
 */

/** @type {readonly Journey[]} */
export const JOURNEYS = [
  {
    id: 'joint-property',
    label: 'harbourlend',
    name: 'a joint application secured on a property',
    walk: walkedAndSubmitted('jointPropertyOnHarbourlend'),
  },
  {
    id: 'single-vehicle',
    label: 'carfinance',
    name: 'a single applicant, secured on the vehicle',
    walk: walkedAndSubmitted('singleVehicleOnCarfinance'),
  },
]

/** The shared walk named `name` (e2e/support/walks.ts), then the terms agreed and Submit pressed. */
function walkedAndSubmitted(name) {
  return async (page, helpers) => {
    await helpers[name](page)
    await helpers.agreeAndSubmit(page)
  }
}
