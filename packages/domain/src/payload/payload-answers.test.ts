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

test('a joint application has a joint applicant section', () => {
  const payload = toFullSubmissionPayload(filledJointState(), {
    brand: brands.carfinance,
    now,
  }) as unknown as Record<string, unknown>
  const joint = payloadAnswers(payload).find((section) => section.title === 'Joint applicant')
  expect(joint?.rows.map((row) => row.label)).toEqual(
    expect.arrayContaining(['Name', 'Date of birth', 'Email address', 'Phone number']),
  )
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
