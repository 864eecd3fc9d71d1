import { useEffect } from 'react'
import type { Brand } from '@forecourt/domain/brands/brand'
// data-early-click: a press before the app took over is acted on (early-click.ts).
import { takeEarlyClick } from '#lib/early-click'

export type LegalModal = 'terms' | 'privacy'

/** An external address when the brand has one, otherwise a button opening the in-page text. */
export function LegalLink({
  brand,
  which,
  disabled,
  onOpen,
  children,
}: {
  brand: Brand
  which: LegalModal
  disabled: boolean
  onOpen: (which: LegalModal) => void
  children: string
}) {
  const url = which === 'terms' ? brand.termsUrl : brand.privacyUrl
  // Pressed on the pre-rendered page, before the app took over: opened now (early-click.ts).
  useEffect(() => {
    if (!url && !disabled && takeEarlyClick(which) !== undefined) onOpen(which)
    // Once, as the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (url) return <a href={url}>{children}</a>
  return (
    <button
      type="button"
      className="link-button"
      aria-haspopup="dialog"
      data-early-click={which}
      disabled={disabled}
      onClick={() => onOpen(which)}
    >
      {children}
    </button>
  )
}
