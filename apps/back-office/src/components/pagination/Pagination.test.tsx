import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { paginationExamples } from './pagination.examples'

for (const example of paginationExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the first page offers Next only', () => {
  render(exampleNamed(paginationExamples, 'first page').render())
  expect(screen.getByRole('button', { name: 'Next page' })).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Previous page' })).toBeNull()
  expect(screen.getByText('Page 1')).toBeVisible()
})

test('a middle page offers both; a single page shows no pagination', () => {
  const { unmount } = render(exampleNamed(paginationExamples, 'middle page').render())
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
    'Previous page',
    'Next page',
  ])
  unmount()
  const { container } = render(exampleNamed(paginationExamples, 'only page').render())
  expect(container).toBeEmptyDOMElement()
})
