import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { Button, buttonClass } from './button'
import { buttonExamples } from './button.examples'

for (const example of buttonExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('each variant draws the class names both apps style', () => {
  const classes = Object.fromEntries(
    ['primary', 'secondary', 'warning', 'start', 'small', 'link'].map((name) => {
      render(
        exampleNamed(
          buttonExamples,
          name === 'start' ? 'start, as a link with the kit classes' : name,
        ).render(),
      )
      return [
        name,
        (screen.getAllByRole(name === 'start' ? 'link' : 'button').at(-1) as HTMLElement).className,
      ]
    }),
  )
  expect(classes).toEqual({
    primary: 'button',
    secondary: 'button button--secondary',
    warning: 'button button--warning',
    start: 'button button--start',
    small: 'button button--small',
    link: 'link-button',
  })
  expect(buttonClass('secondary', true)).toBe('button button--secondary button--small')
})

test('a button does not submit its form unless it says so', async () => {
  const submitted = vi.fn((event: SubmitEvent) => event.preventDefault())
  render(
    <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
      <Button>Add another</Button>
      <Button type="submit">Continue</Button>
    </form>,
  )
  const add = screen.getByRole('button', { name: 'Add another' })
  expect(add).toHaveAttribute('type', 'button')
  await userEvent.click(add)
  expect(submitted).not.toHaveBeenCalled()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(submitted).toHaveBeenCalledTimes(1)
})

test('a disabled button takes no press', async () => {
  const pressed = vi.fn()
  render(
    <Button disabled onClick={pressed}>
      Signing in…
    </Button>,
  )
  const button = screen.getByRole('button', { name: 'Signing in…' })
  expect(button).toBeDisabled()
  await userEvent.click(button)
  expect(pressed).not.toHaveBeenCalled()
})

test('the start example is a link to the first question, drawn as a button', () => {
  render(exampleNamed(buttonExamples, 'start, as a link with the kit classes').render())
  expect(screen.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '#first-question')
})
