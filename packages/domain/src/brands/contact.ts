// Links for a brand's contact details. Loaded by every page's footer: no schema library here.

/** 'tel:' address of a UK number written for people: '0117 496 0731' → 'tel:+441174960731'. */
export function telephoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`
}
