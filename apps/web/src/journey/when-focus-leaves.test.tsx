import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { whenFocusLeaves } from './when-focus-leaves'

function Group({ onLeave }: { onLeave: () => void }) {
  const onBlur = () => whenFocusLeaves('time', onLeave)
  return (
    <>
      <input aria-label="Years" id="time" onBlur={onBlur} />
      <input aria-label="Months" id="time-months" onBlur={onBlur} />
      <button type="button">Next</button>
    </>
  )
}

test('moving between the parts of a group does not count as leaving it', async () => {
  const onLeave = vi.fn()
  render(<Group onLeave={onLeave} />)
  await userEvent.click(screen.getByRole('textbox', { name: 'Years' }))
  await userEvent.tab()
  expect(screen.getByRole('textbox', { name: 'Months' })).toHaveFocus()
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(onLeave).not.toHaveBeenCalled()

  await userEvent.tab()
  await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1))
})
