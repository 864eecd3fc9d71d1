import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { timelineExamples } from './timeline.examples'

test('the example has no axe violations', async () => {
  const { container } = render(exampleNamed(timelineExamples, 'application events').render())
  await expectNoAxeViolations(container)
})

test('each entry has its title, who, and the London time with its date, in the order given', () => {
  render(exampleNamed(timelineExamples, 'application events').render())
  const items = screen.getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    'Status changed to Contactedby cath@broker.example26 November 2026 at 10:15am',
    'Delivery attempt 1 to acme-lending: HTTP 500, will retryby Forecourt26 November 2026 at 9:01am',
    'Submittedby Forecourt1 July 2026 at 1:05pm',
  ])
  expect(screen.getByText('1 July 2026 at 1:05pm')).toHaveAttribute(
    'datetime',
    '2026-07-01T12:05:00Z',
  )
})
