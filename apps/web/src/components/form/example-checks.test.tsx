import { render } from '@testing-library/react'
import axe from 'axe-core'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { expectEveryControlDisabled } from './example-checks'

// The examples' axe tests are only worth something if axe finds problems in jsdom at all.
test('axe reports an input without a label', async () => {
  const { container } = render(<input type="text" />)
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  expect(results.violations.map((violation) => violation.id)).toContain('label')
})

test('the check passes a labelled input', async () => {
  const { container } = render(
    <>
      <label htmlFor="x">Name</label>
      <input id="x" type="text" />
    </>,
  )
  await expectNoAxeViolations(container)
})

test('the disabled check fails when one input is enabled', () => {
  const { container } = render(
    <>
      <input aria-label="a" disabled />
      <input aria-label="b" />
    </>,
  )
  expect(() => expectEveryControlDisabled(container)).toThrow()
})
