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

test('the answers of the forecourt extension read in the sections they belong to', () => {
  const payload = single()
  payload.forecourt = {
    version: 1,
    hasDeposit: true,
    depositType: 'Cash',
    ownOtherProperties: false,
    breathingSpace: false,
    fairProcessingNoticeAcknowledged: true,
    laterAnswer: 'kept',
  }
  const sections = payloadAnswers(payload)
  const rowsOf = (title: string) =>
    Object.fromEntries(
      sections
        .find((section) => section.title === title)!
        .rows.map((row) => [row.label, row.value]),
    )
  expect(rowsOf('Loan')).toMatchObject({ 'Paying a deposit': ['Yes'], 'Deposit type': ['Cash'] })
  expect(rowsOf('Property')).toMatchObject({ 'Owns other properties': ['No'] })
  expect(rowsOf('Circumstances')).toMatchObject({
    'In a breathing space or mental health crisis moratorium': ['No'],
  })
  expect(rowsOf('Consents')).toMatchObject({ 'Read the fair processing notice': ['Yes'] })
  expect(rowsOf('Other')).toEqual({ 'forecourt.laterAnswer': ['kept'] })
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
