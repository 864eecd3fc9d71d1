import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { steps } from '@forecourt/domain/journey/steps'
import { filledJointState, filledState } from '@forecourt/domain/test-support/test-fixtures'
import { emptyAddress } from '@forecourt/domain/state/application-state'
import {
  addressLines,
  checkYourAnswers,
  formatDate,
  STEP_ANSWERS,
  STEPS_WITHOUT_ANSWERS,
} from './answer-rows'

test('every step of the journey table with answers has rows on the check page', () => {
  const withAnswers = steps
    .map((step) => step.id)
    .filter((id) => !STEPS_WITHOUT_ANSWERS.includes(id))
  expect(Object.keys(STEP_ANSWERS).sort()).toEqual(withAnswers.sort())
})

test.each([
  ['1990-03-07T00:00:00.000Z', '7 March 1990'],
  ['1983-11-21T00:00:00.000Z', '21 November 1983'],
  [null, 'Not answered'],
  ['not a date', 'Not answered'],
])('the date %j reads %j', (iso, words) => {
  expect(formatDate(iso)).toBe(words)
})

test('an address reads as envelope lines, a flat beside its building, with the postcode tidied', () => {
  expect(
    addressLines({
      ...emptyAddress(),
      subBuilding: 'Flat 3',
      houseName: 'The Old Mill',
      houseNumber: '12',
      street: 'High Street',
      town: 'Bath',
      postcode: 'ba11aa',
    }),
  ).toEqual(['Flat 3, The Old Mill', '12 High Street', 'Bath', 'BA1 1AA'])
  expect(addressLines(emptyAddress())).toEqual(['Not answered'])
  expect(addressLines(undefined)).toEqual(['Not answered'])
})

test('a looked-up flat reads "Flat 1, 10 Acacia Avenue", never "1 / 10 Acacia Avenue"', () => {
  expect(
    addressLines({
      ...emptyAddress(),
      subBuilding: 'Flat 1',
      flatNumber: '1',
      buildingNumber: '10',
      houseNumber: '10',
      street: 'Acacia Avenue',
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: 'M1 1AE',
    }),
  ).toEqual(['Flat 1, 10 Acacia Avenue', 'Manchester', 'Greater Manchester', 'M1 1AE'])
})

test('an address typed by hand reads as typed, trimmed, in its own case; only the postcode is tidied', () => {
  expect(
    addressLines({
      ...emptyAddress(),
      subBuilding: 'flat 2 ',
      houseNumber: ' 10',
      street: 'acacia avenue ',
      town: ' manchester',
      postcode: 'm11ae',
    }),
  ).toEqual(['flat 2, 10 acacia avenue', 'manchester', 'M1 1AE'])
})

test('a history entry the journey no longer needs is not listed', () => {
  const state = filledState()
  // The first address alone now covers three years: the second is no longer part of the journey.
  state.form.addresses[0]!.yearsAtAddress = 5
  const questions = checkYourAnswers(state, brands.carfinance).flatMap((applicant) =>
    applicant.sections.flatMap((section) => section.rows.map((row) => row.question)),
  )
  expect(questions).toContain('Current address')
  expect(questions).not.toContain('Previous address 1')
})

test('a property elsewhere lists its address, who lives there and how long it has been owned', () => {
  const rows = checkYourAnswers(filledJointState(), brands.harbourlend)
    .flatMap((applicant) => applicant.sections)
    .find((section) => section.title === 'Property')!
    .rows.map((row) => [row.question, row.answer.join(', ')])
  expect(rows).toContainEqual(['Who lives at the property', 'It is let to tenants'])
  expect(rows.map(([question]) => question)).toEqual([
    'Property value',
    'Outstanding mortgage balance',
    'Number of bedrooms',
    'Property type',
    'Is the property your current address?',
    'Address of the property',
    'Who lives at the property',
    'How long you have owned it',
    'Do you own other properties?',
  ])
})

test('the joint applicant’s address lists where they live: with the applicant, or their own history', () => {
  const state = filledJointState()
  const jointRows = () =>
    checkYourAnswers(state, brands.harbourlend)
      .find((applicant) => applicant.heading === 'The joint applicant')!
      .sections.find((section) => section.title === 'Their address')!
      .rows.map((row) => [row.question, row.answer, row.changeHref])
  expect(jointRows()).toEqual([
    ['Do they live at your address?', ['No'], '/joint-same-address?return=before-you-submit'],
    [
      'Their current address',
      ['4 Westgate', 'Otley', 'West Yorkshire', 'LS21 3AB'],
      '/joint-address/1?return=before-you-submit',
    ],
    [
      'Time at their current address',
      ['6 years 2 months'],
      '/joint-address-length/1?return=before-you-submit',
    ],
    [
      'Residential status at their current address',
      ['Homeowner without a mortgage'],
      '/joint-residential-status/1?return=before-you-submit',
    ],
  ])
  // A history of two: the previous address is listed too.
  state.form.joint.addresses[0]!.yearsAtAddress = 1
  state.form.joint.addresses.push({
    ...emptyAddress(),
    houseName: 'Rose Cottage',
    town: 'Ilkley',
    postcode: 'LS29 9DY',
    yearsAtAddress: 4,
    monthsAtAddress: 0,
    residentialStatus: 'Living with parents',
  })
  expect(jointRows().map(([question]) => question)).toEqual([
    'Do they live at your address?',
    'Their current address',
    'Time at their current address',
    'Residential status at their current address',
    'Their previous address 1',
    'Time at their previous address 1',
    'Residential status at their previous address 1',
  ])
  // Living with the applicant: one row, and the history typed before is not listed.
  state.form.joint.livesAtApplicantAddress = true
  expect(jointRows()).toEqual([
    ['Do they live at your address?', ['Yes'], '/joint-same-address?return=before-you-submit'],
  ])
})
