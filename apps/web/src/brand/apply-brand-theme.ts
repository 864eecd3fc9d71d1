// The brand's colours as CSS custom properties on :root. Set through the CSSOM, which a content
// security policy without 'unsafe-inline' for styles still allows.

import type { Brand } from '@forecourt/domain/brands/brand'

export function applyBrandTheme(brand: Brand, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand-colour', brand.colour)
  root.style.setProperty('--brand-text-on-colour', brand.textOnColour)
  // The brand colour passes 4.5:1 on white (brand-check), so as an outline it is a visible focus
  // indicator on the white page (3:1 is the bar for non-text contrast).
  root.style.setProperty('--focus-colour', brand.colour)
  root.dataset.brand = brand.id
}
