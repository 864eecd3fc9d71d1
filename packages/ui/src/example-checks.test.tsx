import { render } from '@testing-library/react'
import axe from 'axe-core'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../test-support/example-checks'

// The examples' axe tests are only worth something if axe finds problems in jsdom at all.
test('axe reports an input without a label, and the check fails on it', async () => {
  const { container } = render(<input type="text" />)
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  expect(results.violations.map((violation) => violation.id)).toContain('label')
  await expect(expectNoAxeViolations(container)).rejects.toThrow()
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

test('an example that is not there fails loudly', () => {
  expect(() => exampleNamed([], 'gone')).toThrow('No example named "gone"')
})
