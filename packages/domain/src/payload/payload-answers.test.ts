import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { toFullSubmissionPayload } from './full-payload'
import { payloadAddressLines, payloadAnswers, payloadApplicantName } from './payload-answers'
import { filledJointState, filledState } from '../../test-support/test-fixtures'

const now = new Date('2025-06-02T09:42:00.000Z')
const single = () =>
  toFullSubmissionPayload(filledState(), { brand: brands.carfinance, now }) as unknown as Record<
    string,
    unknown
  >

test('a stored payload reads in the sections and order of the check-your-answers page', () => {
  expect(payloadAnswers(single()).map((section) => section.title)).toEqual([
    'Loan',
    'About the applicant',
    'Address history',
    'Employment and income',
    'Circumstances',
    'Marketing choices',
    'Vehicle',
    'Consents',
    'Attribution',
    'Technical',
  ])
})

test('answers are labelled in plain words, with options by their labels and addresses on lines', () => {
  const sections = payloadAnswers(single())
  const rows = Object.fromEntries(
    sections.flatMap((section) => section.rows.map((row) => [row.label, row.value])),
  )
  expect(rows['Name']).toEqual(["Ms Ada O'Neill"])
  expect(rows['Phone number']).toEqual(['07911123456'])
  expect(rows['What the loan is secured on']).toEqual(['Finance secured on the vehicle'])
  expect(rows['Current address']).toEqual(expect.arrayContaining(['LS6 3AH']))
  expect(rows['Joint application']).toEqual(['No'])
})

test('a joint application has a joint applicant section, with where they live', () => {
  const payload = toFullSubmissionPayload(filledJointState(), {
    brand: brands.carfinance,
    now,
  }) as unknown as Record<string, unknown>
  const joint = payloadAnswers(payload).find((section) => section.title === 'Joint applicant')
  expect(joint?.rows.slice(0, 9)).toEqual([
    { label: 'Name', value: ['Mr Sam Smith-Jones'] },
    { label: 'Date of birth', value: ['21 November 1983'] },
    { label: 'Marital status', value: ['Married'] },
    { label: 'Driving licence', value: ['Provisional UK'] },
    { label: 'Email address', value: ['sam.smith-jones@example.co.uk'] },
    { label: 'Phone number', value: ['01632123456'] },
    { label: "Lives at the applicant's address", value: ['No'] },
    {
      label: 'Their current address',
      value: ['4 Westgate', 'Otley', 'West Yorkshire', 'LS21 3AB'],
    },
    { label: 'Time at their current address', value: ['6 years 2 months'] },
  ])
  expect(joint?.rows[9]).toEqual({
    label: 'Residential status at their current address',
    value: ['Homeowner without a mortgage'],
  })
})

test('the extension object’s answers are read in their sections, not listed as unknown', () => {
  const state = filledJointState()
  state.form.joint.livesAtApplicantAddress = true
  const payload = toFullSubmissionPayload(state, {
    brand: brands.harbourlend,
    now,
  }) as unknown as Record<string, unknown>
  const rows = Object.fromEntries(
    payloadAnswers(payload).flatMap((section) => section.rows.map((row) => [row.label, row.value])),
  )
  expect(rows["Lives at the applicant's address"]).toEqual(['Yes'])
  expect(rows['Their current address']).toBeUndefined()
  expect(rows['Paying a deposit']).toEqual(['No'])
  expect(rows['Owns other properties']).toEqual(['Yes'])
  expect(rows['In a breathing space or mental health crisis moratorium']).toEqual(['No'])
  expect(rows['Read how their information is used']).toEqual(['Yes'])
  expect(payloadAnswers(payload).map((section) => section.title)).not.toContain('Other')
  const extended = { ...payload, forecourt: { version: 1, somethingNew: 'x' } }
  expect(payloadAnswers(extended).at(-1)).toEqual({
    title: 'Other',
    rows: [{ label: 'forecourt.somethingNew', value: ['x'] }],
  })
})

test('a partial payload shows what it has; an unknown field is shown under Other, never hidden', () => {
  const sections = payloadAnswers({ firstName: 'Ada', lastName: 'Smith', somethingNew: 'x' })
  expect(sections).toEqual([
    { title: 'About the applicant', rows: [{ label: 'Name', value: ['Ada Smith'] }] },
    {
      title: 'Marketing choices',
      rows: [
        { label: 'How they hear from the broker', value: ['None'] },
        { label: 'How they hear from partners', value: ['None'] },
      ],
    },
    { title: 'Other', rows: [{ label: 'somethingNew', value: ['x'] }] },
  ])
  expect(payloadApplicantName({ firstName: ' ', lastName: 'Smith' })).toBe('Smith')
  expect(payloadApplicantName({})).toBeUndefined()
  expect(
    payloadAddressLines({
      flatNumber: '2',
      houseNumber: '10',
      street: 'High Street',
      postcode: 'M1 1AE',
    }),
  ).toEqual(['2', '10 High Street', 'M1 1AE'])
})
