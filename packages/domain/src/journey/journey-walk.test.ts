// Every branch of the journey table submits (decision 1502): an applicant walks the table through
// the real state, the browser's step rules and the payload mapper, and the server's schema must
// accept the submission, stripping nothing. A branch the browser allows and the server refuses
// fails here. First every combination of the branches, each with generated answers; then whole
// journeys generated at random. A failure is reported as found, not shrunk: a walk is long, and
// the message names the refused fields and the screens passed.

import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Brand } from '../brands/brand'
import { BRAND_IDS, brands } from '../brands/brand-data'
import type { CalendarDate } from '../fields/date-of-birth'
import { steps } from './steps'
import { employmentStatusOptions } from './options'
import { validateSubmission } from '../steps/submission-schema'
import { fastCheckChoices, type Forced } from '../../test-support/fast-check-choices'
import {
  ANSWERED_STEPS,
  stockVehicle,
  walkJourney,
  WalkError,
  type Walk,
} from '../../test-support/journey-walker'

const TODAY: CalendarDate = { year: 2026, month: 11, day: 26 }
const NOW = new Date('2026-11-26T10:30:00.000Z')
const AFFILIATE_KEYS = BRAND_IDS.map((id) => brands[id].affiliateKey)

/** Walks once with the decisions of `g`, those in `forced` fixed, and checks what is sent. */
function walkAndSubmit(g: fc.GeneratorValue, brand: Brand, forced: Forced, vehicle: boolean): Walk {
  const choices = fastCheckChoices(g, forced)
  const guid = g(fc.uuid, { version: 4 })
  const walk = walkJourney({
    brand,
    choices,
    today: TODAY,
    now: NOW,
    guid,
    ...(vehicle ? { vehicle: stockVehicle(choices) } : {}),
  })
  const result = validateSubmission(walk.payload, {
    today: TODAY,
    knownAffiliateKeys: AFFILIATE_KEYS,
  })
  if (!result.ok) {
    const route = walk.steps.map((step) => step.path).join(' → ')
    throw new Error(
      `The server refuses what the browser allowed on ${brand.id}:\n` +
        result.errors.map((e) => `  ${e.field}: ${e.message}`).join('\n') +
        `\nscreens: ${route}`,
    )
  }
  // Nothing the mapper sends is unknown to the server (it would be stripped before storing).
  expect(result.value).toEqual(walk.payload)
  return walk
}

test('the walker answers every step of the journey table', () => {
  expect([...ANSWERED_STEPS, 'submit'].sort()).toEqual(steps.map((step) => step.id).sort())
})

interface Scenario {
  name: string
  brand: Brand
  vehicle: boolean
  forced: Forced
}

const STATUSES = employmentStatusOptions.map((option) => option.value)

/** Every combination of the journey's branches, on every brand. */
function scenarios(): Scenario[] {
  const all: Scenario[] = []
  for (const id of BRAND_IDS) {
    const brand = brands[id]
    const loans: Forced[] = brand.loanKinds.flatMap((kind): Forced[] =>
      kind === 'vehicle'
        ? [{ 'loan-kind': 'vehicle' }]
        : [
            { 'loan-kind': 'property', 'security-current': true },
            { 'loan-kind': 'property', 'security-current': false, 'security-entry': 'lookup' },
            { 'loan-kind': 'property', 'security-current': false, 'security-entry': 'manual' },
          ],
    )
    const deposits = brand.showsDepositAndLookingToBuy ? [true, false] : [undefined]
    // Single; joint at the applicant's address; joint at their own, found or typed, with a
    // history of one address or several (decision 1841).
    const households: Forced[] = [
      { joint: false },
      { joint: true, 'joint-same-address': true },
      { joint: true, 'joint-same-address': false },
    ]
    for (const vehicle of [false, true])
      for (const household of households)
        for (const deposit of deposits)
          for (const loan of loans)
            for (const entry of ['lookup', 'manual'])
              for (const addressHistory of ['one', 'several'])
                for (const employmentHistory of ['one', 'several']) {
                  const i = all.length
                  const forced: Forced = {
                    ...loan,
                    ...household,
                    // The joint applicant's history the other way round from the applicant's.
                    'joint-address-entry': entry === 'lookup' ? 'manual' : 'lookup',
                    'joint-address-history': addressHistory === 'one' ? 'several' : 'one',
                    ...(deposit === undefined ? {} : { deposit }),
                    'address-entry': entry,
                    'address-history': addressHistory,
                    'employment-history': employmentHistory,
                    // Each status in turn, with and without an employer, alone and among several.
                    'employment-status': STATUSES[i % STATUSES.length],
                    'joint-employment-status': STATUSES[(i * 3 + 1) % STATUSES.length],
                  }
                  const name = [
                    id,
                    vehicle ? 'vehicle loaded' : 'no vehicle',
                    household.joint !== true
                      ? 'single'
                      : household['joint-same-address'] === true
                        ? 'joint at the same address'
                        : 'joint living elsewhere',
                    deposit === undefined ? '' : deposit ? 'deposit' : 'no deposit',
                    loan['loan-kind'] === 'vehicle'
                      ? 'secured on the vehicle'
                      : loan['security-current']
                        ? 'secured on the home'
                        : `secured on a property elsewhere (${String(loan['security-entry'])})`,
                    `address ${entry}`,
                    `${addressHistory} address${addressHistory === 'one' ? '' : 'es'}`,
                    `${employmentHistory} employment${employmentHistory === 'one' ? '' : 's'}`,
                    String(forced['employment-status']),
                  ]
                    .filter(Boolean)
                    .join(', ')
                  all.push({ name, brand, vehicle, forced })
                }
  }
  return all
}

describe('every combination of branches submits', () => {
  const all = scenarios()
  test.each(all.map((scenario, seed) => [scenario.name, scenario, seed] as const))(
    '%s',
    (_name, scenario, seed) => {
      fc.assert(
        fc.property(fc.gen(), (g) => {
          walkAndSubmit(g, scenario.brand, scenario.forced, scenario.vehicle)
        }),
        { numRuns: 1, seed, endOnFailure: true },
      )
    },
  )
})

test.each(['address', 'employment', 'joint-address'])(
  'a %s history of one-month entries, as many as the browser asks for, submits',
  (loop) => {
    const forced: Forced = {
      ...(loop === 'joint-address' ? { joint: true, 'joint-same-address': false } : {}),
      [`${loop}-history`]: 'several',
      [`${loop}-years`]: 0,
      [`${loop}-years-blank`]: true,
      [`${loop}-months`]: 1,
      [`${loop}-months-blank`]: false,
    }
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const walk = walkAndSubmit(g, brands.carfinance, forced, false)
        const entries = {
          address: walk.payload.addresses,
          employment: walk.payload.employments,
          'joint-address': walk.payload.forecourt.jointAddresses,
        }[loop]
        expect(entries).toHaveLength(36)
      }),
      { numRuns: 1, seed: 1, endOnFailure: true },
    )
  },
)

test('journeys generated at random submit, on every brand, whatever is answered', () => {
  fc.assert(
    fc.property(fc.gen(), fc.constantFrom(...BRAND_IDS), fc.boolean(), (g, id, vehicle) => {
      walkAndSubmit(g, brands[id], {}, vehicle)
    }),
    { numRuns: 300, endOnFailure: true },
  )
})

test('answers changed from the check page, and the steps a change opens, submit too', () => {
  let changed = 0
  fc.assert(
    fc.property(fc.gen(), fc.constantFrom(...BRAND_IDS), fc.boolean(), (g, id, vehicle) => {
      const walk = walkAndSubmit(g, brands[id], { changes: 3 }, vehicle)
      const check = walk.steps.findIndex((step) => step.stepId === 'before-you-submit')
      expect(check).toBe(walk.steps.length - 1)
      // Three Change links followed, each back to the check page.
      const paths = walk.steps.map((step) => step.path)
      if (new Set(paths).size < paths.length) changed += 1
    }),
    { numRuns: 150, endOnFailure: true },
  )
  expect(changed).toBeGreaterThan(100)
})

test('the partial saves along the way are the same mapping, never completed or agreed', () => {
  fc.assert(
    fc.property(fc.gen(), fc.constantFrom(...BRAND_IDS), (g, id) => {
      const walk = walkAndSubmit(g, brands[id], {}, false)
      expect(walk.partials.length).toBeGreaterThan(0)
      for (const partial of walk.partials) {
        expect(partial).toMatchObject({ IsCompleted: false, termsAndConditionsAgreed: false })
      }
      const { IsCompleted: _i, termsAndConditionsAgreed: _t, ...last } = walk.partials.at(-1)!
      const { IsCompleted: _c, termsAndConditionsAgreed: _a, ...sent } = walk.payload
      expect(last).toEqual(sent)
    }),
    { numRuns: 20, endOnFailure: true },
  )
})

test('a walk whose answers a screen keeps refusing says where and why', () => {
  const guid = '6f1c1a8e-3b7d-4c2a-9e1f-2a3b4c5d6e7f'
  const overTheTop = {
    pick: <T>(_label: string, items: readonly T[]) => items[0]!,
    // Every amount one pound over the most that may be borrowed.
    int: (_label: string, _min: number, max: number) => max + 1,
    typed: () => 'Leeds',
  }
  const walk = () =>
    walkJourney({ brand: brands.carfinance, choices: overTheTop, today: TODAY, now: NOW, guid })
  expect(walk).toThrow(WalkError)
  expect(walk).toThrow('/looking-to-borrow: answers refused 40 times')
  try {
    walk()
  } catch (error) {
    expect((error as WalkError).errors).toEqual([
      {
        field: 'loanAmount',
        error: { key: 'number.range', text: 'Must be between 1,000 and 50,000.' },
      },
    ])
  }
})
