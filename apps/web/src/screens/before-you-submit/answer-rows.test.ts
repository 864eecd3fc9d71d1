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
