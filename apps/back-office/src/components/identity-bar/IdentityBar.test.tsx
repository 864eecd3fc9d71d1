import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { identityBarExamples } from './identity-bar.examples'

test('the example has no axe violations', async () => {
  const { container } = render(
    exampleNamed(identityBarExamples, 'application with actions').render(),
  )
  await expectNoAxeViolations(container)
})

test('the bar is a labelled region with the name as heading, the facts and the actions', () => {
  render(exampleNamed(identityBarExamples, 'application with actions').render())
  const bar = screen.getByRole('region', { name: 'Whose application this is' })
  expect(within(bar).getByRole('heading', { level: 1 })).toHaveTextContent('Jane Smith')
  expect(
    within(bar)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Reference: FC-NN07-T1T4', 'Brand: Car Finance Direct', 'Status: New'])
  expect(within(bar).getByRole('link', { name: 'Erase personal data' })).toBeVisible()
})
