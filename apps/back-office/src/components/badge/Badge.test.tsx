import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { badgeExamples } from './badge.examples'

for (const example of badgeExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('every status says itself in words, each delivery status in a different colour', () => {
  render(exampleNamed(badgeExamples, 'delivery statuses').render())
  const badges = ['Pending', 'Sending', 'Delivered', 'Failed'].map((text) => screen.getByText(text))
  expect(new Set(badges.map((badge) => badge.className)).size).toBe(4)
})

test('a partial application is labelled as a lead', () => {
  render(exampleNamed(badgeExamples, 'kinds').render())
  expect(screen.getByText('Partial (lead)')).toHaveClass('badge--orange')
  expect(screen.getByText('Submitted')).toHaveClass('badge--green')
})

test('a status the interface does not know is still shown, in grey', () => {
  render(exampleNamed(badgeExamples, 'unknown broker status').render())
  expect(screen.getByText('Odd')).toHaveClass('badge--grey')
})
