import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { summaryListExamples } from './summary-list.examples'

test('the example has no axe violations', async () => {
  const { container } = render(
    exampleNamed(summaryListExamples, 'answers with an address').render(),
  )
  await expectNoAxeViolations(container)
})

test('each row pairs a term with its answer, lines kept', () => {
  const { container } = render(
    exampleNamed(summaryListExamples, 'answers with an address').render(),
  )
  expect(screen.getByText('Current address').tagName).toBe('DT')
  expect(container.querySelectorAll('dd')[1]?.innerHTML).toBe(
    '<span>10 Acacia Avenue</span><span><br>Manchester</span><span><br>M1 1AE</span>',
  )
})
