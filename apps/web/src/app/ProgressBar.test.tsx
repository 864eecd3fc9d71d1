import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { givenState } from '../testing/render'
import { ProgressBar } from './ProgressBar'

// 17 items (§4 Progress): each filled item adds 1/17.
test.each<[string, (state: ApplicationState) => void, number]>([
  ['nothing answered', () => {}, 0],
  [
    'one item',
    (state) => {
      state.form.firstName = 'Ann'
    },
    6,
  ],
  [
    'four items',
    (state) => {
      Object.assign(state.form, {
        title: 'Ms',
        firstName: 'Ann',
        lastName: 'Lee',
        drivingLicenceCompleted: true,
      })
    },
    24,
  ],
])('progress with %s is %i%', (_name, change, percent) => {
  givenState('carfinance', change)
  render(<ProgressBar />)
  const bar = screen.getByRole('progressbar', { name: 'Application progress' })
  expect(bar).toHaveAttribute('aria-valuenow', String(percent))
  expect(bar).toHaveAttribute('aria-valuemin', '0')
  expect(bar).toHaveAttribute('aria-valuemax', '100')
  expect(bar).toHaveAttribute('aria-valuetext', `${percent}% complete`)
})

test('the bar follows the state as answers arrive', async () => {
  givenState('carfinance')
  render(<ProgressBar />)
  const bar = screen.getByRole('progressbar')
  expect(bar).toHaveAttribute('aria-valuenow', '0')
  const { update } = await import('../lib/session-store')
  const { act } = await import('@testing-library/react')
  act(() =>
    update((draft) => {
      draft.form.email = 'ann@example.com'
      draft.form.contactNumber = '07700900123'
    }),
  )
  expect(bar).toHaveAttribute('aria-valuenow', '12')
})
