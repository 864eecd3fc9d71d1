import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { Modal } from './modal'

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal title="Details" open={open} onClose={() => setOpen(false)}>
        <p>Some details.</p>
      </Modal>
    </main>
  )
}

test('a modal is a dialog labelled by its heading, which takes focus', async () => {
  render(<Opener />)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await userEvent.click(screen.getByRole('button', { name: 'Open details' }))
  const dialog = screen.getByRole('dialog', { name: 'Details' })
  expect(dialog).toHaveTextContent('Some details.')
  expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toHaveFocus()
  await expectNoAxeViolations()
})

test.each([
  ['the Close button', () => userEvent.click(screen.getByRole('button', { name: 'Close' }))],
  ['Escape', () => userEvent.keyboard('{Escape}')],
])('%s closes the modal and returns focus to the opener', async (_name, close) => {
  render(<Opener />)
  const opener = screen.getByRole('button', { name: 'Open details' })
  await userEvent.click(opener)
  await close()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
})
