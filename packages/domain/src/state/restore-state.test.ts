import { expect, test } from 'vitest'
import { STATE_VERSION, createInitialState } from './application-state'
import { restoreState, serialiseState } from './restore-state'

test('a state saved with version 1.0.0 is restored as it was', () => {
  const state = createInitialState()
  state.GUID = '9b2f1c1e-2d7a-4d8e-9a51-3c0c2d8f0b11'
  state.form.firstName = 'Ada'
  expect(STATE_VERSION).toBe('1.0.0')
  expect(restoreState(serialiseState(state))).toEqual(state)
})

test.each([
  ['another version', JSON.stringify({ ...createInitialState(), version: '0.9.0' })],
  ['no version', JSON.stringify({ form: {} })],
  ['not JSON', '{oops'],
  ['an array', '[]'],
  ['nothing stored', null],
])('%s is not restored', (_name, stored) => {
  expect(restoreState(stored)).toBeNull()
})

test('fields missing from a saved form take their defaults', () => {
  const stored = JSON.stringify({ version: '1.0.0', GUID: 'abc', form: { firstName: 'Ada' } })
  const restored = restoreState(stored)
  expect(restored?.GUID).toBe('abc')
  expect(restored?.form.firstName).toBe('Ada')
  expect(restored?.form.financeType).toBe('Secured')
  expect(restored?.form.cashDeposit).toBe(0)
  expect(restored?.form.submittedBy).toBe('lm-apply-form')
})

test('a joint applicant saved before their address was asked gets its defaults beside their answers', () => {
  const stored = JSON.stringify({
    version: '1.0.0',
    form: { joint: { firstName: 'Sam', netMonthlyIncome: 1800 } },
  })
  const joint = restoreState(stored)?.form.joint
  expect(joint?.firstName).toBe('Sam')
  expect(joint?.netMonthlyIncome).toBe(1800)
  expect(joint?.livesAtApplicantAddress).toBeNull()
  expect(joint?.addresses).toHaveLength(1)
  expect(joint?.addresses[0]?.postcode).toBe('')
  expect(restoreState(stored)?.jointSavedAddresses).toEqual([])
})
