import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { subNavigationExamples } from './sub-navigation.examples'

test('the example has no axe violations', async () => {
  const { container } = render(exampleNamed(subNavigationExamples, 'application parts').render())
  await expectNoAxeViolations(container)
})

test('a labelled navigation with the current part marked', () => {
  render(exampleNamed(subNavigationExamples, 'application parts').render())
  const nav = screen.getByRole('navigation', { name: 'Application' })
  const links = within(nav).getAllByRole('link')
  expect(links.map((link) => link.textContent)).toEqual([
    'Answers',
    'Timeline',
    'Deliveries',
    'Notes',
  ])
  expect(within(nav).getByRole('link', { name: 'Timeline' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  expect(within(nav).getByRole('link', { name: 'Answers' })).not.toHaveAttribute('aria-current')
})
