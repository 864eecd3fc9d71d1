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
    rows: [{ label: 'Something new (forecourt.somethingNew)', value: ['x'] }],
  })
})

test('a partial payload shows what it has; an unknown field is shown under Other, never hidden', () => {
  const sections = payloadAnswers({ firstName: 'Ada', lastName: 'Smith', somethingNew: 'x' })
  // Not yet asked about marketing: no marketing rows (not "None").
  expect(sections).toEqual([
    { title: 'About the applicant', rows: [{ label: 'Name', value: ['Ada Smith'] }] },
    { title: 'Other', rows: [{ label: 'Something new (somethingNew)', value: ['x'] }] },
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

const rowsOf = (sections: ReturnType<typeof payloadAnswers>, title: string) =>
  Object.fromEntries(
    (sections.find((section) => section.title === title)?.rows ?? []).map((row) => [
      row.label,
      row.value,
    ]),
  )

test('the cash deposit shows only when it was asked: a deposit with cash in it', () => {
  const cases: [string, (state: ReturnType<typeof filledState>) => void, string[] | undefined][] = [
    ['a cash deposit', () => {}, ['£1,500']],
    [
      'cash and part exchange',
      (state) => (state.form.depositType = 'Cash and part exchange'),
      ['£1,500'],
    ],
    [
      'a part exchange alone',
      (state) => {
        state.form.depositType = 'Part exchange'
        state.form.cashDeposit = 0
      },
      undefined,
    ],
    [
      'no deposit',
      (state) => {
        state.hasDeposit = false
        state.form.depositType = ''
        state.form.cashDeposit = 0
      },
      undefined,
    ],
  ]
  for (const [, change, expected] of cases) {
    const state = filledState()
    change(state)
    const payload = toFullSubmissionPayload(state, { brand: brands.milebroker, now })
    expect(payload.cashDeposit).toBe(expected === undefined ? 0 : 1500)
    expect(rowsOf(payloadAnswers(payload as never), 'Loan')['Cash deposit']).toEqual(expected)
  }
  // A brand that does not ask about a deposit sends 0, which nobody gave.
  const unasked = toFullSubmissionPayload(filledState(), { brand: brands.milebroker, now })
  const { forecourt, ...rest } = unasked as unknown as Record<string, Record<string, unknown>>
  const { hasDeposit: _hasDeposit, depositType: _depositType, ...extensions } = forecourt!
  expect(
    rowsOf(payloadAnswers({ ...rest, cashDeposit: 0, forecourt: extensions }), 'Loan')[
      'Cash deposit'
    ],
  ).toBeUndefined()
  expect(
    rowsOf(payloadAnswers({ ...rest, cashDeposit: 900, forecourt: extensions }), 'Loan')[
      'Cash deposit'
    ],
  ).toEqual(['£900'])
})

test('how long the property has been owned shows only when its address was typed, not when it is the current address', () => {
  const typed = toFullSubmissionPayload(filledJointState(), { brand: brands.harbourlend, now })
  const typedRows = rowsOf(payloadAnswers(typed as never), 'Property')
  expect(typedRows['Is the property the current address?']).toEqual(['No'])
  expect(typedRows['How long they have owned it']).toEqual([expect.stringMatching(/year/)])
  expect(typedRows['Who lives at the property']).toEqual([expect.any(String)])

  const state = filledJointState()
  state.form.isSecurityCurrentAddress = true
  state.form.addresses[0]!.yearsAtAddress = 11
  const current = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  // The mapper sends the current address, capped at 10 years; that was never asked.
  expect(current.securityAddress?.yearsAtAddress).toBe(10)
  const currentRows = rowsOf(payloadAnswers(current as never), 'Property')
  expect(currentRows['Is the property the current address?']).toEqual(['Yes'])
  expect(currentRows['How long they have owned it']).toBeUndefined()
  expect(currentRows['Who lives at the property']).toBeUndefined()
})

test('the joint applicant’s marketing is their own choice when they confirmed, else the one given for them', () => {
  const payload = toFullSubmissionPayload(filledJointState(), {
    brand: brands.harbourlend,
    now,
  }) as unknown as Record<string, unknown>
  expect(rowsOf(payloadAnswers(payload), 'Joint applicant')).toMatchObject({
    'How they hear from the broker': ['Text message'],
    'How they hear from partners': ['None'],
    'Marketing choices given by': ['The applicant, for them'],
  })
  const confirmed = payloadAnswers(payload, {
    jointMarketing: { email: true, sms: false, post: true, 'partner-phone': true },
  })
  expect(rowsOf(confirmed, 'Joint applicant')).toMatchObject({
    'How they hear from the broker': ['Email, Post'],
    'How they hear from partners': ['Phone'],
    'Marketing choices given by': ['Themselves, when they confirmed their part'],
  })
  // The main applicant's own choices are untouched.
  expect(rowsOf(confirmed, 'Marketing choices')).toEqual(
    rowsOf(payloadAnswers(payload), 'Marketing choices'),
  )
})

test('what the server adds on receipt is named in the Technical section, not left as raw keys under Other', () => {
  const sections = payloadAnswers({
    firstName: 'Ada',
    remoteAddress: '203.0.113.9',
    clientRemoteAddress: '10.0.0.4',
    dateReceived: '2026-11-27T10:30:00.000Z',
  })
  expect(sections.map((section) => section.title)).toEqual(['About the applicant', 'Technical'])
  expect(sections[1]!.rows.map((row) => row.label)).toEqual([
    'IP address',
    'Received by the server',
    'IP address the page reported',
  ])
})
