import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * Fails with a readable list when axe finds a violation in `element`. Colour contrast is left to
 * the browser tests: jsdom has no layout, so axe cannot compute it here.
 */
export async function expectNoAxeViolations(element: Element = document.body): Promise<void> {
  const { violations } = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false } },
  })
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}
