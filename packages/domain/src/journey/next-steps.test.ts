import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { filledJointState, filledState } from '../../test-support/test-fixtures'
import {
  createInitialState,
  emptyAddress,
  emptyEmployment,
  type ApplicationState,
} from '../state/application-state'
import { journeyVisits } from './navigation'
import { stepAtPath, stepsThatMayFollow } from './next-steps'
import { steps } from './steps'

const step = (id: string) => {
  const found = steps.find((each) => each.id === id)
  if (!found) throw new Error(`No step ${id}`)
  return found
}
const ids = (id: string) => stepsThatMayFollow(step(id)).map((each) => each.id)

test.each([
  ['/looking-to-buy', 'looking-to-buy', 1],
  ['/address/1', 'address', 1],
  ['/address-length/12', 'address-length', 12],
  ['/employment-income/1', 'employment-income', 1],
  ['/before-you-submit', 'before-you-submit', 1],
])('%s is the step %s, entry %i', (path, id, n) => {
  expect(stepAtPath(path)).toEqual({ step: step(id), n })
})

test.each([
  '/',
  '/privacy-policy',
  '/address/0',
  '/address/x',
  '/address/',
  '/address/1/2',
  '/employment-income/2',
])('%s is no step of the journey', (path) => {
  expect(stepAtPath(path)).toBeUndefined()
})

test.each([
  [
    'looking-to-buy',
    ['loan-type', 'amount-to-finance', 'looking-to-borrow', 'deposit', 'term-to-borrow'],
  ],
  ['term-to-borrow', ['driving-licence']],
  ['contact', ['address']],
  ['address', ['address-length']],
  [
    'residential-status',
    [
      'address',
      'property-details',
      'security-address-confirm',
      'security-address-add',
      'own-other-properties',
      'employment',
    ],
  ],
  ['employment', ['employment-add', 'employment-length']],
  ['employment-length', ['employment', 'employment-income']],
  [
    'joint',
    [
      'joint-customer-details',
      'joint-date-of-birth',
      'joint-same-address',
      'joint-address',
      'joint-address-length',
      'joint-residential-status',
      'joint-employment-add',
      'joint-employment-length',
      'joint-employment-income',
      'joint-customer-contact',
      'breathing-space',
    ],
  ],
  // Their next address, or the questions after their history.
  [
    'joint-residential-status',
    [
      'joint-address',
      'joint-employment-add',
      'joint-employment-length',
      'joint-employment-income',
      'joint-customer-contact',
      'breathing-space',
    ],
  ],
  ['optins', ['joint-optins', 'soft-search']],
  ['before-you-submit', ['submit']],
  ['submit', []],
])('after %s may come %j', (id, following) => {
  expect(ids(id)).toEqual(following)
})

function withHistories(state: ApplicationState): ApplicationState {
  state.form.addresses = [
    {
      ...emptyAddress(),
      postcode: 'M1 1AE',
      town: 'Manchester',
      yearsAtAddress: 1,
      residentialStatus: 'Other',
    },
    {
      ...emptyAddress(),
      postcode: 'LS1 1UR',
      town: 'Leeds',
      yearsAtAddress: 3,
      residentialStatus: 'Other',
    },
  ]
  state.form.employments = [
    { ...emptyEmployment(), employmentStatus: 'Retired', yearsAtEmployer: 1 },
    { ...emptyEmployment(), employmentStatus: 'Full-time employed', yearsAtEmployer: 4 },
  ]
  return state
}

const journeys: [string, () => ApplicationState][] = [
  ['a new application', createInitialState],
  ['a filled single application', filledState],
  ['a filled joint application', filledJointState],
  ['two addresses and two employments', () => withHistories(filledState())],
  [
    'a loan secured on property elsewhere',
    () => {
      const state = withHistories(filledJointState())
      state.form.loanPurposeType = 'property'
      state.form.isSecurityCurrentAddress = false
      return state
    },
  ],
]

test.each(journeys)(
  'in %s every screen is among those that may follow the one before',
  (_, given) => {
    for (const brand of Object.values(brands)) {
      const visits = journeyVisits({ state: given(), brand })
      for (const [index, visit] of visits.entries()) {
        const next = visits[index + 1]
        if (!next) continue
        expect(stepAtPath(visit.path)).toEqual({ step: visit.step, n: visit.n })
        expect(stepsThatMayFollow(visit.step)).toContain(next.step)
      }
    }
  },
)
