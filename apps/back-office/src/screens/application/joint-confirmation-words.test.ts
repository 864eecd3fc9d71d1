import { expect, test } from 'vitest'
import { jointConfirmationWords } from './ApplicationScreen'

test('the joint applicant’s confirmation reads as confirmed, awaited or outstanding', () => {
  expect(
    jointConfirmationWords({
      requestedAt: '2026-11-20T10:00:00.000Z',
      confirmedAt: '2026-11-21T09:00:00.000Z',
      outstanding: false,
    }),
  ).toMatch(/^Confirmed on 21 Nov(ember)? 2026$/)
  expect(
    jointConfirmationWords({
      requestedAt: '2026-11-20T10:00:00.000Z',
      confirmedAt: null,
      outstanding: false,
    }),
  ).toMatch(/^Not confirmed yet \(asked on 20 Nov(ember)? 2026\)$/)
  expect(
    jointConfirmationWords({
      requestedAt: '2026-11-10T10:00:00.000Z',
      confirmedAt: null,
      outstanding: true,
    }),
  ).toMatch(/^Outstanding: not confirmed within 7 days of 10 Nov(ember)? 2026$/)
})
