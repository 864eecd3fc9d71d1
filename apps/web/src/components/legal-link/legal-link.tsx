import type { Brand } from '@forecourt/domain/brands/brand'

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
  if (url) return <a href={url}>{children}</a>
  return (
    <button
      type="button"
      className="link-button"
      aria-haspopup="dialog"
      disabled={disabled}
      onClick={() => onOpen(which)}
    >
      {children}
    </button>
  )
}
