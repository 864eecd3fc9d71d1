import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { filterTagsExamples } from './filter-tags.examples'

test('the example has no axe violations', async () => {
  const { container } = render(exampleNamed(filterTagsExamples, 'two filters').render())
  await expectNoAxeViolations(container)
})

test('each tag says it removes its filter, and removes it', async () => {
  render(exampleNamed(filterTagsExamples, 'two filters').render())
  await userEvent.click(
    screen.getByRole('button', { name: 'Remove this filter: Brand: Car Finance Direct' }),
  )
  expect(screen.queryByRole('button', { name: /Brand/ })).toBeNull()
  expect(
    screen.getByRole('button', { name: 'Remove this filter: Kind: Partial (leads)' }),
  ).toBeVisible()
})

test('Clear filters removes them all and the section goes', async () => {
  render(exampleNamed(filterTagsExamples, 'two filters').render())
  await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
  expect(screen.queryByRole('heading', { name: 'Selected filters' })).toBeNull()
})
