import { expect, test } from 'vitest'
import { actionLabel, describeDetail } from './audit-actions'

test('the reads of pages that show names are named in words, with their filters and counts', () => {
  expect(actionLabel('applications.listed')).toBe('Listed applications')
  expect(actionLabel('commission-requests.viewed')).toBe('Viewed the commission requests')
  expect(
    describeDetail({
      brand: 'carfinance',
      status: null,
      kind: 'submitted',
      decision: null,
      needsAttention: null,
      from: null,
      to: null,
      page: 'next',
      rows: 50,
    }),
  ).toBe('brand: carfinance; kind: submitted; page: next; rows: 50')
  expect(describeDetail({ state: 'open', rows: 3 })).toBe('state: open; rows: 3')
})

test('an action the list does not know is shown by its name', () => {
  expect(actionLabel('something.new')).toBe('something.new')
})
