import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { sliderExamples } from './slider.examples'
import { sliderPosition, unitFor } from './slider'

for (const example of sliderExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

const slider = () => screen.getByRole('slider', { name: 'How long would you like to borrow for?' })
const typed = () => screen.getByRole('textbox', { name: 'Or type the number of years' })

test('the slider has its range and step from the props', () => {
  render(exampleNamed(sliderExamples, 'default').render())
  expect(slider()).toHaveAttribute('min', '1')
  expect(slider()).toHaveAttribute('max', '7')
  expect(slider()).toHaveAttribute('step', '1')
})

test('the unit is singular at 1 and plural at 2', () => {
  render(exampleNamed(sliderExamples, 'default').render())
  fireEvent.change(slider(), { target: { value: '1' } })
  expect(screen.getByText('1 year')).toBeInTheDocument()
  expect(slider()).toHaveAttribute('aria-valuetext', '1 year')
  fireEvent.change(slider(), { target: { value: '2' } })
  expect(screen.getByText('2 years')).toBeInTheDocument()
  expect(slider()).toHaveAttribute('aria-valuetext', '2 years')
  expect(typed()).toHaveValue('2')
})

test('typing a number in the typed alternative moves the slider', async () => {
  render(exampleNamed(sliderExamples, 'default').render())
  await userEvent.clear(typed())
  await userEvent.type(typed(), '5')
  expect(slider()).toHaveValue('5')
  expect(screen.getByText('5 years')).toBeInTheDocument()
})

test('a blank typed value shows no value text and stays blank', async () => {
  render(exampleNamed(sliderExamples, 'default').render())
  await userEvent.clear(typed())
  expect(typed()).toHaveValue('')
  expect(slider()).not.toHaveAttribute('aria-valuetext')
  expect(screen.queryByText(/^\d+ years?$/)).toBeNull()
})

test('the error describes both the slider and the typed box', () => {
  render(exampleNamed(sliderExamples, 'with error').render())
  for (const input of [slider(), typed()]) {
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('term-error')
    expect(input).toHaveAttribute('aria-invalid', 'true')
  }
  // The typed value stays as typed for the message; the thumb rests at the end of the range.
  expect(typed()).toHaveValue('9')
  expect(slider()).toHaveValue('7')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(sliderExamples, 'locked').render())
  expectEveryControlDisabled(container)
})

test.each([
  { count: 1, expected: 'year' },
  { count: 0, expected: 'years' },
  { count: 2, expected: 'years' },
  { count: 1.5, expected: 'years' },
])('the unit after $count is "$expected"', ({ count, expected }) => {
  expect(unitFor(count, { one: 'year', other: 'years' })).toBe(expected)
})

test.each([
  { value: '', expected: undefined },
  { value: 'abc', expected: undefined },
  { value: '0', expected: 1 },
  { value: '4', expected: 4 },
  { value: '4.6', expected: 5 },
  { value: '30', expected: 7 },
])('the slider sits at $expected for "$value"', ({ value, expected }) => {
  expect(sliderPosition(value, { min: 1, max: 7, step: 1 })).toBe(expected)
})
