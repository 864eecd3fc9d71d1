import axe from 'axe-core'
import { expect } from 'vitest'
import type { Example } from '../src/examples'

/**
 * Fails with a readable list when axe finds a violation in `container`. Colour contrast is left to the
 * browser tests: jsdom has no layout, so axe cannot compute it here.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/** The example of that name; a test fails loudly if an example it relies on is renamed. */
export function exampleNamed(examples: readonly Example[], name: string): Example {
  const example = examples.find((candidate) => candidate.name === name)
  if (!example) throw new Error(`No example named "${name}"`)
  return example
}
