import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { createInitialState } from '@forecourt/domain/state/application-state'
import { preloadArrival } from './question-screen'

/** Records each path asked for; answers whether its code loaded. */
function recorder(loads = (_path: string) => true) {
  const asked: string[] = []
  const preloadPath = (path: string) => {
    asked.push(path)
    return Promise.resolve(loads(path))
  }
  return { asked, preloadPath }
}

const answeredUpToDateOfBirth = () => {
  const state = createInitialState()
  Object.assign(state.form, {
    loanAmount: 8000,
    loanAmountCompleted: true,
    term: 48,
    drivingLicenceType: 'Full UK',
    drivingLicenceCompleted: true,
    maritalStatus: 'Single',
    maritalStatusCompleted: true,
  })
  return state
}

test('a new visitor’s deep link loads the question, then the screen the guard sends them to', async () => {
  const { asked, preloadPath } = recorder()
  await preloadArrival('/date-of-birth', createInitialState(), brands.carfinance, preloadPath)
  expect(asked).toEqual(['/date-of-birth', '/looking-to-borrow'])
})

test('an applicant who answered every earlier question: the question only', async () => {
  const { asked, preloadPath } = recorder()
  await preloadArrival('/date-of-birth', answeredUpToDateOfBirth(), brands.carfinance, preloadPath)
  expect(asked).toEqual(['/date-of-birth'])
})

test('a question whose code did not load: nothing more (the error boundary shows the failure)', async () => {
  const { asked, preloadPath } = recorder(() => false)
  await preloadArrival('/date-of-birth', createInitialState(), brands.carfinance, preloadPath)
  expect(asked).toEqual(['/date-of-birth'])
})
