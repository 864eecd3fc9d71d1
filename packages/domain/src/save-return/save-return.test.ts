import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { HOMEOWNER_LOAN_WARNING } from '../journey/options'
import { toFullSubmissionPayload } from '../payload/full-payload'
import { filledJointState } from '../../test-support/test-fixtures'
import {
  datePartsToKey,
  formatExpiry,
  isReturnScreen,
  jointApplicantDetails,
  jointLoanSummary,
  maskEmail,
} from './save-return'

test.each([
  ['/contact', true],
  ['/address/1', true],
  ['/employment-length/12', true],
  ['/employment-income/2', false],
  ['/looking-to-borrow', true],
  ['/submit', false],
  ['/complete', false],
  ['/address/0', false],
  ['/address/x', false],
  ['https://evil.example/', false],
  ['//evil.example', false],
  ['', false],
])('a link may return to %s: %s', (path, expected) => {
  expect(isReturnScreen(path)).toBe(expected)
})

test.each([
  ['jo.bloggs@example.com', 'j…@example.com'],
  ['a@b.co', 'a…@b.co'],
  ['no-at-sign', '…'],
])('%s is shown as %s', (email, masked) => {
  expect(maskEmail(email)).toBe(masked)
})

test.each([
  ['2026-12-03T14:05:00.000Z', '3 December 2026 at 2:05pm'],
  ['2026-07-03T14:05:00.000Z', '3 July 2026 at 3:05pm'],
  ['2026-12-03T00:30:00.000Z', '3 December 2026 at 12:30am'],
  ['2026-12-03T12:00:00.000Z', '3 December 2026 at 12:00pm'],
  ['2026-03-29T00:59:00.000Z', '29 March 2026 at 12:59am'],
  ['2026-03-29T01:00:00.000Z', '29 March 2026 at 2:00am'],
  ['2026-10-25T00:59:00.000Z', '25 October 2026 at 1:59am'],
  ['2026-10-25T01:00:00.000Z', '25 October 2026 at 1:00am'],
])('the expiry %s reads %s (UK time)', (iso, words) => {
  expect(formatExpiry(iso)).toBe(words)
})

test('an expiry reads as Intl writes the UK time, every 37 minutes through 2026 and 2027', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
  const asIntlWritesIt = (date: Date) => {
    const parts = intl.formatToParts(date)
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((item) => item.type === type)?.value ?? ''
    return `${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()}`
  }
  const wrong: string[] = []
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 37 * 60_000) {
    const date = new Date(t)
    if (formatExpiry(date.toISOString()) !== asIntlWritesIt(date)) wrong.push(date.toISOString())
  }
  expect(wrong).toEqual([])
})

test.each([
  [{ day: '7', month: '3', year: '1985' }, '1985-03-07'],
  [{ day: ' 07 ', month: '03', year: '1985' }, '1985-03-07'],
  [{ day: '', month: '3', year: '1985' }, undefined],
  [{ day: '7', month: '3', year: '85' }, undefined],
  [{ day: '7a', month: '3', year: '1985' }, undefined],
])('the date %o is compared as %s', (parts, key) => {
  expect(datePartsToKey(parts)).toBe(key)
})

test('the joint applicant’s details are listed in the order asked, missing answers left out', () => {
  expect(
    jointApplicantDetails({
      title: 'Mr',
      firstName: 'Sam',
      lastName: 'Smith-Jones',
      dateOfBirth: '1983-11-21T00:00:00.000',
      email: 'sam@example.co.uk',
      employmentStatus: 'Self-employed',
      employerName: 'Smith-Jones Joinery',
      Town: 'Otley',
      yearsAtEmployer: 1,
      monthsAtEmployer: 2,
      netMonthlyIncome: 1980.5,
    }),
  ).toEqual([
    { label: 'Name', value: 'Mr Sam Smith-Jones' },
    { label: 'Date of birth', value: '21 November 1983' },
    { label: 'Email address', value: 'sam@example.co.uk' },
    { label: 'Employment status', value: 'Self-employed' },
    { label: 'Employer', value: 'Smith-Jones Joinery, Otley' },
    { label: 'Time with this employer', value: '1 year and 2 months' },
    { label: 'Monthly income after tax', value: '£1,980.50' },
  ])
  expect(jointApplicantDetails({})).toEqual([])
})

test('the joint applicant reads what they are applying for: a homeowner loan with its warning', () => {
  const payload = toFullSubmissionPayload(filledJointState(), {
    brand: brands.harbourlend,
    now: new Date('2026-11-29T10:00:00Z'),
  })
  // As the server holds it: the stored JSON.
  expect(jointLoanSummary(JSON.parse(JSON.stringify(payload)) as Record<string, unknown>)).toEqual({
    rows: [
      {
        label: 'Amount to borrow',
        value: 'Not decided yet (the lenders are given £6,500 as a starting figure)',
      },
      { label: 'Loan term', value: '10 years' },
      { label: 'Type of loan', value: 'Homeowner loan' },
      {
        label: 'Secured on',
        value:
          'The property at The Old Forge, Mill Lane, Bramhope, Leeds, West Yorkshire, LS16 9AA',
      },
    ],
    // The words the applicant read where they chose the homeowner loan.
    warning: HOMEOWNER_LOAN_WARNING,
  })
  expect(HOMEOWNER_LOAN_WARNING).toBe(
    'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.',
  )
})

test('a vehicle loan names the vehicle, or says it is not chosen yet, and carries no warning', () => {
  const chosen = {
    loanPurposeType: 'vehicle',
    loanAmount: 12500,
    loanAmountUnknown: false,
    term: 49,
    make: 'Ford',
    model: 'Focus',
    vrm: 'LS21 ABC',
  }
  expect(jointLoanSummary(chosen)).toEqual({
    rows: [
      { label: 'Amount to borrow', value: '£12,500' },
      { label: 'Loan term', value: '4 years 1 month' },
      { label: 'Type of loan', value: 'Vehicle finance' },
      { label: 'Secured on', value: 'The vehicle: Ford Focus, registration LS21 ABC' },
    ],
    warning: null,
  })
  expect(jointLoanSummary({ loanPurposeType: 'vehicle' })).toEqual({
    rows: [
      { label: 'Type of loan', value: 'Vehicle finance' },
      { label: 'Secured on', value: 'The vehicle being bought (not chosen yet)' },
    ],
    warning: null,
  })
  expect(jointLoanSummary({})).toEqual({ rows: [], warning: null })
})
