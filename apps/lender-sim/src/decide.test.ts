import { expect, test } from 'vitest'
import { ageOn, aprFor, decide, factsOf, refusalOf, rollFor, type ApplicationFacts } from './decide'
import { parseLenders, type LenderRules } from './lenders'

const NOW = new Date('2026-11-28T12:00:00Z')

const lender: LenderRules = {
  id: 'test-motor-finance',
  name: 'Test Motor Finance',
  lends: ['vehicle'],
  minAge: 21,
  maxAge: 75,
  minNetMonthlyIncome: 1200,
  minAmount: 2000,
  maxAmount: 40000,
  maxTermMonths: 60,
  aprBands: [
    { maxAmount: 5000, maxTermMonths: 36, apr: 16.9 },
    { maxAmount: 15000, maxTermMonths: 60, apr: 13.9 },
    { maxAmount: 40000, maxTermMonths: 60, apr: 10.9 },
  ],
  declineShare: 0,
  referralShare: 0,
  conditionsShare: 0,
  referralMessage: 'Please send your last three payslips.',
  conditionsMessage: 'Subject to proof of income.',
  commission: { kind: 'percentage', value: 3.5 },
  offerValidDays: 30,
  payoutShare: 1,
}

const facts: ApplicationFacts = {
  submissionKey: '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b',
  loanKind: 'vehicle',
  amount: 7500,
  termMonths: 48,
  ages: [35],
  netMonthlyIncome: 2100,
}

test('an applicant within every rule gets an offer with its figures, commission and expiry', () => {
  expect(decide(lender, facts, NOW)).toEqual({
    submissionKey: facts.submissionKey,
    lenderReference: expect.stringMatching(/^TMF-[0-9A-F]{8}$/) as string,
    decidedAt: '2026-11-28T12:00:00.000Z',
    decision: 'approved',
    offer: {
      amount: 7500,
      termMonths: 48,
      apr: 13.9,
      monthlyPayment: 201.53,
      totalPayable: 9673.44,
      totalCostOfCredit: 2173.44,
      expiresAt: '2026-12-28T12:00:00.000Z',
      commission: { kind: 'percentage', value: 3.5 },
    },
  })
})

test.each([
  [{ loanKind: 'property' as const }, 'We do not offer loans secured on property.'],
  [{ ages: [20] }, 'Applicants must be aged 21 to 75.'],
  [{ ages: [40, 76] }, 'Applicants must be aged 21 to 75.'],
  [{ netMonthlyIncome: 1199 }, 'The income given is below our minimum for this loan.'],
  [{ amount: 1500 }, 'We lend from £2,000 to £40,000.'],
  [{ amount: 40001 }, 'We lend from £2,000 to £40,000.'],
  [{ termMonths: 72 }, 'Our longest term is 60 months.'],
])('a hard rule declines with its reason: %o', (change, reason) => {
  expect(refusalOf(lender, { ...facts, ...change })).toBe(reason)
  expect(decide(lender, { ...facts, ...change }, NOW)).toMatchObject({
    decision: 'declined',
    message: reason,
  })
})

test('a property lender refuses a loan that takes the borrowing over its loan-to-value', () => {
  const homeowner: LenderRules = {
    ...lender,
    id: 'home-loans',
    lends: ['property'],
    maxLoanToValue: 0.8,
  }
  const secured = { ...facts, loanKind: 'property' as const, amount: 30000, propertyValue: 250000 }
  expect(refusalOf(homeowner, { ...secured, mortgageBalance: 170000 })).toBeUndefined() // 80% exactly
  expect(refusalOf(homeowner, { ...secured, mortgageBalance: 170001 })).toBe(
    "The loan and mortgage together would be more than 80% of the property's value.",
  )
  expect(refusalOf(homeowner, facts)).toBe('We only offer loans secured on property.')
})

test('the credit-search roll is the same for the same application and lender, and spreads evenly', () => {
  expect(rollFor(facts.submissionKey, lender.id)).toBe(rollFor(facts.submissionKey, lender.id))
  expect(rollFor(facts.submissionKey, lender.id)).not.toBe(rollFor(facts.submissionKey, 'other'))
  const rolls = Array.from({ length: 4000 }, (_, i) => rollFor(`key-${i}`, lender.id))
  expect(rolls.every((roll) => roll >= 0 && roll < 1)).toBe(true)
  expect(rolls.filter((roll) => roll < 0.25).length).toBeGreaterThan(900)
  expect(rolls.filter((roll) => roll < 0.25).length).toBeLessThan(1100)
})

test('the shares of declines, referrals and conditions follow the lender’s rules', () => {
  const shared = { ...lender, declineShare: 0.1, referralShare: 0.2, conditionsShare: 0.5 }
  const counts = new Map<string, number>()
  for (let i = 0; i < 2000; i++) {
    const decision = decide(shared, { ...facts, submissionKey: `key-${i}` }, NOW)
    counts.set(decision.decision, (counts.get(decision.decision) ?? 0) + 1)
    if (decision.decision === 'more-information-needed')
      expect(decision.message).toBe(shared.referralMessage)
    if (decision.decision === 'approved-with-conditions') {
      expect(decision.message).toBe(shared.conditionsMessage)
      expect(decision.offer?.monthlyPayment).toBe(201.53)
    }
  }
  expect(counts.get('declined')).toBeGreaterThan(150)
  expect(counts.get('declined')).toBeLessThan(250)
  expect(counts.get('more-information-needed')).toBeGreaterThan(330)
  expect(counts.get('more-information-needed')).toBeLessThan(470)
  const approvals = (counts.get('approved') ?? 0) + (counts.get('approved-with-conditions') ?? 0)
  expect(approvals).toBeGreaterThan(1300)
})

test('the APR band is the first that covers both the amount and the term', () => {
  expect(aprFor(lender, 5000, 36)).toBe(16.9)
  expect(aprFor(lender, 5000, 48)).toBe(13.9)
  expect(aprFor(lender, 15001, 24)).toBe(10.9)
  expect(aprFor(lender, 99999, 999)).toBe(10.9)
})

test('reads the facts of a delivered payload: joint incomes add up, property loans by their value', () => {
  expect(ageOn('1990-11-29T00:00:00.000', NOW)).toBe(35)
  expect(ageOn('1990-11-28T00:00:00.000', NOW)).toBe(36)
  expect(ageOn('28/11/1990', NOW)).toBeUndefined()
  expect(
    factsOf(
      {
        submissionKey: 'k',
        loanAmount: 12000,
        term: 60,
        dateOfBirth: '1980-01-01T00:00:00.000',
        netMonthlyIncome: 1500,
        isJointApplication: true,
        JointApplicant: { dateOfBirth: '1982-06-01T00:00:00.000', netMonthlyIncome: 900 },
        propertyValue: 200000,
        mortgageBalance: 90000,
      },
      NOW,
    ),
  ).toEqual({
    submissionKey: 'k',
    loanKind: 'property',
    amount: 12000,
    termMonths: 60,
    ages: [46, 44],
    netMonthlyIncome: 2400,
    propertyValue: 200000,
    mortgageBalance: 90000,
  })
  expect(factsOf({ loanAmount: 1 }, NOW)).toEqual({ problem: 'no submissionKey' })
  expect(factsOf({ submissionKey: 'k' }, NOW)).toEqual({ problem: 'no readable date of birth' })
})

test('the shipped lenders.json is valid, and a broken file names every problem', async () => {
  const { readFile } = await import('node:fs/promises')
  const shipped = parseLenders(
    await readFile(new URL('../lenders.json', import.meta.url), 'utf8'),
    'lenders.json',
  )
  expect(shipped.map((each) => each.id)).toEqual([
    'northbridge-motor-finance',
    'castle-car-credit',
    'keystone-homeowner-loans',
  ])
  expect(() =>
    parseLenders(
      JSON.stringify({ lenders: [{ ...lender, id: 'bad id', declineShare: 2, aprBands: [] }] }),
      'x.json',
    ),
  ).toThrow(
    'x.json:\n  lenders[0].id: letters, digits, . _ -\n  lenders[0].declineShare: a share between 0 and 1\n  lenders[0].declineShare + referralShare: more than 1\n  lenders[0].aprBands: at least one band',
  )
  expect(() => parseLenders('{', 'y.json')).toThrow(/^y\.json: not JSON/)
})
