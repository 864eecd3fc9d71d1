import { expect } from 'vitest'
import type { Example } from './examples'

// Checks shared by the controls' tests, which loop over each control's named examples (axe runs
// through the web tests' one check, testing/axe.ts).

/** The lock-down flag must reach every input, select and button in the example. */
export function expectEveryControlDisabled(container: Element): void {
  const controls = [...container.querySelectorAll('input, select, textarea, button')]
  expect(controls.length).toBeGreaterThan(0)
  for (const control of controls) expect(control).toBeDisabled()
}

/** The example of that name; a test fails loudly if an example it relies on is renamed. */
export function exampleNamed(examples: Example[], name: string): Example {
  const example = examples.find((candidate) => candidate.name === name)
  if (!example) throw new Error(`No example named "${name}"`)
  return example
}
