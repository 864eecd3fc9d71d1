import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../example-checks'
import { authenticatorSetupExamples } from './authenticator-setup.examples'
import { groupKey } from './AuthenticatorSetup'

for (const example of authenticatorSetupExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the QR code has words, and the setup key is grouped in fours', () => {
  render(exampleNamed(authenticatorSetupExamples, 'under a page heading').render())
  expect(
    screen.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
  ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+')
  expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible()
  expect(
    screen.getByRole('heading', { level: 2, name: 'If you cannot scan the code' }),
  ).toBeVisible()
})

test('under a section heading, its own heading is one level down', () => {
  render(exampleNamed(authenticatorSetupExamples, 'under a section heading').render())
  expect(
    screen.getByRole('heading', { level: 3, name: 'If you cannot scan the code' }),
  ).toBeVisible()
})

test('groupKey splits a key into fours without a trailing space', () => {
  expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP')
  expect(groupKey('ABCDEF')).toBe('ABCD EF')
})
