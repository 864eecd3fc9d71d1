import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { applyBrandTheme } from './apply-brand-theme'

test.each(Object.values(brands))('the $id brand sets its colours on the root element', (brand) => {
  const root = document.createElement('html')
  applyBrandTheme(brand, root)
  expect(root.style.getPropertyValue('--brand-colour')).toBe(brand.colour)
  expect(root.style.getPropertyValue('--brand-text-on-colour')).toBe(brand.textOnColour)
  expect(root.style.getPropertyValue('--focus-colour')).toBe(brand.colour)
  expect(root.dataset.brand).toBe(brand.id)
})
