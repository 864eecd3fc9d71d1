import type { KeyboardEvent } from 'react'

// Email and phone block spaces (docs/requirements.md#phone-numbers). The key is stopped so the caret stays put;
// anything else that brings a space (paste, drop, autofill) is cleaned in the change handler.

export function preventSpaceKey(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === ' ') event.preventDefault()
}

export function withoutSpaces(raw: string): string {
  return raw.replace(/\s/g, '')
}
